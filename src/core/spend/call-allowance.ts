import { randomBytes } from 'node:crypto';
import type { Money } from '../../telephony/money.js';
import type { PhoneNumber } from '../../telephony/phone.js';
import type { CdrRecord } from '../../telephony/wire.js';
import type { AccountClient } from '../accounts/services.js';
import type { CommandContext } from '../command-spec.js';
import { subscriptionId, subscriptionOwner } from '../commands/alert.js';
import { periodSpend } from '../guard/spend-period.js';
import type { CallReservation, ReservationBook } from '../ports/reservations.js';
import { fits, MATCH_TOLERANCE, recordDigits } from '../proactive/call-match.js';
import type { Reply } from '../reply.js';

/** The documented bound of one call the bot starts: the provider's own (D10: a call ends after 60 minutes). */
export const CALL_BOUND_MINUTES = 60;
/** A reservation outlives its allowed time by this much, for the call's record to appear (docs/money-guard.md §1.5). */
export const RECORD_GRACE_MS = 5 * 60_000;
/** The cut-off job runs every 15 s and a hang-up takes a moment: it is due this long before the allowed time ends. */
export const CUT_MARGIN_MS = 30_000;

/** What a `/call` may spend: no limit to hold, a refusal, or a reservation of `minutes`. */
export type Allowance =
  | { kind: 'free' }
  | { kind: 'refused'; reply: Reply }
  | { kind: 'reserved'; account: string; id: string; minutes: number; note: string };

type Ctx = Pick<
  CommandContext<unknown>,
  'stores' | 't' | 'fmt' | 'now' | 'clock' | 'role' | 'chatKey' | 'identityKey'
>;

/**
 * Reserves what a `/call` to `b` may spend (docs/money-guard.md §1.5), right before it is sent: per period with a
 * limit, what is left = limit − the records' spend − the reservations of calls whose record is not
 * in yet; `allowed = min(60 minutes, left ÷ rate(B))`, and less than one minute is a refusal. The
 * reads happen first, the arithmetic and the new reservation in one step under the account's
 * lock, so concurrent `/call`s (any instance) each see the others' reservations.
 */
export async function reserveCall(
  ctx: Ctx,
  account: Pick<AccountClient, 'client' | 'username'>,
  b: PhoneNumber,
): Promise<Allowance> {
  const limit = await ctx.stores.guard.limits.get(subscriptionId(ctx, account.username));
  const periods = (['daily', 'monthly'] as const).filter((p) => limit?.[p] !== undefined);
  if (!limit || periods.length === 0) return { kind: 'free' };
  const [reads, rates] = await Promise.all([
    Promise.all(
      periods.map(async (p) => ({
        period: p,
        max: limit[p]!,
        ...(await periodSpend(account, p, ctx.now, limit.timeZone, limit[p]!.currency)),
      })),
    ),
    account.client.rates({ numbers: [b] }),
  ]);
  const rate = rates.rates[0]?.price;
  const refuse = (text: string): Allowance => ({
    kind: 'refused',
    reply: { text, tone: 'error', visibility: 'personal' },
  });
  if (!rate) return refuse(ctx.t.callNoRate(b.digits));
  const skewMs = Number.isFinite(account.client.clockSkewMs) ? account.client.clockSkewMs : 0;
  const now = ctx.clock();
  let outcome: Allowance | undefined;
  await ctx.stores.reservations.update(account.username, (book) => {
    const live = book.entries.filter((e) => Date.parse(e.expiresAt) > now.getTime());
    let minutes = CALL_BOUND_MINUTES;
    let tightest: { kind: string; left: Money } | undefined;
    for (const read of reads) {
      // A reservation whose record is in this read is that record now: counted once, as the record.
      const held = live.filter((e) => e.periods.includes(read.key) && !recordIn(e, read.records, skewMs));
      const left = minus(read.max, [read.spent, ...held.map((e) => e.amount)]);
      const m = rate.minor <= 0 ? CALL_BOUND_MINUTES : Math.floor(perUnit(left, rate));
      if (m < minutes)
        [minutes, tightest] = [m, { kind: ctx.t.limitKinds[read.period] ?? read.period, left }];
    }
    const kept: ReservationBook = live.length === book.entries.length ? book : { ...book, entries: live };
    if (minutes < 1) {
      const left = tightest!.left.minor < 0 ? { ...tightest!.left, minor: 0 } : tightest!.left;
      outcome = refuse(ctx.t.callLimitLeft(tightest!.kind, ctx.fmt.price(left), ctx.fmt.price(rate)));
      return kept;
    }
    const entry: CallReservation = {
      id: randomBytes(8).toString('hex'),
      amount: { ...rate, minor: rate.minor * minutes },
      periods: reads.map((r) => r.key),
      allowedMinutes: minutes,
      bNumber: b.digits,
      placedAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + minutes * 60_000 + RECORD_GRACE_MS).toISOString(),
    };
    const note = tightest ? ctx.t.callAllowedMinutes(minutes, tightest.kind) : '';
    outcome = { kind: 'reserved', account: account.username, id: entry.id, minutes, note };
    return { ...kept, entries: [...kept.entries, entry] };
  });
  return outcome!;
}

