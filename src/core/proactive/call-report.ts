import { fromDate } from '../../telephony/dates.js';
import type { CdrRecord } from '../../telephony/wire.js';
import { errorSummary } from '../logs/safe-error.js';
import type { TrackedMessage } from '../ports/notify.js';
import type { CallReport } from '../ports/proactive.js';
import type { Stores } from '../ports/stores.js';
import { ambiguousRecord, noRecord, reportRecord, unsureRecord } from './call-card.js';
import { callTimesOf, type MatchResult, matchRecord, recordDigits } from './call-match.js';
import {
  CLAIM_HOLD_MS,
  ClaimHeldError,
  clientFor,
  DeliveryFailedError,
  type ProactiveContext,
  recipientLocale,
} from './context.js';

/**
 * When to look for a call's record (provider-notes D10: no events, so the CDRs are read). A call
 * lives at most an hour there, so the report gives up a little after that.
 */
export const CALL_REPORT_TIMING = {
  firstCheckMs: 60_000,
  /** After a hang-up the record should be there at once; a short wait covers a slow provider. */
  afterHangupMs: 5_000,
  maxIntervalMs: 10 * 60_000,
  giveUpAfterMs: 75 * 60_000,
};

/** Prefix of the reply `track` key for a call card. */
export const CALL_TRACK_PREFIX = 'call:';

/** The stores as a command sees them: the writes of a person (`/hangup`, the card landing). */
type PersonStores = { stores: Pick<Stores, 'proactive'> };

/** The adapter reports where the call card landed, so the report can edit it in place. */
export async function recordCallCard(ctx: PersonStores, tracked: TrackedMessage) {
  if (!tracked.track.startsWith(CALL_TRACK_PREFIX)) return;
  const id = tracked.track.slice(CALL_TRACK_PREFIX.length);
  // Field-level: a check or a hang-up writing the same report at once keeps its own fields.
  await ctx.stores.proactive.callReports.update(id, (r) => (r ? { ...r, message: tracked.message } : r));
}

/**
 * `/hangup` is about to stop the call: the report is marked, so the card can say "Hanging up…"
 * at once and never again offer the button. Returns the report (its card), if one waits.
 */
export async function callHangingUp(ctx: PersonStores, callId: string): Promise<CallReport | undefined> {
  return ctx.stores.proactive.callReports.update(callId, (r) => (r ? { ...r, hangingUp: true } : r));
}

/**
 * `/hangup` ended the call: the times it was sent and answered tell its record by its end (call-match.ts),
 * and the record is looked for soon rather than at the next backoff step.
 */
export async function callHungUp(
  ctx: PersonStores,
  callId: string,
  now: Date,
  hangup: { sentAt: Date; doneAt: Date } | undefined,
): Promise<void> {
  const next = new Date(now.getTime() + CALL_REPORT_TIMING.afterHangupMs);
  await ctx.stores.proactive.callReports.update(callId, (r) =>
    r
      ? {
          ...r,
          ...(hangup
            ? { hangup: { sentAt: hangup.sentAt.toISOString(), doneAt: hangup.doneAt.toISOString() } }
            : {}),
          nextCheckAt: next.toISOString(),
        }
      : r,
  );
}

export interface CallReportResult {
  reported: number;
  gaveUp: number;
  /** Cards that said the records could not tell this call from another. */
  ambiguous: number;
  waiting: number;
  failed: number;
}

const noResult = (): CallReportResult => ({ reported: 0, gaveUp: 0, ambiguous: 0, waiting: 0, failed: 0 });

/** Every pending report, and those due now (a queue job each). */
async function pendingReports(ctx: ProactiveContext): Promise<{ pending: CallReport[]; due: CallReport[] }> {
  const now = ctx.clock().getTime();
  const pending: CallReport[] = [];
  for await (const r of ctx.stores.proactive.callReports.list()) pending.push(r);
  return { pending, due: pending.filter((r) => Date.parse(r.nextCheckAt) <= now) };
}

/** The call reports due now (the queue's items). */
export async function dueCallReports(ctx: ProactiveContext): Promise<CallReport[]> {
  return (await pendingReports(ctx)).due;
}

/** Looks for the records of due calls and edits each call card once (one claim per call and per record). */
export async function checkCallReports(ctx: ProactiveContext): Promise<CallReportResult> {
  const result = noResult();
  const { pending, due } = await pendingReports(ctx);
  for (const report of due) {
    // Stopping: the rest stay due and the next run (here or on another instance) takes them.
    if (ctx.cancelled?.()) break;
    try {
      await checkCallReport(ctx, report, result, pending);
    } catch {
      result.failed += 1;
    }
  }
  return result;
}

/**
 * One call's report (a queue job, or one step of {@link checkCallReports}). Throws after
 * rescheduling it when the provider or the delivery failed or a claim is held elsewhere, so a
 * queue retries it with backoff.
 */
export async function checkCallReport(
  ctx: ProactiveContext,
  report: CallReport,
  result: CallReportResult = noResult(),
  pending?: readonly CallReport[],
): Promise<void> {
  const now = ctx.clock();
  try {
    const all = pending ?? (await pendingReports(ctx)).pending;
    const others = all.filter(
      (o) => o.id !== report.id && o.username === report.username && o.bNumber === report.bNumber,
    );
    await checkOne(ctx, report, others, now, result);
  } catch (err) {
    ctx.logger.warn({ callId: report.callId, err: errorSummary(err) }, 'call report: check failed');
    await reschedule(ctx, report, now);
    throw err;
  }
}

/** How long a record stays claimed by the report that took it: longer than any report looks back. */
const RECORD_CLAIM_MS = 3 * 86_400_000;

