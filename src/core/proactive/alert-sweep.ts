import { nextAlertState } from '../alerts/threshold.js';
import { encodeButton } from '../buttons.js';
import { errorSummary } from '../logs/safe-error.js';
import { messagesFor } from '../messages.js';
import type { AlertSubscription } from '../ports/proactive.js';
import type { Reply } from '../reply.js';
import { createFormatter } from '../values/format.js';
import {
  CLAIM_HOLD_MS,
  ClaimHeldError,
  clientFor,
  DeliveryFailedError,
  type ProactiveContext,
  recipientLocale,
} from './context.js';
import { type PaceOptions, runPaced } from './paced.js';

export interface AlertSweepOptions {
  /** Re-arm once the balance is this many percent above the threshold. Default 10. */
  marginPercent: number;
  pace: PaceOptions;
}

export interface SweepResult {
  checked: number;
  alerted: number;
  rearmed: number;
  failed: number;
  paused: number;
}

/** How long an alert's once-only claim is kept: far longer than any restart or sweep. */
const ALERT_CLAIM_TTL_MS = 90 * 86_400_000;

/**
 * One sweep over every watched account (docs/proactive.md §1.3), in process: each account checked by
 * {@link checkAlert}. A failure is logged and left for the next sweep, never shown.
 */
export async function sweepAlerts(ctx: ProactiveContext, o: AlertSweepOptions): Promise<SweepResult> {
  const result: SweepResult = { checked: 0, alerted: 0, rearmed: 0, failed: 0, paused: 0 };
  const subs: AlertSubscription[] = [];
  for await (const sub of ctx.stores.proactive.alerts.list()) if (!sub.paused) subs.push(sub);
  await runPaced(subs, (sub) => checkOne(ctx, o, sub, result), o.pace);
  return result;
}

async function checkOne(
  ctx: ProactiveContext,
  o: AlertSweepOptions,
  sub: AlertSubscription,
  result: SweepResult,
): Promise<void> {
  try {
    const outcome = await checkAlert(ctx, o.marginPercent, sub);
    if (outcome !== 'gone') result.checked += 1;
    if (outcome === 'alerted' || outcome === 'rearmed' || outcome === 'paused') result[outcome] += 1;
  } catch (err) {
    result.failed += 1;
    ctx.logger.warn(
      { alert: sub.id, err: errorSummary(err) },
      'alert sweep: check failed; next sweep retries',
    );
  }
}

/** What one check did; `checked`: read, nothing to do. */
export type AlertOutcome = 'checked' | 'alerted' | 'rearmed' | 'paused' | 'gone';

/**
 * One watched account (the sweep's item, or one queue job): read the balance, apply the
 * hysteresis, alert once per crossing. Throws when it should be tried again: the provider or the
 * delivery failed, or another run holds the alert's claim (a killed worker's, until it expires).
 */
export async function checkAlert(
  ctx: ProactiveContext,
  marginPercent: number,
  sub: AlertSubscription,
): Promise<AlertOutcome> {
  const store = ctx.stores.proactive.alerts;
  const client = await clientFor(ctx, sub);
  if (!client) {
    // The account was unlinked: its alert goes with it (unless it was set again meanwhile).
    await store.retire(sub);
    return 'gone';
  }
  const { account } = await client.onlinecallthrough();
  const next = nextAlertState(sub, account.balance, marginPercent);
  if (!next.fire) {
    if (!next.armed || sub.armed) return 'checked';
    return (await store.settle(sub, { armed: true })) ? 'rearmed' : 'checked';
  }
  // The balance took a while to read: a threshold changed or switched off meanwhile is not alerted.
  if ((await store.get(sub.id))?.rev !== sub.rev) return 'checked';
  // Once per crossing across instances, restarts and redelivered jobs: the claim is keyed by the
  // alert's generation, held while sending and confirmed once sent.
  const claims = ctx.stores.proactive.claims;
  const claim = `alert:${sub.id}:${sub.generation}`;
  const state = await ctx.confirmer.begin(claim, ctx.claimHoldMs ?? CLAIM_HOLD_MS);
  if (state === 'held') throw new ClaimHeldError(claim);
  if (state === 'done') {
    await store.settle(sub, { armed: false, generation: sub.generation + 1 });
    return 'checked';
  }
  // Worded in the recipient's language of now, not of when the alert was set (docs/architecture.md §8.3.3).
  const here = { ...sub, locale: await recipientLocale(ctx, sub) };
  const { full, publicVersion } = alertReplies(here, account.balance);
  const sent = await ctx.outbox.deliver(sub.destination, sub.setBy, full, publicVersion);
  if (sent.status === 'failed') {
    // Not delivered: give the claim back, a retry (or the next sweep) tries again.
    await claims.release(claim);
    throw new DeliveryFailedError();
  }
  // Sent: only the confirm is written again if it fails, never the alert (docs/reliability.md §8.4).
  await ctx.confirmer.confirm(claim, ALERT_CLAIM_TTL_MS, 'alert');
  const now = ctx.clock().toISOString();
  // The sweep's own fields, onto the setting it read (docs/reliability.md §8): a `/alert off` or a
  // new threshold during the sweep wins.
  await store.settle(sub, {
    armed: false,
    generation: sub.generation + 1,
    lastAlertAt: now,
    ...(sent.status === 'refused' ? { paused: { reason: sent.reason, at: now } } : {}),
  });
  return sent.status === 'refused' ? 'paused' : 'alerted';
}

function alertReplies(sub: AlertSubscription, balance: AlertSubscription['threshold']) {
  const t = messagesFor(sub.locale);
  const fmt = createFormatter(sub.locale ?? 'en');
  const threshold = { ...sub.threshold, currency: sub.threshold.currency || balance.currency };
  // Buttons run a command as whoever presses them: the top-up flow (private only) and /alert.
  const actions = [
    {
      label: t.alertTopUpButton,
      actionId: encodeButton({ kind: 'run', command: 'topup' }),
      style: 'primary' as const,
    },
    { label: t.alertChangeButton, actionId: encodeButton({ kind: 'run', command: 'alert' }) },
  ];
  const full: Reply = {
    title: t.alertLowTitle,
    text: t.alertLow(sub.label, fmt.money(balance), fmt.money(threshold)),
    tone: 'warning',
    visibility: 'personal',
    actions,
  };
  const publicVersion: Reply = { title: t.alertLowTitle, text: t.alertLowPublic(sub.label), tone: 'warning' };
  return { full, publicVersion };
}
