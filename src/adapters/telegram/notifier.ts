import { type Notifier, NotifyRefusedError, type SentMessage } from '../../core/notify/notifier.js';
import { errorSummary } from '../../core/safe-error.js';
import type { Deliverer } from './deliver.js';
import { isUnreachable } from './deliver.js';

/**
 * The core's outbound port on Telegram (issue 15): a user's private chat is the chat whose id is the
 * user id (Bot API), a group is its chat id. 403 (blocked, kicked) and "chat not found" are refusals
 * the core pauses on; everything else (429 after auto-retry, 5xx) is passed on to be retried later.
 */
export function createTelegramNotifier(deliverer: Deliverer): Notifier {
  return {
    platform: 'telegram',
    async send(to, reply) {
      const chatId = to.kind === 'user' ? to.user : to.chatId;
      const id = await refusals(() => deliverer.post(Number(chatId), reply));
      const sent: SentMessage = { platform: 'telegram', tenant: '', chatId, messageId: String(id ?? '') };
      return sent;
    },
    async edit(message, reply) {
      await refusals(() => deliverer.replace(Number(message.chatId), Number(message.messageId), reply));
    },
  };
}

async function refusals<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const { description } = errorSummary(error);
    if (isUnreachable(error) || /message to edit not found|message can't be edited/i.test(description ?? ''))
      throw new NotifyRefusedError(description ?? 'refused');
    throw error;
  }
}
