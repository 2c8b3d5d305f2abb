import type { Platform } from '../../src/core/identity.js';
import {
  type Notifier,
  type NotifyDestination,
  NotifyRefusedError,
  type SentMessage,
} from '../../src/core/notify/notifier.js';
import type { Reply } from '../../src/core/reply.js';

/** A notifier that records what the core sends first, and can refuse like a platform (blocked bot). */
export interface RecordingNotifier extends Notifier {
  sent: { to: NotifyDestination; reply: Reply; message: SentMessage }[];
  edits: { message: SentMessage; reply: Reply }[];
  /** Every later send or edit is refused with this reason (a user blocked the bot). */
  refuse(reason: string | undefined): void;
  /** Every later send fails once like a passing outage (5xx, timeout). */
  failNext(n: number): void;
  attempts: number;
}

export function createRecordingNotifier(platform: Platform = 'console'): RecordingNotifier {
  let refusal: string | undefined;
  let failures = 0;
  let counter = 0;
  const n: RecordingNotifier = {
    platform,
    sent: [],
    edits: [],
    attempts: 0,
    refuse: (reason) => {
      refusal = reason;
    },
    failNext: (count) => {
      failures = count;
    },
    async send(to, reply) {
      n.attempts += 1;
      if (refusal) throw new NotifyRefusedError(refusal);
      if (failures > 0) {
        failures -= 1;
        throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
      }
      const chatId = to.kind === 'user' ? to.user : to.chatId;
      const message = { platform, tenant: to.tenant, chatId, messageId: String(++counter) };
      n.sent.push({ to, reply, message });
      return message;
    },
    async edit(message, reply) {
      n.attempts += 1;
      if (refusal) throw new NotifyRefusedError(refusal);
      n.edits.push({ message, reply });
    },
  };
  return n;
}