/** The records to the report's number, each with its claim key (identical records numbered). */
function keyed(records: readonly CdrRecord[], report: CallReport): { record: CdrRecord; key: string }[] {
  const seen = new Map<string, number>();
  return records
    .filter((r) => recordDigits(r.number) === report.bNumber)
    .map((record) => {
      const base = `cdr:${report.username}|${report.bNumber}|${record.start.toISOString()}|${record.end.toISOString()}|${record.durationSeconds}`;
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      return { record, key: `${base}#${n}` };
    });
}

async function checkOne(
  ctx: ProactiveContext,
  report: CallReport,
  others: readonly CallReport[],
  now: Date,
  result: CallReportResult,
) {
  const client = await clientFor(ctx, report);
  if (!client) {
    await ctx.stores.proactive.callReports.retire(report);
    return;
  }
  const placed = new Date(report.placedAt);
  const res = await client.cdrs({
    from: fromDate(new Date(placed.getTime() - 86_400_000)),
    to: fromDate(now),
    show: RECORDS_READ,
  });
  const claims = ctx.stores.proactive.claims;
  const free: { record: CdrRecord; key: string }[] = [];
  for (const k of keyed(res.records, report)) if (!(await claims.held(k.key))) free.push(k);
  const match = matchRecord({
    free: free.map((k) => k.record),
    report: callTimesOf(report),
    others: others.map(callTimesOf),
    // A client without a learned offset (a wrapper, a recorded provider) counts as in step.
    skewMs: Number.isFinite(client.clockSkewMs) ? client.clockSkewMs : 0,
  });
  const gaveUp = now.getTime() >= Date.parse(report.giveUpAt);
  const settled = match.kind === 'record' || (match.kind === 'ambiguous' && match.settled);
  if (!settled && !gaveUp) {
    result.waiting += 1;
    await reschedule(ctx, report, now);
    return;
  }
  const recordKey = match.kind === 'record' ? free.find((k) => k.record === match.record)!.key : undefined;
  // One record for one report, across instances: a report that lost the race looks again later.
  // Two-phase, so a run that died holding the record frees it after the hold (docs/proactive.md §5).
  const state = recordKey ? await ctx.confirmer.begin(recordKey, ctx.claimHoldMs ?? CLAIM_HOLD_MS) : 'won';
  if (state === 'held') throw new ClaimHeldError('record');
  if (state === 'done') {
    result.waiting += 1;
    await reschedule(ctx, report, now);
    return;
  }
  await finish(ctx, report, match, res.account?.currency ?? '', recordKey, result);
}

/**
 * Edits the card once (whoever claims the report does it), or gives both claims back and throws,
 * to be retried. The report's claim is held while the card is edited and confirmed after.
 */
async function finish(
  ctx: ProactiveContext,
  report: CallReport,
  match: MatchResult,
  currency: string,
  recordKey: string | undefined,
  result: CallReportResult,
) {
  const claims = ctx.stores.proactive.claims;
  const reportKey = `callreport:${report.id}`;
  const state = await ctx.confirmer.begin(reportKey, ctx.claimHoldMs ?? CLAIM_HOLD_MS);
  if (state !== 'won') {
    if (recordKey) await claims.release(recordKey);
    if (state === 'held') throw new ClaimHeldError('report');
    await reported(ctx, report);
    return;
  }
  // Worded in the caller's language of now, not of when the call was placed (docs/architecture.md §8.3.3).
  const here = { ...report, locale: await recipientLocale(ctx, report) };
  const ok =
    match.kind === 'record'
      ? await reportRecord(ctx, here, match.record, currency)
      : match.kind === 'ambiguous'
        ? await ambiguousRecord(ctx, here, match.count)
        : match.kind === 'unsure'
          ? await unsureRecord(ctx, here)
          : await noRecord(ctx, here);
  if (!ok) {
    await claims.release(reportKey);
    if (recordKey) await claims.release(recordKey);
    throw new DeliveryFailedError();
  }
  // Edited: only the confirms are written again if they fail, never the card (docs/reliability.md §8.4).
  await ctx.confirmer.confirm(reportKey, 86_400_000, 'call report');
  if (recordKey) await ctx.confirmer.confirm(recordKey, RECORD_CLAIM_MS, 'call report');
  await reported(ctx, report);
  if (match.kind === 'record') result.reported += 1;
  else if (match.kind === 'ambiguous' || match.kind === 'unsure') result.ambiguous += 1;
  else result.gaveUp += 1;
}

/** Records one check reads: every call of a day and more (the provider's `show`, spec 4.9). */
const RECORDS_READ = 1000;

/**
 * The card said its last word: the report goes, on the revision read, or, when `/hangup` or the
 * card's landing changed it meanwhile, on the one read again (nothing it holds is needed now).
 */
async function reported(ctx: ProactiveContext, report: CallReport): Promise<void> {
  const reports = ctx.stores.proactive.callReports;
  if (await reports.retire(report)) return;
  const now = await reports.get(report.id);
  if (now) await reports.retire(now);
}

/**
 * The next check, onto the report as read (docs/reliability.md §8): a hang-up or the card's
 * landing written meanwhile is a new revision, and its own next check stays.
 */
async function reschedule(ctx: ProactiveContext, report: CallReport, now: Date): Promise<void> {
  const checks = report.checks + 1;
  const wait = Math.min(
    CALL_REPORT_TIMING.firstCheckMs * 2 ** (checks - 1),
    CALL_REPORT_TIMING.maxIntervalMs,
  );
  const next = Math.min(now.getTime() + wait, Date.parse(report.giveUpAt));
  const nextCheckAt = new Date(Math.max(next, now.getTime() + 1000)).toISOString();
  await ctx.stores.proactive.callReports.settle(report, { checks, nextCheckAt });
}
