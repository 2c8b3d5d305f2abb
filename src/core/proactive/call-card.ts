import type { CdrRecord } from '../../telephony/wire.js';
import { disabledAction } from '../menu/button-state.js';
import { messagesFor } from '../messages.js';
import type { CallReport } from '../ports/proactive.js';
import type { Reply } from '../reply.js';
import { createFormatter } from '../values/format.js';
import { PROVIDER_CALL_LIMIT_SECONDS } from './call-match.js';
import type { ProactiveContext } from './context.js';

/** The call card once its record is known: destination, duration, cost, and whether it hit the limit. */
export async function reportRecord(
  ctx: ProactiveContext,
  report: CallReport,
  record: CdrRecord,
  currency: string,
): Promise<boolean> {
  const t = messagesFor(report.locale);
  const fmt = createFormatter(report.locale ?? 'en');
  const ended = t.callReportEnded(report.aNumber, report.bNumber);
  // D10: a call nobody stops ends at the provider's limit; the card says so, not just "1:00:00".
  const limit = record.durationSeconds >= PROVIDER_CALL_LIMIT_SECONDS;
  const text = limit ? `${ended}\n${t.callReportLimit(PROVIDER_CALL_LIMIT_SECONDS / 60)}` : ended;
  const base = { title: t.callReportTitle, text, tone: 'info' as const };
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

/** No record appeared before the report gave up. */
export function noRecord(ctx: ProactiveContext, report: CallReport): Promise<boolean> {
  const t = messagesFor(report.locale);
  const minutes = Math.round((Date.parse(report.giveUpAt) - Date.parse(report.placedAt)) / 60_000);
  return showCard(ctx, report, {
    title: t.callReportTitle,
    text: `${t.callReportEnded(report.aNumber, report.bNumber)}\n${t.callReportNone(minutes)}`,
    tone: 'warning',
  });
}

/** Several records fit this call and nothing tells which is its own: say so rather than guess. */
export function ambiguousRecord(ctx: ProactiveContext, report: CallReport, count: number): Promise<boolean> {
  const t = messagesFor(report.locale);
  return showCard(ctx, report, {
    title: t.callReportTitle,
    text: `${t.callReportEnded(report.aNumber, report.bNumber)}\n${t.callReportAmbiguous(count, report.bNumber)}`,
    tone: 'warning',
  });
}

/** Only a record near this call's time, not at it, appeared: say so rather than lend its figures. */
export function unsureRecord(ctx: ProactiveContext, report: CallReport): Promise<boolean> {
  const t = messagesFor(report.locale);
  return showCard(ctx, report, {
    title: t.callReportTitle,
    text: `${t.callReportEnded(report.aNumber, report.bNumber)}\n${t.callReportUnsure(report.bNumber)}`,
    tone: 'warning',
  });
}

/** What the card shows from the moment Hang up is pressed (or `/hangup` sent): no button to press again. */
export function hangingUpCard(report: CallReport): Reply {
  const t = messagesFor(report.locale);
  return { text: `${t.callStarted(report.aNumber, report.bNumber)}\n${t.callHangingUp}`, tone: 'info' };
}

/** Edits the call card in place; when that is not possible (no card, deleted), sends the report. */
async function showCard(ctx: ProactiveContext, report: CallReport, reply: Reply): Promise<boolean> {
  if (report.message) {
    // The card's Hang up stays in view but no longer acts (docs/interface.md §2.6).
    const ended = [disabledAction(messagesFor(report.locale), 'call-ended')];
    const edited = await ctx.outbox.edit(report.message, { ...reply, actions: ended });
    if (edited.status === 'sent') return true;
  }
  const sent = await ctx.outbox.send(report.destination, reply);
  // A refused destination will not take it later either: the report is done.
  return sent.status !== 'failed';
}
