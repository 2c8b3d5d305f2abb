import type { Platform } from '../identity.js';

/**
 * Where the core speaks first (docs/proactive.md §4.1): a user's private chat (Telegram private chat, Slack DM,
 * the console) or a shared chat (a Telegram group, a Slack support channel).
 */
export type NotifyDestination =
  | { readonly platform: Platform; readonly tenant: string; readonly kind: 'user'; readonly user: string }
  | { readonly platform: Platform; readonly tenant: string; readonly kind: 'chat'; readonly chatId: string };

/** A message the bot sent, so it can be edited later (the call card). Opaque ids of the platform. */
export interface SentMessage {
  readonly platform: Platform;
  readonly tenant: string;
  readonly chatId: string;
  /** Telegram `message_id`, Slack `ts`, a console counter. */
  readonly messageId: string;
}

/**
 * The platform refuses this destination for good: a Telegram user blocked the bot (403), a chat is
 * gone, a Slack channel was archived or the app left it. The subscription is paused, never retried.
 */
export class NotifyRefusedError extends Error {
  override readonly name = 'NotifyRefusedError';
  readonly code = 'NOTIFY_REFUSED';
  constructor(
    /** The platform's short reason, e.g. `bot was blocked by the user`, `channel_not_found`. Never user text. */
    readonly reason: string,
  ) {
    super(`the platform refused the message: ${reason}`);
  }
}

/** Where a reply sent in answer to a command landed, reported back by the adapter (`Core.messageSent`). */
export interface TrackedMessage {
  /** The reply's `track` key. */
  readonly track: string;
  readonly message: SentMessage;
}
