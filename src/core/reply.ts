import type { Money } from '../telephony/money.js';
import type { ButtonState } from './menu/button-state.js';
import type { Language } from './messages.js';

/**
 * A channel-neutral reply (docs/architecture.md §7, after Vercel Chat SDK's message types). Handlers build these;
 * each adapter renders them natively: Telegram HTML with inline keyboards, Slack Block Kit, plain
 * text on the console. All strings are plain text: adapters escape them for their markup.
 */
export interface Reply {
  /**
   * The language of the reader, set by the core (docs/language.md §1.2): adapters word what they add around a
   * reply (a button to the private chat, "buttons expire at") from the same catalogue.
   */
  language?: Language;
  /** Headline, shown bold where the channel can. */
  title?: string;
  /** Paragraph text; `\n` separates lines. */
  text?: string | undefined;
  /** Key/value pairs, e.g. the balance and account numbers. */
  fields?: ReplyField[] | undefined;
  /**
   * A table: the platform's own where it has one (a Telegram rich table, a Slack table block),
   * else monospace text; never cut to fit (docs/interface.md §3.5).
   */
  table?: ReplyTable | undefined;
  /** Titled groups of short lines (grouped help): readable on a phone, unlike a wide table. */
  sections?: ReplySection[];
  /** Buttons. Each `actionId` is short (< 64 bytes, Telegram `callback_data`) and refers to server-side state. */
  actions?: ReplyAction[];
  /** An attachment, e.g. the CDR CSV. */
  file?: ReplyFile;
  /**
   * The figures behind a chart `file` (the spend PNG), for a channel that draws charts itself (Slack's
   * `data_visualization` block, docs/proactive.md §3.1); a channel that does not sends the file.
   */
  chart?: ReplyChart;
  /**
   * The record this reply shows (a prepaid card, under the linked account `account`), for a channel
   * that links to it in a private place (Slack's Work Objects, docs/channels.md §2.3).
   */
  subject?: { kind: 'card' | 'call'; account: string; ref: string };
  /**
   * What the reply holds, as its handler classifies it; the command table's `output` applies when
   * it is missing (delivery.ts). `personal`: the user's own data (balance, numbers, usernames, call
   * records). `secret`: a PIN or password. `public`: nothing about anyone.
   */
  visibility?: Visibility;
  /**
   * Set by the core on every reply it returns (delivery.ts); adapters obey it and decide nothing.
   * `chat`: shown in the chat it was asked in. `actor`: only the person who acted, where the
   * channel can show it to them alone (Telegram and Slack: an ephemeral message in the chat), else
   * their private chat. `private`: only in a private conversation with that person, never inside a
   * shared chat (Telegram: the private chat; Slack: the direct message).
   */
  audience?: Audience;
  tone?: 'info' | 'success' | 'warning' | 'error';
  /** Set by the core: the incoming message held a secret; delete it where the channel can. */
  deleteIncoming?: boolean;
  /**
   * Set by the core on replies that hold a secret (PINs, SIP passwords): the channel deletes the
   * message this long after sending it, where it can (docs/privacy.md §2.3). The reply's text says so.
   */
  deleteAfterMs?: number;
  /** For confirmations: when the buttons stop working. */
  expiresAt?: Date;
  /**
   * Set by the core, only in a support channel: records for the channel's audit thread (docs/privacy.md §3.3),
   * each naming actor, action, target and outcome, never a secret.
   */
  audit?: AuditRecord[];
  /**
   * Set by the core when a private-only command (link, topup, lines) was asked in a shared chat:
   * Telegram offers a deep link `t.me/<bot>?start=<startParam>` to the private chat.
   */
  privateRedirect?: { startParam: string };
  /**
   * This reply asks for a secret (docs/architecture.md §8.3.3): where the channel has a private form
   * (`secretForm`, a Slack modal) the executor opens it instead; a console on a terminal reads the
   * answer without echo.
   */
  asksSecret?: 'link-account' | 'link-card' | 'topup';
  /**
   * Set by the core on a message it will edit later (the call card, docs/proactive.md §2.1): once sent, the
   * adapter reports where it landed through `Core.messageSent(track, message)`.
   */
  track?: string;
  /**
   * Set by the core on a message it may edit later without asking the channel for an editable form
   * (a confirmation, edited at its expiry: docs/interface.md §2.6). Unlike `track`, no channel sends
   * it any differently: the executor reports where the send said it landed, when it said, under
   * this key (`Core.messageSent`).
   */
  watch?: string;
}

