import type { Api } from 'grammy';
import type { ChannelCapabilities, Language, RecordStore, ScheduledDeletion } from '../../core/index.js';
import type { Press } from './ephemeral.js';
import type { EphemeralCapability } from './ephemeral-capability.js';
import type { TelegramMessages } from './messages.js';
import type { TelegramLogger } from './options.js';
import type { DraftStops } from './progress.js';
import type { Scheduler } from './secret-deletions.js';
import { telegramWords } from './words/index.js';

/** Where an update came from, and to whom a private reply goes. */
export interface DeliveryTarget {
  chat: { id: number; kind: 'private' | 'shared' };
  /** In a private chat the chat id equals the user id (Bot API), so this is where private replies go. */
  user: { id: number; name: string };
  /** The user's message, to reply to in a group and to delete when it held a secret. */
  incomingMessageId?: number;
  /** The button press being answered: its callback query, and the ephemeral message pressed, if one was. */
  press?: Press;
}

export interface DelivererOptions {
  api: Api;
  /** Read lazily: known only after `bot.init()`. */
  botUsername: () => string;
  /** The adapter's own strings in the reader's language (`Reply.language`, set by the core). */
  messages: (language: Language) => TelegramMessages;
  logger: TelegramLogger;
  /** Runs a task later: deleting a secret's message after the core's `deleteAfterMs` (docs/privacy.md §2.3). */
  scheduler: Scheduler;
  /** Where pending deletions survive a restart (the store); absent: memory only. */
  deletions?: RecordStore<ScheduledDeletion>;
  /**
   * Whether a message can be shown to one member inside a group (ephemeral messages, Bot API 10.2),
   * as learnt at start (ephemeral-capability.ts). Default on; off, the core sends an `actor` reply
   * to the private chat instead.
   */
  ephemeral?: EphemeralCapability;
  /** Drafts the person stopped (progress.ts); absent: nobody can stop a job. */
  draftStops?: DraftStops;
}

/**
 * Telegram's primitives of the one road out (core/ports/channel.ts): renders and sends, edits,
 * deletes, uploads, and shows a message to one member of a group (an ephemeral message,
 * ephemeral.ts). Where a reply goes is the core's executor's decision (delivery-executor.ts).
 */
export const TELEGRAM_CAN: ChannelCapabilities = {
  showToOne: true,
  deleteIncoming: true,
  deleteLater: true,
  secretForm: false,
  hiddenInput: false,
  edit: true,
  privateWords: {
    en: telegramWords.en.privateConversation,
    de: telegramWords.de.privateConversation,
  },
};
