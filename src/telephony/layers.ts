import { setTimeout as sleep } from 'node:timers/promises';
import { hasCode, OutcomeUnknownError, ResponseShapeError } from './errors.js';
import type { OperationSpec } from './operations.js';
import { type ResolvedRetryOptions, retryDelayMs, shouldRetry } from './retry.js';

/** Minimal pino-compatible logger. Only operation names, statuses, codes and timings are logged. */
export interface ClientLogger {
  debug(obj: Record<string, unknown>, msg?: string): void;
  warn(obj: Record<string, unknown>, msg?: string): void;
}

/** Server clock minus local clock, ms; shared and updated by the clients that hold it. */
export interface ClockSkew {
  offsetMs: number;
}

/** Per-call options. */
export interface CallOptions {
  signal?: AbortSignal;
  /** Overrides the client's timeout for this call. */
  timeoutMs?: number;
}

/** One call on its way through the layers. */
export interface CallRequest {
  readonly name: string;
  readonly label: string;
  readonly spec: OperationSpec;
  readonly wire: Record<string, string>;
  readonly options: CallOptions;
}

export type Call = (request: CallRequest) => Promise<unknown>;
/** A layer around the call path (after grammY's API transformers). */
export type Transformer = (next: Call) => Call;

/**
 * provider-notes 1.2: after 1011/1012, learn the offset from `Date` and re-sign and resend once.
 * The provider refused that request before acting on it, so even a never-retry write may be resent.
 */
export function skewLayer(skew: ClockSkew, clock: () => Date, logger?: ClientLogger): Transformer {
  return (next) => (req) =>
    next(req).catch((err: unknown) => {
      if (!hasCode(err, 'TEL_CLOCK_SKEW') || !err.serverDate) throw err;
      skew.offsetMs = err.serverDate.getTime() - clock().getTime();
      logger?.warn({ operation: req.label, skewMs: skew.offsetMs }, 'clock skew learned; re-signing once');
      return next(req);
    });
}

/** Safe reads only, capped jittered backoff, Retry-After honoured (docs/architecture.md §7, stripe-node). */
export function retryLayer(
  options: ResolvedRetryOptions,
  random: () => number,
  logger?: ClientLogger,
): Transformer {
  return (next) => {
    const attempt = (req: CallRequest, retries: number): Promise<unknown> =>
      next(req).catch(async (err: unknown) => {
        const safeToRetry = req.spec.safeToRetry;
        if (!shouldRetry({ safeToRetry, error: err, retriesSoFar: retries, options })) throw err;
        const delay = retryDelayMs(retries, err, options, random);
        logger?.debug({ operation: req.label, retry: retries + 1, delayMs: delay }, 'retrying read');
        await sleep(delay, undefined, { signal: req.options.signal });
        return attempt(req, retries + 1);
      });
    return (req) => attempt(req, 0);
  };
}

/**
 * provider-notes §3: a never-retry operation without a usable answer has an unknown outcome. That
 * covers no answer (timeout, dropped connection, 5xx without an envelope) and an answer that cannot
 * be read: the provider may have acted either way, so "nothing was changed" would be a guess.
 */
export const outcomeLayer: Transformer = (next) => (req) => {
  if (req.spec.safeToRetry) return next(req);
  return next(req).catch((err: unknown) => {
    // Only when the request may have arrived: one that timed out still queued was never written.
    if ((hasCode(err, 'TEL_TIMEOUT') || hasCode(err, 'TEL_TRANSPORT')) && err.maybeDelivered)
      throw new OutcomeUnknownError(req.label, { cause: err });
    // An answer came but cannot be read: keep its class (it says what went wrong), marked unknown.
    if (hasCode(err, 'TEL_RESPONSE_SHAPE'))
      throw new ResponseShapeError(req.label, err.issues, { cause: err, outcomeUnknown: true });
    throw err;
  });
};
