import { z } from 'zod';
import { type CalendarDate, toIsoDate } from '../../telephony/dates.js';
import type { AccountClient } from '../accounts/services.js';
import { commandText, defineCommand } from '../command-spec.js';
import type { Messages } from '../messages.js';
import type { Reply } from '../reply.js';
import { renderSpendChart } from '../spend/spend-chart.js';
import { spendData } from '../spend/spend-data.js';
import type { ArgsEnv } from '../values/args.js';
import type { Formatter } from '../values/format.js';
import { parseNaturalDate, todayIn } from '../values/natural-date.js';
import { keepDays, PERIOD_READ_LIMIT, widenDays } from '../values/zone-days.js';

/** `7d`, `30d`, `12w`, `3m`: how far back, in days of the user's zone; a year at most. */
function periodArgs({ t, now, timeZone }: ArgsEnv) {
  return z
    .array(z.string())
    .max(1, t.spendOnePeriod)
    .transform((tokens, ctx): SpendPeriod => {
      const token = (tokens[0] ?? '30d').toLowerCase();
      const to = todayIn(now(), timeZone);
      const from = /^\d{1,3}[dwm]$/.test(token) ? parseNaturalDate(token, now(), timeZone) : undefined;
      const days = from ? (dayMs(to) - dayMs(from)) / 86_400_000 : 0;
      if (!from || days > 366) {
        ctx.addIssue({ code: 'custom', message: t.spendPeriodFix });
        return z.NEVER;
      }
      return { from, to };
    });
}

const dayMs = (d: CalendarDate) => Date.UTC(d.year, d.month - 1, d.day);

/** Whole days of the user's zone, both ends included. */
export interface SpendPeriod {
  from: CalendarDate;
  to: CalendarDate;
}

/**
 * The spend chart reply of a period: the PNG with the total as its caption (issue 15 §3). Records
 * count on their day in the user's zone; dates are in the user's format, the chart's included.
 */
export async function spendReply(
  account: AccountClient,
  period: SpendPeriod,
  t: Messages,
  fmt: Formatter,
  options: {
    /** The account's currency, for a period with no records (whose answer names none). */
    currency?: string;
    /** The chart's title; default "Spend <from> – <to>". */
    title?: string;
  } = {},
): Promise<{ reply: Reply; total: string; calls: number }> {
  const zone = fmt.timeZone;
  const res = await account.client.cdrs({
    ...widenDays(period.from, period.to, zone),
    show: PERIOD_READ_LIMIT,
  });
  const records = keepDays(res.records, period.from, period.to, zone);
  const [from, to] = [fmt.calendarDate(period.from), fmt.calendarDate(period.to)];
  const currency = res.account?.currency || options.currency || '';
  const data = spendData(records, period, currency, zone);
  const total = fmt.money(data.total);
  if (data.calls === 0)
    return { reply: { text: t.spendNone(from, to), visibility: 'personal' }, total, calls: 0 };
  const shortDay = new Intl.DateTimeFormat(fmt.locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const png = await renderSpendChart(data, {
    title: options.title ?? t.spendTitle(from, to),
    perDay: t.spendPerDay,
    topDestinations: t.spendTopDestinations,
    money: (minor) => fmt.money({ minor, scale: data.scale, currency: data.currency }),
    day: (iso) => shortDay.format(new Date(`${iso}T12:00:00Z`)),
  });
  // A period holding more calls than one read returns is summed as "at least" (zone-days.ts).
  const capped = res.records.length >= PERIOD_READ_LIMIT ? `\n${t.spendCapped(PERIOD_READ_LIMIT)}` : '';
  return {
    reply: {
      text: `${t.spendCaption(total, data.calls, from, to)}${capped}`,
      file: {
        name: `spend-${toIsoDate(period.from)}-${toIsoDate(period.to)}.png`,
        mimeType: 'image/png',
        content: png,
      },
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
