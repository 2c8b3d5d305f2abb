import { HttpError } from 'grammy';
import { errorSummary, SendFailedError } from '../../core/index.js';

/**
 * What a failed Bot API send reports to the core's road out (core/ports/notify.ts, docs/reliability.md §2.4),
 * matched on Telegram's `error_code`: an answer below 500
 * (400, 403, 404, a 429 not waited out) is `refused`, nothing was posted; 500 and above, or no
 * answer at all (grammY's HttpError: reset, timeout), is `unknown`. Anything else is a bug here and
 * is thrown as it is.
 */
export function sendFailure(error: unknown): SendFailedError | undefined {
  if (error instanceof SendFailedError) return error;
  const { code } = errorSummary(error);
  const options = { cause: error };
  if (typeof code === 'number' && code >= 400)
    return code >= 500
      ? new SendFailedError('unknown', '5xx', options)
      : new SendFailedError('refused', String(code), options);
  if (error instanceof HttpError) return new SendFailedError('unknown', 'network', options);
  return undefined;
}

/** Runs one send; a failure leaves as the {@link SendFailedError} the core reads. */
export async function reported<T>(send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    throw sendFailure(error) ?? error;
  }
}

/** The Bot API error under a classified failure (for the rules that read Telegram's own answer). */
export function platformError(error: unknown): unknown {
  return error instanceof SendFailedError && error.cause !== undefined ? error.cause : error;
}

/**
 * The user's private chat cannot be reached: 403 (never started the bot, or blocked it) or 400
 * "chat not found". Matched on the Bot API's `error_code`, not on a class.
 */
export function isUnreachable(error: unknown): boolean {
  const { code, description } = errorSummary(platformError(error));
  return code === 403 || (code === 400 && /chat not found/i.test(description ?? ''));
}
