import { z } from 'zod';
import { usernameIssue } from '../../telephony/credentials.js';
import { accountCredentials, activeAccount } from '../accounts/credentials-access.js';
import { startLinkConversation } from '../accounts/linking.js';
import { commandText, defineCommand } from '../command-spec.js';
import { asksInForm } from '../delivery/capabilities.js';
import { UserFacingError } from '../delivery/error-replies.js';
import type { Messages } from '../messages.js';
import { noArgs, usernameFix } from '../values/args.js';

const label = (t: Messages) => z.string().regex(/^[\w.@-]{1,40}$/, t.vLabel);

function linkCommand(clock: () => Date) {
  return defineCommand({
    name: 'link',
    helpGroup: 'linking',
    args: ({ t }) =>
      z
        .array(z.string())
        .transform((tokens, ctx) => {
          const kind = tokens[0]?.toLowerCase() === 'card' ? ('card' as const) : ('account' as const);
          const rest = kind === 'card' ? tokens.slice(1) : tokens;
          // Anything after the username can only be a password typed where it should not be.
          if (rest.length > 1) {
            ctx.addIssue({
              code: 'custom',
              message: t.vLinkPassword,
            });
            return z.NEVER;
          }
          return { kind, username: rest[0] };
        })
        .superRefine((a, ctx) => {
          // The username goes into an HTTP header (spec 5): `dım` or a control character cannot (docs/reliability.md §4.1).
          const issue = a.username === undefined ? undefined : usernameIssue(a.username);
          if (issue) ctx.addIssue({ code: 'custom', message: usernameFix(t, issue) });
        }),
    ...commandText('link'),
    roles: ['holder'],
    privateOnly: true,
    // A word after the username (after `card` and the username) can only be a password.
    secretArgs: (tokens) => tokens.length > (tokens[0]?.toLowerCase() === 'card' ? 2 : 1),
    output: 'personal',
    needs: 'none',
    // Where a channel has forms, `link` and `link card` open the credentials form; anything more is a password.
    form: { kind: 'credentials', options: ['card'], refuseMore: true },
    async handler(ctx) {
      // A password typed as a message would stay where the channel cannot delete it: its form asks.
      if (asksInForm(ctx.can))
        return {
          text: ctx.t.linkUseForm,
          asksSecret: ctx.args.kind === 'card' ? 'link-card' : 'link-account',
        };
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
  });
}

function cancelCommand() {
  return defineCommand({
    name: 'cancel',
    args: ({ t }) => noArgs(t, 'cancel'),
    ...commandText('cancel'),
    roles: ['holder'],
    output: 'personal',
    needs: 'none',
    hidden: true,
    // The confirmation still waiting for Confirm is used up: its Confirm then says expired.
    async handler(ctx) {
      const { liveConfirm } = await ctx.stores.settings.user(ctx.identityKey);
      if (!liveConfirm) return { text: ctx.t.cancelNothing };
      await ctx.stores.settings.updateUser(ctx.identityKey, { liveConfirm: undefined });
      const taken = await ctx.stores.pending.take(liveConfirm);
      const live = taken && Date.parse(taken.expiresAt) > ctx.now.getTime();
      return { text: live ? ctx.t.confirmCancelled : ctx.t.cancelNothing };
    },
  });
}

function unlinkCommand() {
  return defineCommand({
    name: 'unlink',
    helpGroup: 'linking',
    args: ({ t }) => z.array(label(t)).max(1, t.vOneLabel),
    ...commandText('unlink'),
    roles: ['holder'],
    output: 'personal',
    changesState: true,
    needs: 'none',
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
  });
}

function accountsCommand() {
  return defineCommand({
    name: 'accounts',
    helpGroup: 'linking',
    homeScreen: { tokens: [] },
    args: ({ t }) => noArgs(t, 'accounts'),
    ...commandText('accounts'),
    roles: ['holder'],
    output: 'personal',
    needs: 'none',
    async handler(ctx) {
      const { t } = ctx;
      const record = await ctx.stores.credentials.get(ctx.identityKey);
      if (!record?.credentials.length) return { text: t.accountsNone };
      const active = activeAccount(record)?.label;
      return {
        title: t.accountsTitle,
        table: {
          columns: [t.colLabel, t.colKind, t.fieldUsername, ''],
          rows: record.credentials.map((c) => [
            c.label,
            t.kinds[c.kind],
            c.username,
            c.label === active && c.kind === 'account' ? t.accountsActive : '',
          ]),
        },
      };
    },
  });
}

function useCommand() {
  return defineCommand({
    name: 'use',
    helpGroup: 'linking',
    args: ({ t }) => z.array(label(t)).length(1, t.vUseLabel),
    ...commandText('use'),
    roles: ['holder'],
    output: 'personal',
    needs: 'none',
    async handler(ctx) {
      const { t } = ctx;
      const wanted = ctx.args[0]!;
      const record = await ctx.stores.credentials.get(ctx.identityKey);
      const named = record?.credentials.find((c) => c.label === wanted);
      // A card login is listed by /accounts too: named, it is explained, not called unknown.
      if (record && named?.kind === 'card') {
        const accounts = accountCredentials(record).map((c) => c.label);
        throw new UserFacingError(t.useCard(wanted, accounts.join(', ') || t.accountsNone));
      }
      if (!record || named?.kind !== 'account') throw new UserFacingError(t.useUnknown(wanted));
      await ctx.stores.credentials.set(ctx.identityKey, { ...record, active: wanted });
      return { text: t.useDone(wanted), tone: 'success' };
    },
  });
}

/** `/link`, `/unlink`, `/accounts`, `/use`, `/cancel`: several accounts per chat user, one active. */
export function linkCommands(clock: () => Date) {
  return [linkCommand(clock), cancelCommand(), unlinkCommand(), accountsCommand(), useCommand()];
}
