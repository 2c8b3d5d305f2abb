import { z } from 'zod';
import type { CalendarDate } from '../../telephony/dates.js';
import { commandText, defineCommand } from '../command-spec.js';
import { type SpendPeriod, spendReply } from '../spend/spend-reply.js';
import type { ArgsEnv } from '../values/args.js';
import { parseNaturalDate, todayIn } from '../values/natural-date.js';

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
