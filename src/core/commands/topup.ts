import { commandText, defineCommand } from '../command-spec.js';
import { audited } from '../guard/audited.js';
import { pinArg, positional } from '../values/args.js';
import { rearmAfterTopUp } from './alert.js';

/** `/topup <PIN>`: spec 4.6, confirmed first, never retried, then the balance read again (D5). */
export function topupCommands() {
  return [
    defineCommand({
      name: 'topup',
      helpGroup: 'account',
      runButton: 'run',
      aliases: ['recharge'],
      args: ({ t }) => positional(t, [t.arg.pin], [pinArg(t)]),
      ...commandText('topup'),
      roles: ['holder', 'agent'],
      privateOnly: true,
      // The PIN works for whoever enters it first.
      secretArgs: (tokens) => tokens.length > 0,
      output: 'personal',
      changesState: true,
      ask: 'pin',
      // Without a PIN, a channel with forms asks for it in one (a Slack modal), never in a message.
      form: { kind: 'pin' },
      needs: 'account',
      confirm: (ctx) => ctx.t.topupConfirm,
      async handler(ctx) {
        const { t, fmt } = ctx;
        const { client, username } = await ctx.account();
        await audited(ctx, { command: 'topup', account: username, check: '/balance' }, () =>
          client.topup({ pin: ctx.args[0]! }),
        );
        // D5: the success body is not specified; read the balance again rather than trusting it.
        const fresh = await client.onlinecallthrough().catch(() => undefined);
        // Applied: the user must hear so even if the store fails now (a Redis outage), or they would
        // top up again; a re-arm missed here happens at the next sweep above the margin.
        await rearmAfterTopUp(ctx).catch(() => undefined);
        return {
          text: t.topupDone,
          fields: fresh
            ? [
                {
                  label: t.topupNewBalance,
                  value: fmt.money(fresh.account.balance),
                  money: fresh.account.balance,
                },
              ]
            : undefined,
          tone: 'success',
          visibility: 'personal',
        };
      },
    }),
  ];
}
