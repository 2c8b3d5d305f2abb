import { hasCode, isProviderError } from './errors.js';

export interface RetryOptions {
  /** Further attempts after the first, for safe reads only. Default 2. */
  maxRetries?: number;
  /** First backoff step, ms. Default 200. */
  baseDelayMs?: number;
  /** Cap on one backoff step, ms. Default 2 000. */
  maxDelayMs?: number;
  /** A `Retry-After` longer than this is not waited out; the error is raised instead. Default 10 000. */
  maxRetryAfterMs?: number;
}

export type ResolvedRetryOptions = Required<RetryOptions>;

export function resolveRetryOptions(options: RetryOptions = {}): ResolvedRetryOptions {
  return {
    maxRetries: options.maxRetries ?? 2,
    baseDelayMs: options.baseDelayMs ?? 200,
    maxDelayMs: options.maxDelayMs ?? 2_000,
    maxRetryAfterMs: options.maxRetryAfterMs ?? 10_000,
  };
}

export interface RetryContext {
  /** From the operation table: reads are safe, provider-notes §3 operations are not. */
  safeToRetry: boolean;
  error: unknown;
  /** Retries already made (0 after the first attempt failed). */
  retriesSoFar: number;
  options: ResolvedRetryOptions;
}

/**
 * The one retry predicate (after stripe-node `_shouldRetry`). Pure, so it is tested as a table.
 * Only safe reads are retried, and only when no usable answer came or the provider said 504
 * ("platform failure, try again later", provider-notes 1.3). A caller's abort is never retried.
 */
export function shouldRetry(ctx: RetryContext): boolean {
  if (!ctx.safeToRetry) return false;
  if (ctx.retriesSoFar >= ctx.options.maxRetries) return false;
  const err = ctx.error;
  if (hasCode(err, 'TEL_TIMEOUT')) return true;
  if (hasCode(err, 'TEL_TRANSPORT')) {
    if (err.aborted) return false;
    if (err.retryAfterSeconds !== undefined && err.retryAfterSeconds * 1000 > ctx.options.maxRetryAfterMs)
      return false;
    return true;
  }
  if (isProviderError(err)) return err.providerCode === 504;
  return false;
}

/**
 * Capped exponential backoff with full jitter; a `Retry-After` is honoured as the floor.
 * `random` is injected so the schedule is testable.
 */
export function retryDelayMs(
  retriesSoFar: number,
  error: unknown,
  options: ResolvedRetryOptions,
  random: () => number = Math.random,
): number {
  const exp = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** retriesSoFar);
  const jittered = Math.floor(exp / 2 + random() * (exp / 2));
  const retryAfter =
    hasCode(error, 'TEL_TRANSPORT') && error.retryAfterSeconds !== undefined
      ? error.retryAfterSeconds * 1000
      : 0;
  return Math.max(jittered, Math.min(retryAfter, options.maxRetryAfterMs));
}
