import type { RoleNow } from './accounts/roles.js';
import type { CommandRef } from './command-ref.js';
import type { ChatRef, Identity } from './identity.js';
import type { ChannelLogger } from './logs/logger.js';
import type { ChannelCapabilities, Conversation } from './ports/channel.js';
import type { ProgressView } from './ports/progress.js';
import type { DedupeStore } from './ports/stores.js';
import type { PlacedOutcome, PlacedReply } from './reply.js';

/**
 * What comes into the core, and the door it comes through: the one road in (docs/architecture.md
 * §3.1). The door itself is `dispatch/intake.ts`.
 */

/** A line of text from a chat: `/balance`, `balance`, `/rate +4930123`, or an answer in a conversation. */
export interface IncomingText {
  identity: Identity;
  chat: ChatRef;
  /** The raw text. Adapters strip `@botname` and the Slack command name; a leading `/` is optional. */
  text: string;
  /** BCP 47 locale from the platform (`de-DE`), when known. A `/language` choice wins over it. */
  locale?: string | undefined;
  /** IANA time zone from the platform (Slack `tz`), when known. A `/timezone` choice wins over it. */
  timeZone?: string;
  /** Correlates log lines. */
  requestId?: string;
  /**
   * The platform's own id of this delivery (`telegram:<bot>:<update_id>`, a Slack trigger id): the
   * same on a redelivery. A never-retry operation it starts is keyed by it durably (`audited`).
   */
  deliveryId?: string;
  /** When the user sent it, when the platform says (a Telegram message's `date`); see `maxCommandAgeMs`. */
  sentAt?: Date;
  /**
   * An earlier message edited into this one, run as new (docs/privacy.md §2.2): a never-retry run
   * asks for confirmation first, even where its command asks nothing when typed.
   */
  edited?: boolean;
  /**
   * Only the bot saw this text, even in a shared chat (a Slack slash command). Then a PIN in it does
   * not leak to the chat, and private-only commands may run (their replies still go privately).
   */
  inputIsPrivate?: boolean;
  /**
   * `command` (default): the text is meant for the bot (a slash command, the console, a DM to a
   * Slack app, an @mention). `chat`: a message in a chat app where people and other bots talk
   * (Telegram): a leading `/` marks a command, plain text is conversation, and in a shared chat a
   * command that did not name us may belong to another bot (docs/interface.md §4.1).
   */
  via?: 'command' | 'chat';
  /** `via: 'chat'`: the command named this bot (`/cmd@bot`), so it is ours even in a group. */
  addressed?: boolean;
  /** What the channel it came from can do (its Conversation's `can`): the core promises nothing more. */
  can?: ChannelCapabilities;
  /** Where a long job shows its progress in this conversation (ports/progress.ts); the door sets it from the `Conversation`. */
  progress?: ProgressView | undefined;
  /** A message that was not text: a shared contact's number, or a kind the bot does not read. */
  attachment?: { kind: 'contact'; phone: string } | { kind: 'other'; type: string };
}

/**
 * A command by name with typed arguments (a Slack form's value, a shortcut's number): nothing to
 * tokenize or parse again. It takes the same road as typed text: the command's own schema checks
 * the arguments (bad ones get the same fix), then roles, credentials, confirmation and delivery.
 */
export interface IncomingCommand
  extends Omit<IncomingText, 'text' | 'via' | 'addressed' | 'attachment' | 'sentAt'> {
  /** The command, by a reference from the table (`commandRef('rate')`), never a free string. */
  command: CommandRef;
  /** One value per argument, as the command's schema takes them (`['+49 30 1234567']`). */
  args: readonly string[];
}

export interface IncomingAction {
  identity: Identity;
  chat: ChatRef;
  /** The `actionId` of a `ReplyAction`. */
  actionId: string;
  /** What the channel it came from can do (its Conversation's `can`). */
  can?: ChannelCapabilities;
  /**
   * The button sat on a message only the presser sees (an ephemeral message in a shared chat, such
   * as a page of their call records): a screen or page placed for them alone may replace it, since
   * nobody else sees that message. Absent: the message is the chat's, and stays as it was.
   */
  pressedPrivately?: boolean;
  locale?: string | undefined;
  timeZone?: string;
  requestId?: string;
  /** As {@link IncomingText.deliveryId}: the press's update or interaction id. */
  deliveryId?: string;
  /** As {@link IncomingText.progress}: a press that starts a long job (the menu's export) shows it here. */
  progress?: ProgressView | undefined;
  /**
   * The presser's role asked of the platform now, past any cache (`chat.userIsAdmin` may be a
   * minute old): an approval reads it at the moment of the press (docs/money-guard.md §2.5). Absent: the
   * channel keeps no cache (the console), and `chat` is read as it is.
   */
  roleNow?: () => Promise<RoleNow>;
}

