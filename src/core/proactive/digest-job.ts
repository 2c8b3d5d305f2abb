import type { TelephonyClientWithMethods } from '../../telephony/client.js';
import { fromDate, toIsoDate } from '../../telephony/dates.js';
import { spendReply } from '../commands/spend.js';
import { createFormatter } from '../format.js';
import { messagesFor } from '../messages.js';
import type { DigestSubscription } from '../ports/proactive.js';
import { errorSummary } from '../safe-error.js';
import {
  CLAIM_HOLD_MS,
  ClaimHeldError,
  clientFor,
  DeliveryFailedError,
  type ProactiveContext,
} from './context.js';

/** ISO 8601 week of a date, `2026-W48`: the digest's once-per-week key. */
export function isoWeek(date: Date): string {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const day = d.getUTCDay() || 7;
  d.setUTCDate(d.getUTCDate() + 4 - day);
  const yearStart = Date.UTC(d.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((d.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${d.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/** The digests due now: Monday 08:00 UTC or later in the ISO week, not yet sent this week. */
export async function dueDigests(ctx: ProactiveContext): Promise<DigestSubscription[]> {
  const now = ctx.clock();
  const week = isoWeek(now);
  // The job runs hourly, so a stopped bot catches up later in the week.
  const day = (now.getUTCDay() + 6) % 7;
  if (day === 0 && now.getUTCHours() < 8) return [];
  const due: DigestSubscription[] = [];
  for await (const sub of ctx.stores.proactive.digests.list())
    if (!sub.paused && sub.lastWeek !== week) due.push(sub);
  return due;
}

/** Sends each weekly digest once per ISO week (claimed across instances), with the chart and the balance. */
export async function sendDigests(ctx: ProactiveContext): Promise<{ sent: number; failed: number }> {
  const result = { sent: 0, failed: 0 };
  for (const sub of await dueDigests(ctx)) {
    try {
      if (await sendDigest(ctx, sub)) result.sent += 1;
    } catch {
      result.failed += 1;
    }
  }
  return result;
}

/**
 * One digest (a queue job, or one step of {@link sendDigests}): `true` when it was sent now. Throws
 * when it should be tried again (the provider or the delivery failed, its claim is held elsewhere).
 */
export async function sendDigest(ctx: ProactiveContext, sub: DigestSubscription): Promise<boolean> {
  const now = ctx.clock();
  const week = isoWeek(now);
  const claim = `digest:${sub.id}:${week}`;
  const state = await ctx.stores.proactive.claims.begin(claim, ctx.claimHoldMs ?? CLAIM_HOLD_MS);
  if (state === 'held') throw new ClaimHeldError(claim);
  if (state === 'done') return false;
  try {
    const client = await clientFor(ctx, sub);
    if (!client) {
      await ctx.stores.proactive.digests.delete(sub.id);
      await ctx.stores.proactive.claims.release(claim);
      return false;
    }
    const digest = await digestReply(client, sub, now);
    const sent = await ctx.outbox.deliver(sub.destination, sub.setBy, digest);
    if (sent.status === 'failed') throw new DeliveryFailedError();
    await ctx.stores.proactive.claims.confirm(claim, 14 * 86_400_000);
    await ctx.stores.proactive.digests.put({
      ...sub,
      lastWeek: week,
      ...(sent.status === 'refused' ? { paused: { reason: sent.reason, at: now.toISOString() } } : {}),
    });
    return sent.status === 'sent';
  } catch (err) {
    await ctx.stores.proactive.claims.release(claim);
    ctx.logger.warn({ digest: sub.id, err: errorSummary(err) }, 'digest failed; the next run retries');
    throw err;
  }
}

/** The week's spend, chart and balance of one digest's account. */
async function digestReply(client: TelephonyClientWithMethods, sub: DigestSubscription, now: Date) {
  const t = messagesFor(sub.locale);
  const fmt = createFormatter(sub.locale ?? 'en');
  const period = { from: fromDate(new Date(now.getTime() - 7 * 86_400_000)), to: fromDate(now) };
  const { account } = await client.onlinecallthrough();
  const { reply, total, calls } = await spendReply(
    { client, username: sub.username, label: sub.label },
    period,
    t,
    fmt,
    account.balance.currency,
  );
  return {
    ...reply,
    title: t.digestTitle(toIsoDate(period.from), toIsoDate(period.to)),
    text: t.digestText(total, calls, fmt.money(account.balance)),
  };
}
