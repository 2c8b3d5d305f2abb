import { SendFailedError } from '../../core/index.js';

/**
 * One Connector API call with Teams' rate limits honoured (docs/teams.md §4): a 429 or 412 (refused
 * before anything was posted) is retried after its `Retry-After`, else after a capped, jittered
 * backoff; any other refusal is `refused` (nothing was posted: another form or place may follow).
 * A 502 or 504, which Teams asks bots to retry, is NOT retried here: the message may already be
 * posted, and the bot's one rule is that content after no answer is never sent again (`unknown`,
 * docs/reliability.md §2.4).
 */
export interface RetryPolicy {
  /** Attempts in all, the first included. */
  readonly attempts: number;
  /** Waits `ms` (a test's clock advances instead). */
  readonly sleep: (ms: number) => Promise<void>;
  /** 0..1; the jitter's draw (a test fixes it). */
  readonly random?: () => number;
  /** The clock the rate windows count on (ms); default `Date.now` (a test's clock instead). */
  readonly now?: () => number;
}

export const DEFAULT_RETRY: RetryPolicy = {
  attempts: 4,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

const RETRIED = new Set([429, 412]);
const MAX_WAIT_MS = 30_000;

/** The status and `Retry-After` of the SDK's `HttpError` (matched by shape, never by class). */
export function statusOf(error: unknown): { status?: number; retryAfter?: string; code?: string } {
  const e = error as {
    status?: unknown;
    response?: { headers?: { get?: (n: string) => string | null } | Record<string, string>; data?: unknown };
  };
  const headers = e?.response?.headers;
  const retryAfter =
    headers && typeof (headers as { get?: unknown }).get === 'function'
      ? ((headers as { get: (n: string) => string | null }).get('retry-after') ?? undefined)
      : (headers as Record<string, string> | undefined)?.['retry-after'];
  const data = e?.response?.data as { error?: { code?: string } } | undefined;
  return {
    ...(typeof e?.status === 'number' ? { status: e.status } : {}),
    ...(retryAfter ? { retryAfter } : {}),
    ...(data?.error?.code ? { code: data.error.code } : {}),
  };
}

/** Waits before attempt `n` (1-based) after `retryAfter`: its seconds, else 0.5 s doubling, with jitter. */
export function waitBefore(n: number, retryAfter: string | undefined, random: () => number): number {
  const seconds = Number(retryAfter);
  if (retryAfter !== undefined && Number.isFinite(seconds) && seconds >= 0)
    return Math.min(seconds * 1000, MAX_WAIT_MS);
  const base = Math.min(500 * 2 ** (n - 1), MAX_WAIT_MS);
  return Math.round(base / 2 + (base / 2) * random());
}

export async function withRetry<T>(policy: RetryPolicy, call: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await call();
    } catch (error) {
      const { status, retryAfter } = statusOf(error);
      if (status !== undefined && RETRIED.has(status) && attempt < policy.attempts) {
        await policy.sleep(waitBefore(attempt, retryAfter, policy.random ?? Math.random));
        continue;
      }
      throw failure(error);
    }
  }
}

/** A failed call as the core's road out reads it (ports/notify.ts). */
export function failure(error: unknown): SendFailedError {
  const { status } = statusOf(error);
  if (status !== undefined && status >= 400 && status < 500)
    return new SendFailedError('refused', String(status));
  return new SendFailedError('unknown', status !== undefined ? '5xx' : 'network');
}
