import { z } from 'zod';
import { usernameProblem } from '../../telephony/credentials.js';
import { defineCommand } from '../command-spec.js';
import { activeAccount } from '../credentials-access.js';
import { UserFacingError } from '../error-replies.js';
import { startLinkConversation } from '../linking.js';

const label = z.string().regex(/^[\w.@-]{1,40}$/, 'an account label is one word, e.g. work');

/** `/link`, `/unlink`, `/accounts`, `/use`, `/cancel`: several accounts per chat user, one active. */
export function linkCommands(clock: () => Date) {
  return [
    defineCommand({
      name: 'link',
      args: z
        .array(z.string())
        .transform((tokens, ctx) => {
          const kind = tokens[0]?.toLowerCase() === 'card' ? ('card' as const) : ('account' as const);
          const rest = kind === 'card' ? tokens.slice(1) : tokens;
          // Anything after the username can only be a password typed where it should not be.
          if (rest.length > 1) {
            ctx.addIssue({
              code: 'custom',
              message: 'never type the password in the command; send /link and I ask for it',
            });
            return z.NEVER;
          }
          return { kind, username: rest[0] };
        })
        .superRefine((a, ctx) => {
          // The username goes into an HTTP header (spec 5): `dım` or a control character cannot (issue 10).
          const problem = a.username === undefined ? undefined : usernameProblem(a.username);
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        }),
      summary: () => 'Link your telephony account (or with "card", the PIN-creation account)',
      usage: '/link [card] [username]',
      example: '/link',
      roles: ['holder'],
      privateOnly: true,
      secretArgs: true,
      needs: 'none',
      async handler(ctx) {
        return startLinkConversation(
          ctx.stores,
          clock,
          ctx.identityKey,
          ctx.args.kind,
          ctx.args.username,
          undefined,
          ctx.t,
        );
      },
    }),
    defineCommand({
      name: 'cancel',
      args: z.array(z.string()).max(0, '/cancel takes no arguments'),
      summary: () => 'Stop a linking conversation',
      usage: '/cancel',
      example: '/cancel',
      roles: ['holder'],
      needs: 'none',
      hidden: true,
      handler: async (ctx) => ({ text: ctx.t.cancelNothing }),
    }),
    defineCommand({
      name: 'unlink',
      args: z.array(label).max(1, 'give one account label, see /accounts'),
      summary: () => 'Forget a linked account (the active one if none is named)',
      usage: '/unlink [label]',
      example: '/unlink work',
      roles: ['holder'],
      needs: 'none',
      changesState: true,
      async handler(ctx) {
        const { t } = ctx;
        const record = await ctx.stores.credentials.get(ctx.identityKey);
        const target = ctx.args[0] ?? activeAccount(record)?.label;
        const found = record?.credentials.find((c) => c.label === target);
        if (!record || !found || !target)
          throw new UserFacingError(target ? t.unlinkUnknown(target) : t.accountsNone);
        const credentials = record.credentials.filter((c) => c !== found);
        if (credentials.length === 0) await ctx.stores.credentials.delete(ctx.identityKey);
        else {
          const active =
            record.active === target ? credentials.find((c) => c.kind === 'account')?.label : record.active;
          await ctx.stores.credentials.set(ctx.identityKey, { credentials, active });
        }
        await ctx.audit({ command: 'unlink', account: found.username, outcome: 'ok' });
        return { text: t.unlinked(target), tone: 'success' };
      },
    }),
    defineCommand({
      name: 'accounts',
      args: z.array(z.string()).max(0, '/accounts takes no arguments'),
      summary: () => 'List your linked accounts',
      usage: '/accounts',
      example: '/accounts',
      roles: ['holder'],
      needs: 'none',
      async handler(ctx) {
        const { t } = ctx;
        const record = await ctx.stores.credentials.get(ctx.identityKey);
        if (!record?.credentials.length) return { text: t.accountsNone };
        const active = activeAccount(record)?.label;
        return {
          title: t.accountsTitle,
          table: {
            columns: ['Label', 'Kind', t.fieldUsername, ''],
            rows: record.credentials.map((c) => [
              c.label,
              c.kind,
              c.username,
              c.label === active && c.kind === 'account' ? t.accountsActive : '',
            ]),
          },
        };
      },
    }),
    defineCommand({
      name: 'use',
      args: z.array(label).length(1, 'give the label of the account to use, see /accounts'),
      summary: () => 'Switch the active account',
      usage: '/use <label>',
      example: '/use work',
      roles: ['holder'],
      needs: 'none',
      async handler(ctx) {
        const { t } = ctx;
        const wanted = ctx.args[0]!;
        const record = await ctx.stores.credentials.get(ctx.identityKey);
        if (!record?.credentials.some((c) => c.kind === 'account' && c.label === wanted))
          throw new UserFacingError(t.useUnknown(wanted));
        await ctx.stores.credentials.set(ctx.identityKey, { ...record, active: wanted });
        return { text: t.useDone(wanted), tone: 'success' };
      },
    }),
  ];
}
