import { alertArgs, compareMoney } from '../alerts/threshold.js';
import type { CommandContext } from '../command-spec.js';
import { commandText, defineCommand } from '../command-spec.js';
import type { NotifyDestination } from '../ports/notify.js';
import type { SubscriptionBase } from '../ports/proactive.js';

/** Who a subscription, limit or card cap belongs to: the holder, or in a support channel the team (docs/proactive.md §1.1). */
export function subscriptionOwner(
  ctx: Pick<CommandContext<unknown>, 'role' | 'chatKey' | 'identityKey'>,
): string {
  return ctx.role === 'agent' ? ctx.chatKey : ctx.identityKey;
}

/** The id of `username`'s subscription (or spend limit) for this owner. */
export function subscriptionId(
  ctx: Pick<CommandContext<unknown>, 'role' | 'chatKey' | 'identityKey'>,
  username: string,
): string {
  return `${subscriptionOwner(ctx)}|${username}`;
}

/**
 * Who a subscription belongs to and where it speaks: a holder's alerts go to their private chat; in a
 * support channel an agent subscribes the team account, and it goes to that channel (docs/proactive.md §1.1).
 */
export function subscriptionTarget(ctx: CommandContext<unknown>) {
  const { platform, tenant, user } = ctx.identity;
  const destination: NotifyDestination =
    ctx.role === 'agent'
      ? { platform, tenant, kind: 'chat', chatId: ctx.chat.id }
      : { platform, tenant, kind: 'user', user };
  return { owner: subscriptionOwner(ctx), destination, setBy: { platform, tenant, user } };
}

export async function subscriptionOf(
  ctx: CommandContext<unknown>,
): Promise<Omit<SubscriptionBase, 'paused'>> {
  const { username, label } = await ctx.account();
  return {
    id: subscriptionId(ctx, username),
    ...subscriptionTarget(ctx),
    username,
    label,
    locale: ctx.fmt.locale,
    ...(ctx.fmt.timeZoneKnown ? { timeZone: ctx.fmt.timeZone } : {}),
  };
}

/** A top-up re-arms the account's alert (docs/proactive.md §1.2), whatever the balance is now. */
export async function rearmAfterTopUp(ctx: CommandContext<unknown>): Promise<void> {
  const { id } = await subscriptionOf(ctx);
  await ctx.stores.proactive.alerts.update(id, (sub) => (sub && !sub.armed ? { ...sub, armed: true } : sub));
}

/** `/alert [amount|off]`: the low-balance alert of the active account (docs/proactive.md §1.1). */
export function alertCommands() {
  return [
    defineCommand({
      name: 'alert',
      runButton: 'amount',
      aliases: ['lowbalance'],
      args: ({ t }) => alertArgs(t.alertFix),
      ...commandText('alert'),
      roles: ['holder', 'agent'],
      output: 'personal',
      needs: 'account',
      async handler(ctx) {
        const { t, fmt } = ctx;
        const base = await subscriptionOf(ctx);
        const store = ctx.stores.proactive.alerts;
        const existing = await store.get(base.id);
        const args = ctx.args;
        if (args.kind === 'show') {
          if (!existing) return { text: t.alertNone, visibility: 'personal' };
          const text = existing.paused
            ? t.alertPaused(existing.paused.reason)
            : t.alertShow(fmt.money(existing.threshold), existing.armed);
          return { text, visibility: 'personal' };
        }
        if (args.kind === 'off') {
          let removed = false;
          await store.update(base.id, (cur) => {
            removed = cur !== undefined;
            return undefined;
          });
          return { text: removed ? t.alertOff : t.alertOffNone, tone: 'success' };
        }
        const { client } = await ctx.account();
        const { account } = await client.onlinecallthrough();
        const currency = account.balance.currency;
        if (args.amount.currency && currency && args.amount.currency !== currency)
          return { text: t.alertCurrencyMismatch(args.amount.currency, currency), tone: 'error' };
        const threshold = { ...args.amount, currency: currency || args.amount.currency };
        // Already below: no alert now, the next crossing alerts (it re-arms above the threshold).
        const below = compareMoney(account.balance, threshold) < 0;
        // A new setting (the store stamps a new rev): a sweep that read the old one no longer
        // writes over it (docs/reliability.md §8).
        await store.update(base.id, (cur) => ({
          ...base,
          threshold,
          armed: !below,
          generation: cur?.generation ?? 0,
        }));
        const [th, bal] = [fmt.money(threshold), fmt.money(account.balance)];
        const text = below ? t.alertSetAlreadyBelow(th, bal) : t.alertSet(th, bal);
        return {
          text: ctx.role === 'agent' ? `${text}\n${t.alertSetInChannel}` : text,
          tone: 'success',
          visibility: 'personal',
        };
      },
    }),
  ];
}
