import { fromDate, toIsoDate } from '../../telephony/dates.js';
import { spendReply } from '../commands/spend.js';
import { createFormatter } from '../format.js';
import { messagesFor } from '../messages.js';
import { errorSummary } from '../safe-error.js';
import { clientFor, type ProactiveContext } from './context.js';

/** ISO 8601 week of a date, `2026-W48`: the digest's once-per-week key. */
export function isoWeek(date: Date): string {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const day = d.getUTCDay() || 7;
  d.setUTCDate(d.getUTCDate() + 4 - day);
  const yearStart = Date.UTC(d.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((d.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${d.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/** Sends each weekly digest once per ISO week (claimed across instances), with the chart and the balance. */
export async function sendDigests(ctx: ProactiveContext): Promise<{ sent: number; failed: number }> {
  const now = ctx.clock();
  const week = isoWeek(now);
  const result = { sent: 0, failed: 0 };
  // Monday 08:00 UTC or later in the ISO week (the job runs hourly, so a stopped bot catches up).
  const day = (now.getUTCDay() + 6) % 7;
  if (day === 0 && now.getUTCHours() < 8) return result;
  for await (const sub of ctx.stores.proactive.digests.list()) {
    // Stopping: unclaimed digests are sent by the next run (the job is hourly and catches up).
    if (ctx.cancelled?.()) break;
    if (sub.paused || sub.lastWeek === week) continue;
    const claim = `digest:${sub.id}:${week}`;
    if (!(await ctx.stores.proactive.claims.claim(claim, 14 * 86_400_000))) continue;
    try {
      const client = await clientFor(ctx, sub);
      if (!client) {
        await ctx.stores.proactive.digests.delete(sub.id);
        continue;
      }
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
      const digest = {
        ...reply,
        title: t.digestTitle(toIsoDate(period.from), toIsoDate(period.to)),
        text: t.digestText(total, calls, fmt.money(account.balance)),
      };
      const sent = await ctx.outbox.deliver(sub.destination, sub.setBy, digest);
      if (sent.status === 'failed') {
        await ctx.stores.proactive.claims.release(claim);
        result.failed += 1;
        continue;
      }
      await ctx.stores.proactive.digests.put({
        ...sub,
        lastWeek: week,
        ...(sent.status === 'refused' ? { paused: { reason: sent.reason, at: now.toISOString() } } : {}),
      });
      if (sent.status === 'sent') result.sent += 1;
    } catch (err) {
      await ctx.stores.proactive.claims.release(claim);
      result.failed += 1;
      ctx.logger.warn({ digest: sub.id, err: errorSummary(err) }, 'digest failed; the next run retries');
    }
  }
  return result;
}
