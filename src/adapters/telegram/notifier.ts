import { type Channel, type Conversation, errorSummary, NotifyRefusedError } from '../../core/index.js';
import type { Deliverer } from './deliver.js';
import { isUnreachable } from './deliver.js';
import { platformError } from './send-report.js';

/**
 * Where the core speaks first on Telegram (docs/proactive.md §4.1): the deliverer's primitives, with 403 (blocked,
 * kicked) and "chat not found" turned into refusals the core pauses on; everything else (429 after
 * auto-retry, 5xx) is passed on to be retried later.
 */
export function createTelegramNotifier(deliverer: Deliverer): Channel {
  const channel = deliverer.channel();
  return {
    ...channel,
    open(to) {
      const conv = channel.open(to);
      const refused: Conversation = {
        ...conv,
        post: (reply, form) => refusals(() => conv.post(reply, form)),
      };
      return refused;
    },
    edit: (message, reply, form) => refusals(() => channel.edit(message, reply, form)),
  };
}

async function refusals<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const { description } = errorSummary(platformError(error));
    if (isUnreachable(error) || /message to edit not found|message can't be edited/i.test(description ?? ''))
      throw new NotifyRefusedError(description ?? 'refused');
    throw error;
  }
}
