import { fromDate } from '../../telephony/dates.js';
import type { CdrRecord } from '../../telephony/wire.js';
import { createFormatter } from '../format.js';
import { messagesFor } from '../messages.js';
import type { TrackedMessage } from '../notify/notifier.js';
import type { CallReport } from '../ports/proactive.js';
import type { Reply } from '../reply.js';
import { errorSummary } from '../safe-error.js';
import {
  CLAIM_HOLD_MS,
  ClaimHeldError,
  clientFor,
  DeliveryFailedError,
  type ProactiveContext,
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
  /** A record may start a little before our clock said the call was placed (clock skew). */
  startToleranceMs: 2 * 60_000,
};

/** Prefix of the reply `track` key for a call card. */
export const CALL_TRACK_PREFIX = 'call:';

/** The adapter reports where the call card landed, so the report can edit it in place. */
export async function recordCallCard(ctx: Pick<ProactiveContext, 'stores'>, tracked: TrackedMessage) {
  if (!tracked.track.startsWith(CALL_TRACK_PREFIX)) return;
  const id = tracked.track.slice(CALL_TRACK_PREFIX.length);
  const report = await ctx.stores.proactive.callReports.get(id);
  if (report) await ctx.stores.proactive.callReports.put({ ...report, message: tracked.message });
}

/** `/hangup` ended the call: look for its record soon rather than at the next backoff step. */
export async function callHungUp(
  ctx: Pick<ProactiveContext, 'stores'>,
  callId: string,
  now: Date,
): Promise<void> {
  const report = await ctx.stores.proactive.callReports.get(callId);
  if (report)
    await ctx.stores.proactive.callReports.put({
      ...report,
      nextCheckAt: new Date(now.getTime() + CALL_REPORT_TIMING.afterHangupMs).toISOString(),
    });
}

export interface CallReportResult {
  reported: number;
  gaveUp: number;
  waiting: number;
  failed: number;
}

/** The ids of the call reports due now (a queue job each). */
export async function dueCallReports(ctx: ProactiveContext): Promise<CallReport[]> {
  const now = ctx.clock().getTime();
  const due: CallReport[] = [];
  for await (const r of ctx.stores.proactive.callReports.list())
    if (Date.parse(r.nextCheckAt) <= now) due.push(r);
  return due;
}

/** Looks for the records of due calls and edits each call card once (one claim per call). */
export async function checkCallReports(ctx: ProactiveContext): Promise<CallReportResult> {
  const result: CallReportResult = { reported: 0, gaveUp: 0, waiting: 0, failed: 0 };
  for (const report of await dueCallReports(ctx)) {
    try {
      await checkCallReport(ctx, report, result);
    } catch {
      result.failed += 1;
    }
  }
  return result;
}

/**
 * One call's report (a queue job, or one step of {@link checkCallReports}). Throws after
 * rescheduling it when the provider or the delivery failed, so a queue retries it with backoff.
 */
export async function checkCallReport(
  ctx: ProactiveContext,
  report: CallReport,
  result: CallReportResult = { reported: 0, gaveUp: 0, waiting: 0, failed: 0 },
): Promise<void> {
  const now = ctx.clock();
  try {
    await checkOne(ctx, report, now, result);
  } catch (err) {
    ctx.logger.warn({ callId: report.callId, err: errorSummary(err) }, 'call report: check failed');
    await reschedule(ctx, report, now);
    throw err;
  }
}

