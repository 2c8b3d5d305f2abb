import { z } from 'zod';
import { commandText, defineCommand } from '../command-spec.js';
import { digestWeek } from '../proactive/digest-job.js';
import { subscriptionOf } from './alert.js';

/** `/digest weekly|off`: last week's spend, the chart and the balance, every Monday (docs/proactive.md §3.2). */
export function digestCommands() {
  return [
    defineCommand({
      name: 'digest',
      args: ({ t }) =>
        z
          .array(z.string())
          .max(1, t.digestFix)
          .refine((a) => a.length === 0 || /^(weekly|off)$/i.test(a[0]!), t.digestFix),
      ...commandText('digest'),
      roles: ['holder', 'agent'],
      output: 'personal',
      needs: 'account',
      async handler(ctx) {
        const { t } = ctx;
        const base = await subscriptionOf(ctx);
        const store = ctx.stores.proactive.digests;
        const choice = ctx.args[0]?.toLowerCase();
        if (!choice) return { text: t.digestShow((await store.get(base.id)) !== undefined) };
        if (choice === 'off') {
          await store.update(base.id, () => undefined);
          return { text: t.digestOff, tone: 'success' };
        }
        // The first digest comes with next week (of the user's zone): this week counts as done.
        const { week } = digestWeek(ctx.now, ctx.fmt.timeZone);
        await store.update(base.id, (cur) => ({ ...base, lastWeek: cur?.lastWeek ?? week }));
        return { text: t.digestOn, tone: 'success' };
      },
    }),
  ];
}
