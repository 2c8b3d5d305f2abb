import { z } from 'zod';
import { type CalendarDate, fromDate, toIsoDate } from '../../telephony/dates.js';
import type { ArgsEnv } from '../args.js';
import { commandText, defineCommand } from '../command-spec.js';
import type { Formatter } from '../format.js';
import type { Messages } from '../messages.js';
import { parseNaturalDate } from '../natural-date.js';
import type { Reply } from '../reply.js';
import type { AccountClient } from '../services.js';
import { renderSpendChart } from '../spend/spend-chart.js';
import { spendData } from '../spend/spend-data.js';

/** Most records one chart reads (the provider's `show` limit, spec 4.9). */
const MAX_RECORDS = 1000;

/** `7d`, `30d`, `12w`, `3m`: how far back; a year at most. */
function periodArgs({ t, now }: ArgsEnv) {
  return z
    .array(z.string())
    .max(1, t.spendOnePeriod)
    .transform((tokens, ctx): { from: CalendarDate; to: CalendarDate } => {
      const token = (tokens[0] ?? '30d').toLowerCase();
      const from = /^\d{1,3}[dwm]$/.test(token) ? parseNaturalDate(token, now()) : undefined;
      const days = from ? (now().getTime() - Date.UTC(from.year, from.month - 1, from.day)) / 86_400_000 : 0;
      if (!from || days > 366) {
        ctx.addIssue({
          code: 'custom',
          message: 'give a period such as 7d, 30d, 12w or 3m (at most a year)',
        });
        return z.NEVER;
      }
      return { from, to: fromDate(now()) };
    });
}

/** The spend chart reply of a period: the PNG with the total as its caption (issue 15 §3). */
export async function spendReply(
  account: AccountClient,
  period: { from: CalendarDate; to: CalendarDate },
  t: Messages,
  fmt: Formatter,
  /** The account's currency, for a period with no records (whose answer names none). */
  currency = '',
): Promise<{ reply: Reply; total: string; calls: number }> {
  const res = await account.client.cdrs({ from: period.from, to: period.to, show: MAX_RECORDS });
  const [from, to] = [toIsoDate(period.from), toIsoDate(period.to)];
  const data = spendData(res.records, period.from, period.to, res.account?.currency || currency);
  const total = fmt.money(data.total);
  if (data.calls === 0)
    return { reply: { text: t.spendNone(from, to), visibility: 'personal' }, total, calls: 0 };
  const png = await renderSpendChart(data, {
    title: t.spendTitle(from, to),
    perDay: t.spendPerDay,
    topDestinations: t.spendTopDestinations,
    money: (minor) => fmt.money({ minor, scale: data.scale, currency: data.currency }),
  });
  return {
    reply: {
      text: t.spendCaption(total, data.calls, from, to),
      file: { name: `spend-${from}-${to}.png`, mimeType: 'image/png', content: png },
      visibility: 'personal',
    },
    total,
    calls: data.calls,
  };
}

export function spendCommands() {
  return [
    defineCommand({
      name: 'spend',
      aliases: ['chart'],
      args: periodArgs,
      ...commandText('spend'),
      roles: ['holder', 'agent'],
      output: 'personal',
      needs: 'account',
      async handler(ctx) {
        return (await spendReply(await ctx.account(), ctx.args, ctx.t, ctx.fmt)).reply;
      },
    }),
  ];
}