/** What a channel says about itself when it opens its door to the core. */
export interface ChannelRegistration {
  /** The channel's name in log lines (`telegram`, `slack`). */
  readonly name: string;
  readonly logger: ChannelLogger;
  /** Where deliveries are claimed once, across instances; default: the core's own store. */
  readonly dedupe?: DedupeStore;
  /** How long a claim holds (as long as the platform may redeliver). Default one day. */
  readonly dedupeTtlMs?: number;
}

/** What a request asks of the core once enriched: a line of text, a command by name, a press, or a form's own call. */
export type Request =
  | { readonly text: IncomingText }
  | { readonly command: IncomingCommand }
  | { readonly action: IncomingAction }
  | { readonly call: () => Promise<PlacedReply | PlacedReply[]> };

/** A request after `enrich()`: what it asks, and the conversation it is answered in (the chat now known). */
export type Enriched = Request & {
  readonly conversation?: Conversation;
  /** The locale as enriched, for the failure words. */
  readonly locale?: string | undefined;
};

/** The channel shows part of a decision itself (in its ack, in a form); the core delivers the rest. */
export interface Shown {
  readonly rest?: PlacedOutcome;
  /** The channel's own answer (a press's toast) carried the notice already. */
  readonly noticeShown?: boolean;
}

/** A request at the door: the cheap envelope, and what the channel does with it. */
export interface Arrival {
  /**
   * The platform's id of this delivery, the same on a redelivery (never a digest of what was
   * typed, docs/privacy.md §2.4): claimed once. Absent: nothing to claim (one person, in order).
   */
  readonly deliveryId?: string;
  /** A lost claim still runs: a person may send the same again on purpose (a form told apart from Slack's retry by its header). */
  readonly rerun?: boolean;
  /** The language the platform told without a lookup. */
  readonly locale?: string | undefined;
  /** Only for the store-down notice when `locale` is unknown: a lookup the platform answers while our store does not. */
  readonly lookupLocale?: () => Promise<string | undefined>;
  /** The conversation as known before any lookup: the notices go there, and the decision unless enriched. */
  readonly conversation: Conversation;
  /** A press: a notice is its outcome's notice, not a message. */
  readonly press?: boolean;
  /**
   * `answer`: this channel answers a busy provider here, in words (Slack Socket Mode). Absent: its
   * own door turned busy requests away already (Telegram's webhook 503, Slack's HTTP ack), or it
   * takes them in order (the console, polling).
   */
  readonly busy?: 'answer';
  /** A short line to the person before any decision (store down, busy): the channel's own way, else a message in the chat. */
  readonly notice?: (text: string) => Promise<void>;
  /** Log fields that identify the delivery (never what was typed). */
  readonly log?: Record<string, unknown>;
  /** The costly part, run only for a claimed request: lookups, then what it asks. `undefined`: answered already. */
  enrich(): Promise<Enriched | undefined>;
  /** Told while the core decides (Telegram shows "typing…"). */
  meanwhile?(decision: Promise<unknown>): void;
  /** Shows the decision, or part of it, the channel's own way; what it leaves is delivered. */
  show?(decision: PlacedOutcome): Promise<Shown>;
}

/** What became of a request at the door. */
export type Received = 'done' | 'duplicate' | 'unavailable' | 'busy';

/** A channel's door into the core. */
export interface Door {
  receive(arrival: Arrival): Promise<Received>;
  /**
   * The busy decision and its words: the words when the provider's backlog is full (or the
   * channel's own is, `full`), in the language of `locale` or every language when unknown; else
   * `undefined`. The channel decides when to use them (an HTTP ack, a 503).
   */
  busyWords(locale?: string, full?: boolean): string | undefined;
}