export type Visibility = 'public' | 'personal' | 'secret';

/**
 * How a command's output is classified (docs/privacy.md §1.3), for every reply that does not say more:
 * `public` holds nothing about anyone; `personal` the asker's own data; `secret` a PIN or password;
 * `echo` only repeats what the asker typed (a number to price), so it is as public as the input was.
 */
export type OutputClass = Visibility | 'echo';

/**
 * A reply the delivery rule placed (delivery.ts `place()`): where it may be shown is required, so
 * nothing downstream defaults a missing audience to the whole chat. Only placed replies reach the
 * executor (delivery-executor.ts).
 */
export type PlacedReply = Reply & { readonly audience: Audience; readonly visibility: Visibility };

/** A button press's result, placed: what the executor carries out. */
export interface PlacedOutcome {
  notice?: string | undefined;
  update?: PlacedReply;
  followUps?: PlacedReply[];
  /**
   * What the decision did, for a typed line or a command by name (dispatch/changed-state.ts,
   * docs/privacy.md §2.2): `true` when a command that changes state ran and did, or may have
   * (an unknown outcome); `false` for a read, a refusal, a parse failure, a question or a confirm
   * prompt. Absent (a press, a form's own call): not known, so a channel counts it as changed.
   */
  changedState?: boolean;
}

export type Audience = 'chat' | 'actor' | 'private';

/** One line of a support channel's audit thread. */
export interface AuditRecord {
  /** The actor's platform user id, for a mention. */
  actor: string;
  /** Plain text; {@link ACTOR_MARK} stands where the adapter puts its mention of `actor`. */
  note: string;
}

/** Stands for the actor in an `AuditRecord.note`; the adapter replaces it with a native mention. */
export const ACTOR_MARK = '\u0000actor\u0000';

export interface ReplyField {
  label: string;
  value: string;
  /** Shown monospace (numbers, ids). */
  code?: boolean;
  /** A secret shown hidden until tapped where the channel can (Telegram spoiler). */
  spoiler?: boolean;
  /** The amount `value` words, for a channel that gives values typed (docs/mcp.md §3). */
  money?: Money;
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
  /** Per row, the amount each money cell words (else undefined), for typed columns (docs/mcp.md §3). */
  money?: (Money | undefined)[][];
  /**
   * The columns whose cells may be a person's key (`platform:tenant:user`, the audit's Who where no
   * name was recorded): every renderer shows the person (`tableGrid`), never the store's key.
   */
  people?: number[];
}

export interface ReplyAction {
  label: string;
  /** An id of the button protocol (buttons.ts `encodeButton`), routed back through `Core.handleAction`. */
  actionId: string;
  style?: 'primary' | 'danger';
  /** Slack shows a confirm dialog for these (docs/interface.md §2.3). */
  confirmText?: string;
  /** Starts a new row of buttons where the channel lays them out in rows (Telegram). */
  newRow?: boolean;
  /**
   * The button can no longer do what it says: shown in this state where the channel can disable a
   * button (Telegram `disabled`), as a line where it cannot (Slack, the console); never pressable.
   * Built by `disabledAction` (menu/button-state.ts); `actionId` is then empty.
   */
  disabled?: ButtonState;
}

/**
 * Up to two charts of amounts, each in minor units at `scale` (never a float until drawn). A bar
 * chart carries every point; a channel whose axis takes fewer fits them with `chartRuns`.
 */
export interface ReplyChart {
  currency: string;
  scale: number;
  charts: { kind: 'bar' | 'pie'; title: string; points: { label: string; minor: number }[] }[];
}

export interface ReplyFile {
  name: string;
  mimeType: string;
  /** Text (a CSV) or bytes (a PNG chart: Telegram shows `image/png` as a photo). */
  content: string | Uint8Array;
}

/** The result of a button press. */
export interface ActionOutcome {
  /** Short notice for the presser (Telegram `answerCallbackQuery`, Slack ephemeral). */
  notice?: string | undefined;
  /** Replaces the message that carried the button (a confirmation shows its outcome). */
  update?: Reply | undefined;
  /** Further replies, e.g. the new balance after a top-up. */
  followUps?: Reply[];
}
