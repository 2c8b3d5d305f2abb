import type { Transformer } from 'grammy';
import type { ApiResponse } from 'grammy/types';

export interface SendRetryOptions {
  /** A `retry_after` above this fails the call instead of waiting (a reply that late is stale). */
  maxDelaySeconds: number;
  maxRetryAttempts: number;
  /** Waits `retry_after`; tests pass one that does not sleep. */
  sleep: (ms: number) => Promise<void>;
}

/**
 * The one retry rule of every call after start (docs/reliability.md §2.4), a pure predicate: how long
 * to wait before the next attempt, or `undefined` to answer now. Only a 429 with `retry_after` is
 * waited out: Telegram did not carry the call out, so a retry cannot post twice, whatever the method
 * (`sendRichMessage`, `editEphemeralMessageText` as much as `sendMessage`). A 5xx or no answer is
 * never retried: Telegram may already have posted it (the core's road out reports it as unknown).
 */
export function floodWaitMs(
  response: ApiResponse<unknown>,
  attempt: number,
  options: Pick<SendRetryOptions, 'maxDelaySeconds' | 'maxRetryAttempts'>,
): number | undefined {
  if (response.ok || response.error_code !== 429) return undefined;
  const after = response.parameters?.retry_after;
  if (after === undefined || after > options.maxDelaySeconds || attempt > options.maxRetryAttempts)
    return undefined;
  return after * 1000;
}

/**
 * {@link floodWaitMs} as an API transformer, on every method but `getUpdates` (the runner has its own
 * retry) and the set-up calls ({@link createSetupRetry} retries those).
 */
export function createSendRetry(options: SendRetryOptions): Transformer {
  return async (prev, method, payload, signal) => {
    if (method === 'getUpdates' || SETUP_METHODS.has(method)) return prev(method, payload, signal);
    for (let attempt = 1; ; attempt++) {
      const response = await prev(method, payload, signal);
      const wait = floodWaitMs(response, attempt, options);
      if (wait === undefined || signal?.aborted) return response;
      await options.sleep(wait);
    }
  };
}

/**
 * Methods called while the channel starts. Each is idempotent (asking twice to set the same webhook
 * or menu, or to read `getMe`, changes nothing), so any answer that may be passing is retried.
 */
export const SETUP_METHODS: ReadonlySet<string> = new Set([
  'getMe',
  'setWebhook',
  'deleteWebhook',
  'setMyCommands',
]);

export interface SetupRetryOptions {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  /** A `retry_after` above this gives up instead of waiting. */
  maxDelayMs: number;
  /** Waits between attempts; tests pass one that records the delays instead of sleeping. */
  sleep: (ms: number) => Promise<void>;
  /** Told before each wait, so a start that is waiting says why. */
  onRetry?: (info: { method: string; attempt: number; delayMs: number; reason: string }) => void;
}

/**
 * Retries the set-up calls of {@link SETUP_METHODS} when Telegram's answer says "later": 429 (waits
 * its `retry_after`, Bot API "Response parameters"), 5xx, or no answer at all (network), with a
 * doubling backoff. Any other refusal (400 bad webhook URL, 401 bad token, 404) is returned at once:
 * it will not change by waiting, and the start must fail with Telegram's own description.
 * Two replicas starting together hit the 429s this exists for (docs/operations.md §1.2).
 */
export function createSetupRetry(options: SetupRetryOptions): Transformer {
  return async (prev, method, payload, signal) => {
    if (!SETUP_METHODS.has(method)) return prev(method, payload, signal);
    for (let attempt = 1; ; attempt++) {
      let delayMs: number;
      let reason: string;
      try {
        const res = await prev(method, payload, signal);
        if (res.ok) return res;
        if (res.error_code === 429) {
          delayMs = (res.parameters?.retry_after ?? 1) * 1000;
          reason = `429 retry after ${res.parameters?.retry_after ?? 1} s`;
        } else if (res.error_code >= 500) {
          delayMs = backoffMs(attempt);
          reason = `${res.error_code} ${res.description}`;
        } else return res;
        if (attempt >= options.maxAttempts || delayMs > options.maxDelayMs) return res;
      } catch (error) {
        // No answer (connection refused, reset, DNS): grammY's HttpError.
        if (signal?.aborted || attempt >= options.maxAttempts) throw error;
        delayMs = backoffMs(attempt);
        reason = (error as Error).message;
      }
      options.onRetry?.({ method, attempt, delayMs, reason });
      await options.sleep(delayMs);
    }
  };
}

/** 0.5 s, 1 s, 2 s, 4 s …, capped at 8 s. */
function backoffMs(attempt: number): number {
  return Math.min(500 * 2 ** (attempt - 1), 8_000);
}
