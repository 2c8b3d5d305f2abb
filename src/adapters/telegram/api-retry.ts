import { autoRetry } from '@grammyjs/auto-retry';
import type { Transformer } from 'grammy';

/**
 * Methods retried on Telegram's 429. A 429 means Telegram did not carry the call out, so a retry
 * cannot duplicate a message; these are the sends and edits issue 5 names. Nothing else is retried
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
 * message, and a retry could post it twice (issue 5, "for sends and edits only").
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
