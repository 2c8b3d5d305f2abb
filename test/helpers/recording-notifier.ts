import { PRIVATE_CHAT } from '../../src/core/delivery/capabilities.js';
import type { Platform } from '../../src/core/identity.js';
import type { Channel, ChannelCapabilities } from '../../src/core/ports/channel.js';
import {
  type NotifyDestination,
  NotifyRefusedError,
  SendFailedError,
  type SentMessage,
} from '../../src/core/ports/notify.js';
import type { Reply } from '../../src/core/reply.js';

/** A channel that records what the core sends first, and can refuse like a platform (blocked bot). */
export interface RecordingNotifier extends Channel {
  sent: { to: NotifyDestination; reply: Reply; message: SentMessage }[];
  edits: { message: SentMessage; reply: Reply }[];
  /** Every later send or edit is refused with this reason (a user blocked the bot). */
  refuse(reason: string | undefined): void;
  /** Every later send fails once like a passing outage (5xx, timeout). */
  failNext(n: number): void;
  /** The next `n` sends get no answer as the adapters report it (a 5xx, a reset): they may have been posted. */
  unknownNext(n: number): void;
  attempts: number;
}

const CAN: ChannelCapabilities = {
  showToOne: false,
  deleteIncoming: false,
  deleteLater: false,
  secretForm: false,
  hiddenInput: false,
  edit: true,
  privateWords: PRIVATE_CHAT,
};

export function createRecordingNotifier(platform: Platform = 'console'): RecordingNotifier {
  let refusal: string | undefined;
  let failures = 0;
  let unknowns = 0;
  let counter = 0;
  const send = async (to: NotifyDestination, reply: Reply): Promise<SentMessage> => {
    n.attempts += 1;
    if (refusal) throw new NotifyRefusedError(refusal);
    if (failures > 0) {
      failures -= 1;
      throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    }
    if (unknowns > 0) {
      unknowns -= 1;
      throw new SendFailedError('unknown', '5xx');
    }
    const chatId = to.kind === 'user' ? to.user : to.chatId;
    const message = { platform, tenant: to.tenant, chatId, messageId: String(++counter) };
    n.sent.push({ to, reply, message });
    return message;
  };
  const n: RecordingNotifier = {
    platform,
    can: CAN,
    sent: [],
    edits: [],
    attempts: 0,
    refuse: (reason) => {
      refusal = reason;
    },
    failNext: (count) => {
      failures = count;
    },
    unknownNext: (count) => {
      unknowns = count;
    },
    // Every conversation only posts, as channelFromSend's do; the sends are recorded here.
    open: (to) => channelFromSend(platform, send).open(to),
    async edit(message, reply) {
      n.attempts += 1;
      if (refusal) throw new NotifyRefusedError(refusal);
      n.edits.push({ message, reply });
    },
  };
  return n;
}

/** Runs `step` right after each post went out, before the core hears back: a race forced in there. */
export function afterEachPost(notifier: RecordingNotifier, step: () => Promise<void>): void {
  const open = notifier.open.bind(notifier);
  notifier.open = (to) => {
    const conv = open(to);
    return {
      ...conv,
      post: async (reply) => {
        const message = await conv.post(reply);
        await step();
        return message;
      },
    };
  };
}

/**
 * A channel whose every conversation only posts, through `send`: what benches and job tests need of
 * the road out (the core speaking first), without a platform.
 */
export function channelFromSend(
  platform: Platform,
  send: (to: NotifyDestination, reply: Reply) => Promise<SentMessage>,
  edit: (message: SentMessage, reply: Reply) => Promise<void> = async () => {},
): Channel {
  const never = async (): Promise<never> => {
    throw new Error('not used by the core speaking first');
  };
  return {
    platform,
    can: CAN,
    open: (to) => ({
      platform,
      can: CAN,
      kind: to.kind === 'user' ? 'private' : 'shared',
      post: (reply) => send(to, reply),
      postPrivately: never,
      showToActor: never,
      editPressed: async () => false,
      deleteIncoming: async () => false,
      upload: never,
    }),
    edit,
  };
}