/** The call was placed: its id, its answer's time and the owner's credentials, for the cut-off job. */
export async function callPlaced(
  ctx: Pick<CommandContext<unknown>, 'stores' | 'role' | 'chatKey' | 'identityKey'>,
  allowance: Allowance,
  callId: string,
  answeredAt: Date,
): Promise<void> {
  if (allowance.kind !== 'reserved') return;
  const owner = subscriptionOwner(ctx);
  await ctx.stores.reservations.update(allowance.account, (book) => ({
    ...book,
    entries: book.entries.map((e) =>
      e.id === allowance.id
        ? {
            ...e,
            answeredAt: answeredAt.toISOString(),
            call: {
              callId,
              owner,
              username: allowance.account,
              cutAt: new Date(
                Date.parse(e.placedAt) + e.allowedMinutes * 60_000 - CUT_MARGIN_MS,
              ).toISOString(),
            },
          }
        : e,
    ),
  }));
}

/** Nothing was placed (refused, failed before the provider acted): the reservation is given back. */
export async function releaseCall(
  ctx: Pick<CommandContext<unknown>, 'stores'>,
  allowance: Allowance,
): Promise<void> {
  if (allowance.kind !== 'reserved') return;
  await ctx.stores.reservations.update(allowance.account, (book) => ({
    ...book,
    entries: book.entries.filter((e) => e.id !== allowance.id),
  }));
}

/** Whether the call's own record is among `records` (call-match.ts: its number, and a start between its times). */
function recordIn(e: CallReservation, records: readonly CdrRecord[], skewMs: number): boolean {
  const placedAt = Date.parse(e.placedAt);
  const times = { placedAt, answeredAt: e.answeredAt ? Date.parse(e.answeredAt) : placedAt };
  return records.some(
    (r) => recordDigits(r.number) === e.bNumber && fits(r, times, MATCH_TOLERANCE.tightMs, skewMs),
  );
}

/** `from − each of less`, exact, at the largest scale among them. */
function minus(from: Money, less: readonly Money[]): Money {
  const scale = Math.max(from.scale, ...less.map((m) => m.scale));
  const at = (m: Money) => m.minor * 10 ** (scale - m.scale);
  return { ...from, scale, minor: less.reduce((sum, m) => sum - at(m), at(from)) };
}

/** How many whole `unit`s `amount` buys (both exact integers at one scale; `unit` positive). */
function perUnit(amount: Money, unit: Money): number {
  const scale = Math.max(amount.scale, unit.scale);
  const a = amount.minor * 10 ** (scale - amount.scale);
  const u = unit.minor * 10 ** (scale - unit.scale);
  return a <= 0 ? 0 : Math.floor(a / u);
}