async function checkOne(ctx: ProactiveContext, report: CallReport, now: Date, result: CallReportResult) {
  const store = ctx.stores.proactive.callReports;
  const client = await clientFor(ctx, report);
  if (!client) {
    await store.delete(report.id);
    return;
  }
  const placed = new Date(report.placedAt);
  const res = await client.cdrs({
    from: fromDate(new Date(placed.getTime() - 86_400_000)),
    to: fromDate(now),
    show: 200,
  });
  const record = matchRecord(res.records, report);
  const gaveUp = !record && now.getTime() >= Date.parse(report.giveUpAt);
  if (!record && !gaveUp) {
    result.waiting += 1;
    await reschedule(ctx, report, now);
    return;
  }
  // Once per call across instances and redelivered jobs: whoever claims it edits the card.
  const claim = `callreport:${report.id}`;
  const state = await ctx.stores.proactive.claims.begin(claim, ctx.claimHoldMs ?? CLAIM_HOLD_MS);
  if (state === 'held') throw new ClaimHeldError(claim);
  if (state === 'won') {
    const currency = res.account?.currency ?? '';
    const ok = record ? await reportRecord(ctx, report, record, currency) : await noRecord(ctx, report);
    if (!ok) {
      await ctx.stores.proactive.claims.release(claim);
      throw new DeliveryFailedError();
    }
    await ctx.stores.proactive.claims.confirm(claim, 86_400_000);
    if (record) result.reported += 1;
    else result.gaveUp += 1;
  }
  await store.delete(report.id);
}

/** The earliest record to the same destination that started after the call was placed. */
function matchRecord(records: readonly CdrRecord[], report: CallReport): CdrRecord | undefined {
  const after = Date.parse(report.placedAt) - CALL_REPORT_TIMING.startToleranceMs;
  const digits = (n: string) => n.replace(/\D/g, '').replace(/^00/, '');
  return records
    .filter((r) => digits(r.number) === report.bNumber && r.start.getTime() >= after)
    .sort((a, b) => a.start.getTime() - b.start.getTime())[0];
}

async function reportRecord(
  ctx: ProactiveContext,
  report: CallReport,
  record: CdrRecord,
  currency: string,
): Promise<boolean> {
  const t = messagesFor(report.locale);
  const fmt = createFormatter(report.locale ?? 'en');
  const base = {
    title: t.callReportTitle,
    text: t.callReportEnded(report.aNumber, report.bNumber),
    tone: 'info' as const,
  };
  const place = [
    { label: t.fieldDestination, value: record.destination },
    { label: t.fieldDuration, value: fmt.duration(record.durationSeconds) },
  ];
  // The cost is personal: it goes only where personal data may go (delivery.ts).
  const full: Reply = {
    ...base,
    fields: [...place, { label: t.fieldCost, value: fmt.money(record.amount, currency) }],
    visibility: 'personal',
  };
  const publicVersion: Reply = { ...base, fields: place, text: `${base.text}\n${t.callReportCostPrivately}` };
  if (await ctx.outbox.mayShow(report.destination, full)) return showCard(ctx, report, full);
  const privately = await ctx.outbox.send({ ...report.setBy, kind: 'user' }, full);
  return (await showCard(ctx, report, publicVersion)) && privately.status !== 'failed';
}

async function noRecord(ctx: ProactiveContext, report: CallReport): Promise<boolean> {
  const t = messagesFor(report.locale);
  const minutes = Math.round((Date.parse(report.giveUpAt) - Date.parse(report.placedAt)) / 60_000);
  return showCard(ctx, report, {
    title: t.callReportTitle,
    text: `${t.callReportEnded(report.aNumber, report.bNumber)}\n${t.callReportNone(minutes)}`,
    tone: 'warning',
  });
}

/** Edits the call card in place; when that is not possible (no card, deleted), sends the report. */
async function showCard(ctx: ProactiveContext, report: CallReport, reply: Reply): Promise<boolean> {
  if (report.message) {
    const edited = await ctx.outbox.edit(report.message, reply);
    if (edited.status === 'sent') return true;
  }
  const sent = await ctx.outbox.send(report.destination, reply);
  // A refused destination will not take it later either: the report is done.
  return sent.status !== 'failed';
}

async function reschedule(ctx: ProactiveContext, report: CallReport, now: Date): Promise<void> {
  const checks = report.checks + 1;
  const wait = Math.min(
    CALL_REPORT_TIMING.firstCheckMs * 2 ** (checks - 1),
    CALL_REPORT_TIMING.maxIntervalMs,
  );
  const next = Math.min(now.getTime() + wait, Date.parse(report.giveUpAt));
  await ctx.stores.proactive.callReports.put({
    ...report,
    checks,
    nextCheckAt: new Date(Math.max(next, now.getTime() + 1000)).toISOString(),
  });
}
