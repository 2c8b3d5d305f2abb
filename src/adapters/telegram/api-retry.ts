import { autoRetry } from '@grammyjs/auto-retry';
import type { Transformer } from 'grammy';

/**
 * Methods retried on Telegram's 429. A 429 means Telegram did not carry the call out, so a retry
 * cannot duplicate a message; these are the sends and edits docs/reliability.md §2.3 names. Nothing else is retried
 * here: `getUpdates` has the runner's own retry, and `setWebhook`/`setMyCommands` run once at start.
 */
export const RETRIED_METHODS: ReadonlySet<string> = new Set([
  'sendMessage',
  'editMessageText',
  'sendDocument',
  'answerCallbackQuery',
  'deleteMessage',
]);

export interface SendRetryOptions {
  /** A `retry_after` above this fails the call instead of waiting (a reply that late is stale). */
  maxDelaySeconds: number;
  maxRetryAttempts: number;
}

/**
 * The auto-retry plugin as an API transformer, limited to `RETRIED_METHODS` and to 429s: 5xx and
 * network errors are rethrown, because after those we do not know whether Telegram already sent the
 * message, and a retry could post it twice (docs/reliability.md §2.3).
 */
export function createSendRetry(options: SendRetryOptions): Transformer {
  const retry = autoRetry({
    maxDelaySeconds: options.maxDelaySeconds,
    maxRetryAttempts: options.maxRetryAttempts,
    rethrowInternalServerErrors: true,
    rethrowHttpErrors: true,
  });
  return (prev, method, payload, signal) =>
    RETRIED_METHODS.has(method) ? retry(prev, method, payload, signal) : prev(method, payload, signal);
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
