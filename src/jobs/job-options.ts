import type { JobsOptions } from 'bullmq';
import { type ErrorSummary, errorSummary } from '../core/logs/safe-error.js';
import type { JobKindName } from '../core/ports/jobs.js';

/** What a job carries: the kind and, for an item, the record's id; never personal data. */
export type JobData = { kind: JobKindName; id?: string };

/** `tick`: a schedule fired, fan its items out. `item`: one account, call or digest. */
export type JobName = 'tick' | 'item';

/**
 * BullMQ runs the lowest number first. A tick fans out at once; a call report is a user waiting on
 * their call card, so it never queues behind a 100,000-account sweep; digests wait the longest.
 */
export const PRIORITY: Record<JobKindName | 'tick', number> = {
  tick: 1,
  'call-reports': 2,
  // A call past what its spend limit allows is costing money now.
  'call-cutoffs': 1,
  approvals: 2,
  // A person may be looking at the confirmation's buttons.
  'confirm-expiry': 2,
  alerts: 3,
  limits: 3,
  'card-caps': 3,
  digests: 4,
};

/** Retries and what is kept; one place, so the items and the ticks agree. */
export interface RetryPolicy {
  /** Tries in all before the failed set. */
  attempts: number;
  /** The first retry's delay; each next one doubles it (BullMQ's exponential backoff). */
  backoffMs: number;
}

/**
 * Finished jobs are dropped (a sweep makes 100,000 a quarter hour); failed ones stay a week, for
 * `telephony-bot jobs failed` and `jobs retry`.
 */
const KEEP = {
  removeOnComplete: { age: 3600, count: 1000 },
  removeOnFail: { age: 7 * 86_400, count: 50_000 },
} as const;

/** The options of one item's job, deduplicated while one for the same record waits or runs. */
export function itemOptions(kind: JobKindName, id: string, retry: RetryPolicy): JobsOptions {
  return {
    priority: PRIORITY[kind],
    attempts: retry.attempts,
    backoff: { type: 'exponential', delay: retry.backoffMs },
    // A slow sweep still running when the next tick fires, or a tick fanned out twice after a crash,
    // adds nothing for an account whose job has not finished yet.
    deduplication: { id: `${kind}-${id}` },
    ...KEEP,
  };
}

/** The options of the job a schedule makes at each tick. */
export function tickOptions(retry: RetryPolicy): JobsOptions {
  return {
    priority: PRIORITY.tick,
    attempts: retry.attempts,
    backoff: { type: 'exponential', delay: retry.backoffMs },
    ...KEEP,
  };
}

/**
 * What a failed job keeps in Redis (`failedReason`, shown by `jobs failed`): the safe summary, never
 * the error's message, which may quote a number or a provider's text (src/core/logs/safe-error.ts).
 */
export function safeJobError(err: unknown): Error {
  const s = errorSummary(err);
  const safe = new Error(describeSummary(s));
  safe.name = s.name;
  safe.stack = `${safe.name}: ${safe.message}`;
  return safe;
}

function describeSummary(s: ErrorSummary): string {
  const parts = [s.name];
  if (s.code !== undefined) parts.push(`code ${s.code}`);
  if (s.status !== undefined) parts.push(`HTTP ${s.status}`);
  if (s.method !== undefined) parts.push(s.method);
  if (s.providerCode !== undefined) parts.push(`provider ${s.providerCode}`);
  if (s.description !== undefined) parts.push(s.description);
  return parts.join(', ');
}
