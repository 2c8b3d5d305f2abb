import { z } from 'zod';
import type { Money } from '../../telephony/money.js';
import type { PhoneNumber } from '../../telephony/phone.js';
import type { Card } from '../../telephony/wire.js';
import type { CommandContext } from '../command-spec.js';
import { parseGuardAmount } from '../guard/amounts.js';
import type { Messages } from '../messages.js';
import type { CardCap } from '../ports/guard.js';
import type { Reply } from '../reply.js';
import { subscriptionOwner, subscriptionTarget } from './alert.js';

/** `limit <number> [amount|off]`: no amount shows the cap. */
export function cardCapArgs(
  t: Messages,
  cli: PhoneNumber,
  token: string | undefined,
  ctx: z.RefinementCtx,
): { sub: 'limit'; cli: PhoneNumber; cap?: Money | 'off' } {
  if (token === undefined) return { sub: 'limit', cli };
  if (/^(off|none|aus)$/i.test(token)) return { sub: 'limit', cli, cap: 'off' };
  const cap = parseGuardAmount(token, 2);
  if (!cap) {
    ctx.addIssue({ code: 'custom', message: t.cardCapFix });
    return z.NEVER;
  }
  return { sub: 'limit', cli, cap };
}

/** A cap belongs to whoever owns the card credentials here: the asker, or the support channel. */
const capId = (ctx: CommandContext<unknown>, cli: string) => `${subscriptionOwner(ctx)}|${cli}`;

/**
 * `/card limit <number> <amount>` (docs/money-guard.md §1, §2): watch a prepaid card's spend, the sum of
 * every fall of its amount from now on (a reload is not spend), and block it once it spends more than
 * the cap. The sweep (proactive/card-cap-sweep.ts) does the watching.
 */
export async function cardLimit(
  ctx: CommandContext<unknown>,
  a: { cli: PhoneNumber; cap?: Money | 'off' },
): Promise<Reply> {
  const { t, fmt } = ctx;
  const cli = a.cli.digits;
  const id = capId(ctx, cli);
  const store = ctx.stores.guard.cardCaps;
  if (a.cap === undefined) {
    const cap = await store.get(id);
    if (!cap) return { text: t.cardCapNone(cli), visibility: 'personal' };
    const text = t.cardCapShow(
      cli,
      fmt.money(cap.spent),
      fmt.money(cap.cap),
      fmt.dateTime(new Date(cap.since)),
    );
    return { text, visibility: 'personal' };
  }
  if (a.cap === 'off') {
    let was: CardCap | undefined;
    await store.update(id, (cur) => {
      was = cur;
      return undefined;
    });
    return { text: told(t, cli, t.cardCapOff(cli), was), tone: 'success', visibility: 'personal' };
  }
  return setCap(ctx, a.cli, a.cap);
}

/** Starts watching: the card's amount now is where the count begins. */
async function setCap(ctx: CommandContext<unknown>, number: PhoneNumber, typed: Money): Promise<Reply> {
  const { t, fmt } = ctx;
  const cli = number.digits;
  const { client, username } = await ctx.card();
  const card = await client.show({ cli: number });
  const currency = card.amount.currency;
  const cap: Money = { ...typed, currency };
  // A team card's cap tells its support channel (the outbox keeps personal words out of it
  // unless the channel allows them); a holder's cap tells the holder privately.
  const record: CardCap = {
    id: capId(ctx, cli),
    ...subscriptionTarget(ctx),
    username,
    label: username,
    locale: ctx.fmt.locale,
    cli,
    cap,
    spent: { minor: 0, scale: card.amount.scale, currency },
    lastAmount: card.amount,
    since: ctx.now.toISOString(),
  };
  // Whole, as one write: the sweep that read the cap before writes nothing onto this one
  // (docs/reliability.md §8); a block it claimed before is told here.
  let was: CardCap | undefined;
  await ctx.stores.guard.cardCaps.update(record.id, (cur) => {
    was = cur;
    return record;
  });
  await ctx.audit({
    command: 'card limit',
    account: username,
    target: cli,
    outcome: 'ok',
    detail: fmt.money(cap),
  });
  return {
    text: told(t, cli, t.cardCapSet(cli, fmt.money(cap), fmt.money(card.amount)), was),
    tone: 'success',
    visibility: 'personal',
  };
}

/**
 * The sweep claims a block on the cap it read before sending it (docs/reliability.md §8.2): a
 * change made after that claim cannot stop it, so the person is told.
 */
function told(t: Messages, cli: string, text: string, was: CardCap | undefined): string {
  return was?.blockedAt ? `${text}\n${t.cardCapBlockClaimed(cli)}` : text;
}

/** A confirmed unblock starts the cap's count again from the card's amount now. */
export async function cardUnblocked(ctx: CommandContext<unknown>, card: Card): Promise<void> {
  await ctx.stores.guard.cardCaps.update(capId(ctx, card.cli), (cap) => {
    if (!cap?.blockedAt) return cap;
    const { blockedAt: _b, ...rest } = cap;
    return {
      ...rest,
      spent: { ...cap.spent, minor: 0 },
      lastAmount: card.amount,
      since: ctx.now.toISOString(),
    };
  });
}
