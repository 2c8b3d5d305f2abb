import type { CommandTool } from './commands/tool-fields.js';
import type { RefsFor } from './delivery/command-refs.js';
import type { ChannelRegistration, Door, IncomingAction, IncomingCommand, IncomingText } from './door.js';
import type { ChatRef, Identity, Role } from './identity.js';
import type { Language } from './messages.js';
import type { ChannelCapabilities, Conversation } from './ports/channel.js';
import type { TrackedMessage } from './ports/notify.js';
import type { AuditEntry } from './ports/records.js';
import type { PlacedOutcome, PlacedReply, Reply } from './reply.js';

// What comes in, and the door it comes through (door.ts), re-exported for the core's own modules.
export type { IncomingAction, IncomingCommand, IncomingText } from './door.js';

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
  /** Its tools: named, typed fields and effect per shape (docs/mcp.md §2); empty: not a tool. */
  tools?: readonly CommandTool[];
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
  home(input: { identity: Identity; locale?: string; can?: ChannelCapabilities }): Promise<Reply[]>;
  /** Links credentials after validating them with a real API call (Slack modal, console, Telegram conversation). */
  link(input: LinkInput): Promise<PlacedReply>;
  /** Turns a shared chat into a support channel (Slack `/tel team setup` modal). Admins only. */
  setupSupportChannel(input: SupportSetupInput): Promise<PlacedReply>;
  /** The accounts linked to this person (their own, not a support channel's), the active one marked. */
  linkedAccounts(identity: Identity): Promise<{ username: string; active: boolean }[]>;
  /** The account a support channel acts with; undefined when the chat is no support channel or has none. */
  supportAccount(platform: string, tenant: string, chat: ChatRef): Promise<string | undefined>;
  /**
   * The support channel's account for one of its agents, checked now (the adapter passes the
   * platform's groups read past its caches); undefined for anyone else. `audit`: the command name
   * under which the use is written to the channel's audit log (docs/privacy.md §3.4).
   */
  agentAccount(input: { identity: Identity; chat: ChatRef; audit?: string }): Promise<string | undefined>;
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
