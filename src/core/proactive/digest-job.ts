import type { CalendarDate } from '../../telephony/dates.js';
import { errorSummary } from '../logs/safe-error.js';
import { messagesFor } from '../messages.js';
import type { DigestSubscription } from '../ports/proactive.js';
import { spendReply } from '../spend/spend-reply.js';
import { createFormatter } from '../values/format.js';
import { addDays, todayIn } from '../values/natural-date.js';
import {
  CLAIM_HOLD_MS,
  ClaimHeldError,
  clientFor,
  DeliveryFailedError,
  type ProactiveContext,
  recipientLocale,
} from './context.js';

/** ISO 8601 week of a day, `2026-W48`: the digest's once-per-week key. */
export function isoWeek(date: Date | CalendarDate): string {
  const d =
    date instanceof Date
      ? new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()))
      : new Date(Date.UTC(date.year, date.month - 1, date.day));
  const day = d.getUTCDay() || 7;
  d.setUTCDate(d.getUTCDate() + 4 - day);
  const yearStart = Date.UTC(d.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((d.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${d.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/** The hour a digest goes out on Monday, in the user's zone (the job runs hourly, and catches up later in the week). */
const DIGEST_HOUR = 8;

/**
 * Where a subscriber's week stands now, in their zone: this week's key, and the week before it,
 * Monday 00:00 to Sunday 24:00 (whole days of the zone, so two digests never share a day).
 * `due` once it is Monday 08:00 there or later.
 */
export function digestWeek(now: Date, timeZone: string) {
  const today = todayIn(now, timeZone);
  const weekday = (new Date(Date.UTC(today.year, today.month - 1, today.day)).getUTCDay() + 6) % 7;
  const monday = addDays(today, -weekday);
  const hour = Number(
    new Intl.DateTimeFormat('en', { hour: 'numeric', hourCycle: 'h23', timeZone }).format(now),
  );
  return {
    week: isoWeek(today),
    period: { from: addDays(monday, -7), to: addDays(monday, -1) },
    due: weekday > 0 || hour >= DIGEST_HOUR,
  };
}

/** The digests due now: Monday 08:00 or later in the subscriber's zone, not yet sent this week. */
export async function dueDigests(ctx: ProactiveContext): Promise<DigestSubscription[]> {
  const now = ctx.clock();
  const due: DigestSubscription[] = [];
  for await (const sub of ctx.stores.proactive.digests.list()) if (isDue(sub, now)) due.push(sub);
  return due;
}

function isDue(sub: DigestSubscription, now: Date): boolean {
  const { week, due } = digestWeek(now, sub.timeZone ?? 'UTC');
  return !sub.paused && sub.lastWeek !== week && due;
}

/** Sends each weekly digest once per week of its zone (claimed across instances), with the chart and the balance. */
export async function sendDigests(ctx: ProactiveContext): Promise<{ sent: number; failed: number }> {
  const result = { sent: 0, failed: 0 };
  for (const sub of await dueDigests(ctx)) {
    // Stopping: unclaimed digests are sent by the next run (the job is hourly and catches up).
    if (ctx.cancelled?.()) break;
    try {
      if (await sendDigest(ctx, sub)) result.sent += 1;
    } catch {
      result.failed += 1;
    }
  }
  return result;
}

/**
 * One digest (a queue job, or one step of {@link sendDigests}): `true` when it was sent now. Its
 * claim is held while it is sent and confirmed after; throws when it should be tried again (the
 * provider or the delivery failed, the claim is held elsewhere).
 */
export async function sendDigest(ctx: ProactiveContext, sub: DigestSubscription): Promise<boolean> {
  const now = ctx.clock();
  if (!isDue(sub, now)) return false;
  const { week, period } = digestWeek(now, sub.timeZone ?? 'UTC');
  const claims = ctx.stores.proactive.claims;
  const claim = `digest:${sub.id}:${week}`;
  const state = await ctx.confirmer.begin(claim, ctx.claimHoldMs ?? CLAIM_HOLD_MS);
  if (state === 'held') throw new ClaimHeldError(claim);
  if (state === 'done') return false;
  try {
    const outcome = await sendOne(ctx, sub, period);
    if (outcome === 'failed') throw new DeliveryFailedError();
    if (outcome === 'unlinked') {
      await claims.release(claim);
      await ctx.stores.proactive.digests.retire(sub);
      return false;
    }
    // Sent: only the confirm is written again if it fails, never the digest (docs/reliability.md §8.4).
    await ctx.confirmer.confirm(claim, 14 * 86_400_000, 'digest');
    // Its own fields, only onto the setting it read (docs/reliability.md §8): a /digest off meanwhile stays off.
    await ctx.stores.proactive.digests.settle(sub, {
      lastWeek: week,
      ...(outcome.refused ? { paused: { reason: outcome.refused, at: now.toISOString() } } : {}),
    });
    return !outcome.refused;
  } catch (err) {
    await claims.release(claim);
    ctx.logger.warn({ digest: sub.id, err: errorSummary(err) }, 'digest failed; the next run retries');
    throw err;
  }
}

/** One digest: the week's spend (chart titled with the week, dates in the user's format) and the balance. */
async function sendOne(
  ctx: ProactiveContext,
  sub: DigestSubscription,
  period: { from: CalendarDate; to: CalendarDate },
): Promise<'failed' | 'unlinked' | { refused?: string }> {
  const client = await clientFor(ctx, sub);
  if (!client) return 'unlinked';
  // Worded in the recipient's language of now, not of when they subscribed (docs/architecture.md §8.3.3).
  const locale = await recipientLocale(ctx, sub);
  const t = messagesFor(locale);
  const fmt = createFormatter({
    locale: locale ?? 'en',
    timeZone: sub.timeZone,
  });
  const title = t.digestTitle(fmt.calendarDate(period.from), fmt.calendarDate(period.to));
  const { account } = await client.onlinecallthrough();
  const { reply, total, calls } = await spendReply(
    { client, username: sub.username, label: sub.label },
    period,
    t,
    fmt,
    { currency: account.balance.currency, title },
  );
  const digest = { ...reply, title, text: t.digestText(total, calls, fmt.money(account.balance)) };
  const sent = await ctx.outbox.deliver(sub.destination, sub.setBy, digest);
  if (sent.status === 'failed') return 'failed';
  return sent.status === 'refused' ? { refused: sent.reason } : {};
}
