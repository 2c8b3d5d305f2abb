import type { RefsFor } from './delivery/command-refs.js';
import type { ChannelRegistration, Door } from './dispatch/intake.js';
import type { ChatRef, Identity, Role } from './identity.js';
import type { Language } from './messages.js';
import type { ChannelCapabilities, Conversation } from './ports/channel.js';
import type { TrackedMessage } from './ports/notify.js';
import type { AuditEntry } from './ports/records.js';
import type { PlacedOutcome, PlacedReply, Reply } from './reply.js';

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
  /** The command's name or an alias (`rate`). */
  command: string;
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
}

/**
 * Which form a command opens: `credentials` (a username and password, `link`), `support-setup` (a
 * support channel's credentials and agents, `team setup`), `pin` (a top-up PIN, `topup` without one).
 */
export interface CommandForm {
  readonly kind: 'credentials' | 'support-setup' | 'pin';
  /** The subcommand that opens it (`setup` of `team setup`); absent: the command itself. */
  readonly sub?: string;
  /** Words the form takes after it (`card` of `link card`: the card's credentials). */
  readonly options?: readonly string[];
  /**
   * Anything else typed after it can only be a secret where it does not belong (a password): refused
   * unread. Absent: such words run as typed (`topup <PIN>` in a slash command only the bot sees).
   */
  readonly refuseMore?: boolean;
}

/** What menus and help need to know about a command; derived from the command table. */
export interface CommandInfo {
  name: string;
  aliases: readonly string[];
  /** One line, for menus (Telegram `setMyCommands` allows 256 chars). */
  summary: string;
  /** e.g. `/call <A> <B>` */
  usage: string;
  /** e.g. `/call +49 30 1234567 +49 176 1234567` */
  example: string;
  roles: readonly Role[];
  /** Refused in a shared chat with a pointer to the private chat. */
  privateOnly: boolean;
  /** Shows the user's own data. */
  personal: boolean;
  /** Asks for confirmation before acting. */
  confirm: boolean;
  /** Hidden from menus (e.g. `start`). */
  hidden?: boolean;
  /** The form it opens where the channel has forms (`link`, `team setup`, `topup` without a PIN). */
  form?: CommandForm;
}

export interface LinkInput {
  identity: Identity;
  chat: ChatRef;
  username: string;
  password: string;
  kind: 'account' | 'card';
  label?: string | undefined;
  locale?: string;
  timeZone?: string;
  /** The password reached the bot privately (a Slack modal), even if the chat is shared. */
  inputIsPrivate?: boolean;
}

export interface SupportSetupInput {
  identity: Identity;
  chat: ChatRef;
  account: { username: string; password: string };
  card?: { username: string; password: string };
  /** Platform user ids of the agents. */
  agents: string[];
  /** A platform user group whose members are agents. */
  agentGroup?: string;
  locale?: string;
  timeZone?: string;
}

/**
 * The core's whole surface for adapters. Adapters verify and normalise a platform request, call
 * one of these, and render what comes back. They hold no business rules.
 */
export interface Core {
  readonly commands: readonly CommandInfo[];
  /**
   * Commands for a platform menu, per chat kind (Telegram scopes private chats and groups
   * separately) and language (Telegram `setMyCommands` with `language_code`). Default English.
   */
  menu(scope: 'private' | 'shared', language?: Language): { command: string; description: string }[];
  /**
   * A channel opens its door: the one road in (dispatch/intake.ts). Every request it takes enters
   * through `receive`, which claims it once, answers busy and store outages, decides, delivers and
   * words a failure; the channel only verifies, acknowledges, normalises and renders.
   */
  register(channel: ChannelRegistration): Door;
  handleText(input: IncomingText): Promise<PlacedReply[]>;
  /** Runs a command by name with typed arguments, as if typed (forms, shortcuts). */
  runCommand(input: IncomingCommand): Promise<PlacedReply[]>;
  handleAction(input: IncomingAction): Promise<PlacedOutcome>;
  /**
   * The one road out (delivery-executor.ts): sends placed replies through a conversation's
   * primitives, each where its audience and the channel's capabilities say. `announce`: tell the
   * chat when answers went privately (default true).
   */
  deliver(conv: Conversation, replies: readonly PlacedReply[], announce?: boolean): Promise<void>;
  /** A press's outcome through the same road; `noticeShown`: the press's answer already carried the notice. */
  deliverOutcome(conv: Conversation, outcome: PlacedOutcome, noticeShown?: boolean): Promise<void>;
  /**
   * A person's home screen where the channel has one (Slack's App Home tab, docs/interface.md §4.2): the home
   * menu, then, when linked, the accounts, the balance and the last calls. Only that person sees it.
   */
  home(input: { identity: Identity; locale?: string }): Promise<Reply[]>;
  /** Links credentials after validating them with a real API call (Slack modal, console, Telegram conversation). */
  link(input: LinkInput): Promise<PlacedReply>;
  /** Turns a shared chat into a support channel (Slack `/tel team setup` modal). Admins only. */
  setupSupportChannel(input: SupportSetupInput): Promise<PlacedReply>;
  /**
   * Names commands as each platform's users type them (`/tel balance` in Slack): the one rewriter
   * replies go through, for whatever else speaks for the core (alerts, digests).
   */
  readonly refsFor: RefsFor;
  /** An adapter sent a reply that had `track` set (the call card): where it landed, so it can be edited later. */
  messageSent(tracked: TrackedMessage): Promise<void>;
  /**
   * Waits for commands in flight to finish, up to `timeoutMs`; refuses new ones meanwhile. Resolves
   * true when they all finished, false when some were still running at the deadline.
   */
  drain(timeoutMs: number): Promise<boolean>;
  /**
   * True while the provider's backlog is full: an entry point turns new work away then (Telegram's
   * webhook 503, so Telegram delivers it again later; Slack "busy, try again"). Absent: never busy.
   */
  busy?(): boolean;
  /**
   * The never-retry operations this process sent and still waits on (their `attempted` audit
   * entries): what a shutdown that gives up on them must close and tell their users about.
   */
  attemptsInFlight?(): AuditEntry[];
}
