import type { Language } from './messages.js';

/**
 * A channel-neutral reply (style.md, after Vercel Chat SDK's message types). Handlers build these;
 * each adapter renders them natively: Telegram HTML with inline keyboards, Slack Block Kit, plain
 * text on the console. All strings are plain text: adapters escape them for their markup.
 */
export interface Reply {
  /**
   * The language of the reader, set by the core (issue 14): adapters word what they add around a
   * reply (a button to the private chat, "buttons expire at") from the same catalogue.
   */
  language?: Language;
  /** Headline, shown bold where the channel can. */
  title?: string;
  /** Paragraph text; `\n` separates lines. */
  text?: string;
  /** Key/value pairs, e.g. the balance and account numbers. */
  fields?: ReplyField[];
  /** A table, rendered monospace / preformatted. */
  table?: ReplyTable;
  /** Titled groups of short lines (grouped help): readable on a phone, unlike a wide table. */
  sections?: ReplySection[];
  /** Buttons. Each `actionId` is short (< 64 bytes, Telegram `callback_data`) and refers to server-side state. */
  actions?: ReplyAction[];
  /** An attachment, e.g. the CDR CSV. */
  file?: ReplyFile;
  /**
   * `personal`: holds the user's own data (balance, CDRs, SIP lines, PINs). Adapters show it only to
   * the user in a shared chat (Slack ephemeral, Telegram private chat) unless the chat allows it.
   * `secret`: holds a PIN or password; only ever shown to the acting user privately.
   */
  visibility?: 'public' | 'personal' | 'secret';
  tone?: 'info' | 'success' | 'warning' | 'error';
  /** The incoming message held a secret (a password typed in chat): delete it if the channel can. */
  deleteIncoming?: boolean;
  /**
   * Set by the core on replies that hold a secret (PINs, SIP passwords): the channel deletes the
   * message this long after sending it, where it can (issue 16). The reply's text says so.
   */
  deleteAfterMs?: number;
  /** For confirmations: when the buttons stop working. */
  expiresAt?: Date;
  /** A short record for a support channel's thread: who did what (issue 6). Plain text, no secrets. */
  auditNote?: string;
  /**
   * Set by the core: this reply must not be shown in the shared chat it was asked in. Telegram sends
   * it to the user's private chat (with a short notice in the group); Slack sends it ephemerally.
   */
  deliverPrivately?: boolean;
  /**
   * Set by the core when a private-only command (link, topup, lines) was asked in a shared chat:
   * Telegram offers a deep link `t.me/<bot>?start=<startParam>` to the private chat.
   */
  privateRedirect?: { startParam: string };
}

export interface ReplyField {
  label: string;
  value: string;
  /** Shown monospace (numbers, ids). */
  code?: boolean;
  /** A secret shown hidden until tapped where the channel can (Telegram spoiler). */
  spoiler?: boolean;
}

export interface ReplySection {
  title: string;
  lines: string[];
}

export interface ReplyTable {
  columns: string[];
  rows: string[][];
  /** Column alignment; numbers right-aligned. */
  align?: ('left' | 'right')[];
  caption?: string;
}

export interface ReplyAction {
  label: string;
  /** `<verb>:<pendingId>`, routed back through `Core.handleAction`. */
  actionId: string;
  style?: 'primary' | 'danger';
  /** Slack shows a confirm dialog for these (issue 6). */
  confirmText?: string;
  /** Starts a new row of buttons where the channel lays them out in rows (Telegram). */
  newRow?: boolean;
}

export interface ReplyFile {
  name: string;
  mimeType: string;
  content: string;
}

/** The result of a button press. */
export interface ActionOutcome {
  /** Short notice for the presser (Telegram `answerCallbackQuery`, Slack ephemeral). */
  notice?: string;
  /** Replaces the message that carried the button (a confirmation shows its outcome). */
  update?: Reply;
  /** Further replies, e.g. the new balance after a top-up. */
  followUps?: Reply[];
}
