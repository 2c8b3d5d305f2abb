import { fromDate } from '../../telephony/dates.js';
import type { CdrRecord } from '../../telephony/wire.js';
import type { TrackedMessage } from '../notify/notifier.js';
import type { CallReport } from '../ports/proactive.js';
import { errorSummary } from '../safe-error.js';
import { ambiguousRecord, noRecord, reportRecord, unsureRecord } from './call-card.js';
import { callTimesOf, type MatchResult, matchRecord, recordDigits } from './call-match.js';
import { clientFor, type ProactiveContext } from './context.js';

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

/** The adapter reports where the call card landed, so the report can edit it in place. */
export async function recordCallCard(ctx: Pick<ProactiveContext, 'stores'>, tracked: TrackedMessage) {
  if (!tracked.track.startsWith(CALL_TRACK_PREFIX)) return;
  const id = tracked.track.slice(CALL_TRACK_PREFIX.length);
  // Field-level: a check or a hang-up writing the same report at once keeps its own fields.
  await ctx.stores.proactive.callReports.update(id, (r) => (r ? { ...r, message: tracked.message } : r));
}

/**
 * `/hangup` is about to stop the call: the report is marked, so the card can say "Hanging up…"
 * at once and never again offer the button. Returns the report (its card), if one waits.
 */
export async function callHangingUp(
  ctx: Pick<ProactiveContext, 'stores'>,
  callId: string,
): Promise<CallReport | undefined> {
  return ctx.stores.proactive.callReports.update(callId, (r) => (r ? { ...r, hangingUp: true } : r));
}

/**
 * `/hangup` ended the call: the times it was sent and answered tell its record by its end (call-match.ts),
 * and the record is looked for soon rather than at the next backoff step.
 */
export async function callHungUp(
  ctx: Pick<ProactiveContext, 'stores'>,
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

/** Looks for the records of due calls and edits each call card once (one claim per call and per record). */
export async function checkCallReports(ctx: ProactiveContext): Promise<CallReportResult> {
  const result: CallReportResult = { reported: 0, gaveUp: 0, ambiguous: 0, waiting: 0, failed: 0 };
  const now = ctx.clock();
  const pending: CallReport[] = [];
  for await (const r of ctx.stores.proactive.callReports.list()) pending.push(r);
  const due = pending.filter((r) => Date.parse(r.nextCheckAt) <= now.getTime());
  for (const report of due) {
    // Stopping: the rest stay due and the next run (here or on another instance) takes them.
    if (ctx.cancelled?.()) break;
    try {
      const others = pending.filter(
        (o) => o.id !== report.id && o.username === report.username && o.bNumber === report.bNumber,
      );
      await checkOne(ctx, report, others, now, result);
    } catch (err) {
      result.failed += 1;
      ctx.logger.warn({ callId: report.callId, err: errorSummary(err) }, 'call report: check failed');
      await reschedule(ctx, report, now);
    }
  }
  return result;
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
    await ctx.stores.proactive.callReports.delete(report.id);
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
  if (recordKey && !(await claims.claim(recordKey, RECORD_CLAIM_MS))) {
    result.waiting += 1;
    await reschedule(ctx, report, now);
    return;
  }
  await finish(ctx, report, match, res.account?.currency ?? '', recordKey, now, result);
}

/** Edits the card once (whoever claims the report does it), or gives both claims back to retry. */
async function finish(
  ctx: ProactiveContext,
  report: CallReport,
  match: MatchResult,
  currency: string,
  recordKey: string | undefined,
  now: Date,
  result: CallReportResult,
) {
  const claims = ctx.stores.proactive.claims;
  const reportKey = `callreport:${report.id}`;
  if (!(await claims.claim(reportKey, 86_400_000))) {
    if (recordKey) await claims.release(recordKey);
    return;
  }
  const ok =
    match.kind === 'record'
      ? await reportRecord(ctx, report, match.record, currency)
      : match.kind === 'ambiguous'
        ? await ambiguousRecord(ctx, report, match.count)
        : match.kind === 'unsure'
          ? await unsureRecord(ctx, report)
          : await noRecord(ctx, report);
  if (!ok) {
    await claims.release(reportKey);
    if (recordKey) await claims.release(recordKey);
    result.failed += 1;
    await reschedule(ctx, report, now);
    return;
  }
  await ctx.stores.proactive.callReports.delete(report.id);
  if (match.kind === 'record') result.reported += 1;
  else if (match.kind === 'ambiguous' || match.kind === 'unsure') result.ambiguous += 1;
  else result.gaveUp += 1;
}

/** Records one check reads: every call of a day and more (the provider's `show`, spec 4.9). */
const RECORDS_READ = 1000;

/** The next check, field-level: a hang-up or the card's landing written meanwhile stays. */
async function reschedule(ctx: ProactiveContext, report: CallReport, now: Date): Promise<void> {
  const checks = report.checks + 1;
  const wait = Math.min(
    CALL_REPORT_TIMING.firstCheckMs * 2 ** (checks - 1),
    CALL_REPORT_TIMING.maxIntervalMs,
  );
  const next = Math.min(now.getTime() + wait, Date.parse(report.giveUpAt));
  const nextCheckAt = new Date(Math.max(next, now.getTime() + 1000)).toISOString();
  await ctx.stores.proactive.callReports.update(report.id, (r) => {
    if (!r) return r;
    // A hang-up moved the check earlier meanwhile: keep that.
    const soonest = Date.parse(r.nextCheckAt) > Date.parse(report.nextCheckAt) ? r.nextCheckAt : nextCheckAt;
    return { ...r, checks, nextCheckAt: soonest };
  });
}
