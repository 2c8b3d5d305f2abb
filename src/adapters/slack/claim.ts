import { isStoreUnavailable } from '../../core/delivery/error-replies.js';
import { messagesFor } from '../../core/messages.js';
import type { SlackHandlerDeps } from './deps.js';
import type { ReplyTarget } from './responder.js';

/**
 * The "run once" claim of a request, or why not: `duplicate` (a retry, or another instance has
 * it) or `unavailable` (the shared store is down, issue 10). Slack does not redeliver slash
 * commands or button presses, so while the store is down the user is told at once, in the words
 * the core chose, and nothing runs.
 */
export async function claimRequest(
  deps: SlackHandlerDeps,
  key: string,
  target: ReplyTarget,
): Promise<'first' | 'duplicate' | 'unavailable'> {
  try {
    return (await deps.options.dedupe.claim(key, deps.options.dedupeTtlMs)) ? 'first' : 'duplicate';
  } catch (error) {
    if (!isStoreUnavailable(error)) throw error;
    deps.options.logger.warn({}, 'Slack: store unavailable, request not run');
    await deps.responder.notice(target, messagesFor(undefined).storeUnavailable).catch(() => undefined);
    return 'unavailable';
  }
}
