import type { Transformer } from 'grammy';

/**
 * Counts every failed Bot API attempt by method and Telegram's `error_code` (`network` when no
 * answer came), for the operator's alerts (docs/operations.md §4.2). Installed first, so it sits
 * under the retry layers and sees each attempt, a 429 waited out included. Never sees a payload's
 * text: only the method's name and the code leave here.
 */
export function apiErrorCounter(onApiError: (method: string, code: string) => void): Transformer {
  return async (prev, method, payload, signal) => {
    try {
      const res = await prev(method, payload, signal);
      if (!res.ok) onApiError(method, String(res.error_code));
      return res;
    } catch (error) {
      if (!signal?.aborted) onApiError(method, 'network');
      throw error;
    }
  };
}
