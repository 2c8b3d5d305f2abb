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
  /** Telegram `message_id`, Slack `ts`, a console counter; empty for a Slack answer through `responseUrl`. */
  readonly messageId: string;
  /**
   * A Slack answer sent through a `response_url` (no `ts`): it is replaced through that URL, which
   * Slack takes 5 times within 30 minutes of `since` (ISO 8601); later an edit is skipped
   * (docs/interface.md §2.6). A token of sorts: sealed where it is stored.
   */
  readonly responseUrl?: { readonly url: string; readonly since: string };
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

/**
 * What a send reports when it did not end in `sent` (docs/reliability.md §2.4): `refused`, the
 * platform answered no (400, 403, 404; a 429 not waited out): nothing was posted, so a plainer form or
 * another place may follow. `unknown`: no answer (5xx, a lost connection, a timeout): it may have
 * been posted, so the same content is never sent again.
 */
export type SendFailure = 'refused' | 'unknown';

/**
 * A send that did not end in `sent`, as the adapter classified the platform's answer. `reason` is a
 * short fixed word (`400`, `404`, `5xx`, `network`, `not-private`), never user text: it is a metric label.
 */
export class SendFailedError extends Error {
  override readonly name = 'SendFailedError';
  readonly code = 'SEND_FAILED';
  constructor(
    readonly report: SendFailure,
    readonly reason: string,
    options?: ErrorOptions,
  ) {
    super(`send ${report}: ${reason}`, options);
  }
}

/** Where a reply sent in answer to a command landed, reported back by the adapter (`Core.messageSent`). */
export interface TrackedMessage {
  /** The reply's `track` key. */
  readonly track: string;
  readonly message: SentMessage;
}
