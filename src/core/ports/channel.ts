import type { Platform } from '../identity.js';
import type { ChannelWords } from '../messages.js';
import type { Reply, ReplyFile } from '../reply.js';
import type { NotifyDestination, SentMessage } from './notify.js';
import type { ProgressView } from './progress.js';

/**
 * The one road out (docs/architecture.md §8.3.3, after Vercel Chat SDK's `Adapter`): the primitives a
 * channel offers, and flags that say which of them it can carry out. The core's executor
 * (`delivery-executor.ts`) turns every placed reply into these calls: command replies, button
 * outcomes, menus and pages, alerts, call reports and digests. An adapter renders and sends; it
 * never decides where a reply goes, and the core never promises what a flag says a channel cannot do.
 *
 * Adding a capability: a flag here (with what it means on each platform), the primitive on
 * {@link Conversation} (optional when only some channels have it), the branch in
 * `delivery-executor.ts` that uses it, each adapter's declaration (`TELEGRAM_CAN` in telegram/deliver.ts,
 * `SLACK_CAN` in slack/responder.ts, the console's in console-channel.ts), and a row of
 * `test/core/delivery-executor.test.ts`. `showToOne` is the model: Slack and Telegram show an
 * `actor` reply ephemerally; without the flag (or when `showToActor` declines) the executor sends
 * it to the private conversation instead.
 */
export interface ChannelCapabilities {
  /** Shows a message inside a shared chat to one member only (Slack and Telegram ephemeral messages). */
  readonly showToOne: boolean;
  /** Deletes the message the user sent (Telegram). Without it no message claims a deletion. */
  readonly deleteIncoming: boolean;
  /** Deletes its own message after a while, e.g. a PIN after `deleteAfterMs` (Telegram). */
  readonly deleteLater: boolean;
  /** Asks for a secret in a private form only its owner sees (Slack modal). */
  readonly secretForm: boolean;
  /** Reads a typed secret without showing it (the console on a terminal). */
  readonly hiddenInput: boolean;
  /** Replaces a message it sent (a confirmation's outcome, the call card). */
  readonly edit: boolean;
  /**
   * How this channel's users name their private conversation with the bot, in its own words and in
   * every language (its adapter keeps them, docs/language.md §1.1): "our private chat" on one, "a
   * direct message" on another. The core points people there in these words and knows no platform;
   * a channel without words of its own declares the core's `PRIVATE_CHAT`.
   */
  readonly privateWords: ChannelWords<PrivateWords>;
}

/** A channel's sentences about its private conversation, in one language. */
export interface PrivateWords {
  /** The answer went privately; said to the person alone (no name needed). */
  sentToYou(name: string): string;
  /** The answer went privately; said in the chat, naming the person. */
  sentTo(name: string): string;
  /** A file went privately beside a message shown to one. */
  fileSentTo(file: string): string;
  /** The private conversation cannot be reached yet: how to open it. */
  cantReach(name: string): string;
}

/** What a channel of a platform is, for the core: its capabilities and where it can speak first. */
export interface Channel {
  readonly platform: Platform;
  readonly can: ChannelCapabilities;
  /**
   * A conversation the core speaks in first (alerts, call reports, digests): a user's private
   * conversation or a shared chat. Sends reject with `NotifyRefusedError` when the platform refuses
   * the destination for good.
   */
  open(to: NotifyDestination): Conversation;
  /** Replaces an earlier message (an edit without buttons removes them), in the form asked for. */
  edit(message: SentMessage, reply: Reply, form?: ReplyForm): Promise<void>;
}

/**
 * One conversation with one person, as the adapter reached it: the chat an input came from (with
 * the message to delete and the message whose button was pressed), or a destination of the core.
 * Every method is one platform call or a few; none decides who sees what.
 */
export interface Conversation {
  readonly platform: Platform;
  readonly can: ChannelCapabilities;
  /** The chat these primitives speak in: a private conversation, or a chat others read too. */
  readonly kind: 'private' | 'shared';
  /**
   * The pressed message is seen by the presser alone (an ephemeral message, such as a page of their
   * call records): an update for them alone may replace it.
   */
  readonly pressedPrivately?: boolean;
  /**
   * Posts in the chat. Returns where it landed when the platform says (to edit it later). The three
   * sends (`post`, `showToActor`, `postPrivately`) take the {@link ReplyForm} to render and reject
   * with `SendFailedError` (ports/notify.ts) saying what the platform reported when it failed.
   */
  post(reply: Reply, form?: ReplyForm): Promise<SentMessage | undefined>;
  /**
   * Shows a message in the chat to the person who acted only. Called only with `can.showToOne`;
   * `false` when the platform would not (Telegram refuses an ephemeral message that must be
   * deleted or edited later): the executor then uses the private conversation. `'with-file'`:
   * shown, the reply's file carried in it in the platform's own form (Slack draws `/spend`'s
   * chart instead of the PNG), so nothing is uploaded beside it.
   */
  showToActor(reply: Reply, form?: ReplyForm): Promise<boolean | 'with-file'>;
  /**
   * Shows the outcome of a press in place of the pressed message, for the presser alone, while
   * the chat keeps the message as it was (Telegram `replace_callback_query_message`). Optional.
   */
  showInPlace?(reply: Reply, form?: ReplyForm): Promise<boolean>;
  /**
   * Posts in the person's private conversation (Telegram private chat, Slack DM). `unreachable`
   * when they never opened one (Telegram 403): the executor then points them to it.
   */
  postPrivately(reply: Reply, form?: ReplyForm): Promise<SentMessage | undefined | 'unreachable'>;
  /**
   * Replaces the message whose button was pressed (for the presser alone when it is theirs alone).
   * `false` when there is none. Like the three sends it renders the {@link ReplyForm} asked for and
   * rejects with `SendFailedError` when the platform refused or did not answer: the executor decides
   * what follows (send-forms.ts), never the adapter.
   */
  editPressed(reply: Reply, form?: ReplyForm): Promise<boolean>;
  /** Deletes the incoming message. Called only with `can.deleteIncoming`; `false` when it failed. */
  deleteIncoming(): Promise<boolean>;
  /** Sends a file to the chat or to the private conversation (a file cannot be ephemeral). */
  upload(file: ReplyFile, where: 'chat' | 'private', language?: Reply['language']): Promise<void>;
  /**
   * Asks for a secret in a private form (Slack: a modal on the request's trigger_id). Called only
   * with `can.secretForm`; `false` when the form could not open (the trigger expired).
   */
  askSecret?(ask: SecretAsk): Promise<boolean>;
  /**
   * Where a long job (an export) shows its progress here (ports/progress.ts): a draft or an edited
   * message (Telegram), a plan streamed in a DM's thread (Slack), lines (console). Absent or
   * `undefined`: the job shows none, and only its answer arrives.
   */
  progress?(): ProgressView | undefined;
  /** Posts a support channel's audit records in its thread (Slack); absent elsewhere. */
  audit?(records: NonNullable<Reply['audit']>, language?: Reply['language']): Promise<void>;
}

/** A secret the core asks for in a form: which form, in the asker's language. */
export interface SecretAsk {
  readonly form: NonNullable<Reply['asksSecret']>;
  readonly language: NonNullable<Reply['language']>;
}

/**
 * The form a send renders a reply in (docs/reliability.md §2.4): `rich`, the channel's richest (a
 * Telegram rich table), or `plain` text every channel carries. The executor asks for `rich` first
 * (the default) and for `plain` after a definite refusal; a channel without a richer form sends the same.
 */
export type ReplyForm = 'rich' | 'plain';
