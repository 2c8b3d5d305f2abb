import type { z } from 'zod';
import type { LabelCache } from './accounts/label-cache.js';
import type { AccountClient, CardClient } from './accounts/services.js';
import type { Ticket } from './buttons.js';
import { type CommandRef, tableRef } from './command-ref.js';
import type { ToolShape } from './commands/tool-fields.js';
import type { CommandForm } from './core.js';
import type { ChatRef, Identity, Role } from './identity.js';
import type { Language, Messages } from './messages.js';
import type { ChannelCapabilities } from './ports/channel.js';
import type { ApprovalAction } from './ports/guard.js';
import type { SentMessage } from './ports/notify.js';
import type { Progress } from './ports/progress.js';
import type { ArgumentPrompt, EncodedArgs, PendingAction } from './ports/records.js';
import type { Stores } from './ports/stores.js';
import type { OutputClass, Reply } from './reply.js';
import type { ArgsEnv } from './values/args.js';
import type { Formatter } from './values/format.js';

export { type CommandName, type CommandRef, commandRef, knownCommand, tableRef } from './command-ref.js';

/**
 * What the money guard says about one run of a command (docs/money-guard.md §1, §2): refused before
 * anything is sent (a price ceiling, a spend limit reached), or held for a second person's approval
 * in a team chat. `target` names what is acted on in public words for the request message.
 */
export type GuardCheck =
  | { kind: 'refuse'; reply: Reply }
  | { kind: 'approve'; action: ApprovalAction; target: string };

/** What a handler sees: one normalised context (docs/architecture.md §7, after grammY's `Context`). */
export interface CommandContext<A> {
  readonly args: A;
  /** The raw argument tokens, for storing a confirmation. */
  readonly tokens: readonly string[];
  readonly identity: Identity;
  readonly identityKey: string;
  readonly chat: ChatRef;
  readonly chatKey: string;
  /** `holder` on their own account, `agent` in a support channel, `admin` for setup. */
  readonly role: Role;
  /** The user's catalogue: `/language` wins over the platform's hint (docs/language.md §1.2). */
  readonly t: Messages;
  readonly language: Language;
  /** Money, dates and times in the user's language and time zone (`fmt.timeZone`). */
  readonly fmt: Formatter;
  readonly now: Date;
  /** The time now, for what happens during the command (when the provider answered). */
  clock(): Date;
  /** Edits a message the bot sent earlier (the call card); nothing where no outbox is wired. */
  editMessage(message: SentMessage, reply: Reply): Promise<void>;
  readonly stores: Stores;
  /** The text input was seen only by the bot (a Slack slash command), even in a shared chat. */
  readonly inputIsPrivate: boolean;
  /** What the channel can do (ports/channel.ts): a handler promises nothing beyond it. */
  readonly can: ChannelCapabilities;
  /** Labels read only to name things in an answer, remembered briefly (label-cache.ts). */
  readonly labels: LabelCache;
  /** The platform's id of the delivery that started this command, the same on a redelivery. */
  readonly deliveryId?: string;
  /** Progress of a long job, throttled in the core and rendered by the channel (ports/progress.ts). */
  readonly progress: Progress;
  /** The active account's client; replies with a "link first" message when there is none. */
  account(): Promise<AccountClient>;
  /** The PIN-creation (card) client of this user or support channel. */
  card(): Promise<CardClient>;
  /** Records a state-changing action in the audit log (`attempted`: before it is sent; see `audited`). */
  audit(entry: {
    command: string;
    account: string;
    target?: string;
    outcome: 'attempted' | 'ok' | 'refused' | 'failed' | 'unknown';
    detail?: string;
    id?: string;
    check?: string;
  }): Promise<void>;
  /**
   * Creates a single-use pending action for a button and returns its ticket, for `encodeButton`
   * (buttons.ts); a confirmation or hang-up button lives as long as `command`'s `pendingTtlMs`.
   */
  pending(
    kind: PendingAction['kind'],
    command: string,
    args: string[],
    /** `typed`: the arguments as the command's parse makes them, kept for the press (no re-parse). */
    extra?: { fromMenu?: boolean | undefined; typedArgs?: EncodedArgs; typed?: unknown },
  ): Promise<Ticket>;
  /** The commands this asker may run in this chat, for help (docs/privacy.md §4). */
  commandsHere(): Promise<CommandSpec[]>;
}

/** Help's groups, in the order a new user needs them (`commands/help.ts` titles them). */
export const HELP_GROUPS = ['account', 'calls', 'cards', 'linking', 'team'] as const;
export type HelpGroup = (typeof HELP_GROUPS)[number];

export interface CommandSpec<A = unknown> {
  name: string;
  aliases?: string[];
  /** The group help lists it under (docs/interface.md §4.2); without one, under "Other". */
  helpGroup?: HelpGroup;
  /**
   * Parses the argument tokens. Each issue's message is the fix shown to the user, so a schema that
   * words its fixes is built per request from the user's catalogue and zone (`ArgsEnv`).
   */
  args: z.ZodType<A, string[]> | ((env: ArgsEnv) => z.ZodType<A, string[]>);
  /** One line for menus and help, from the user's catalogue (`t.cmd.<name>.summary`). */
  summary: (t: Messages) => string;
  /** e.g. `/rate <number> [number…]`, with the placeholders in the user's language. */
  usage: (t: Messages) => string;
  example: (t: Messages) => string;
  roles: Role[];
  /** Refused in a shared chat (unless the input itself was private), with a pointer to the private chat. */
  privateOnly?: boolean;
  /** What its replies hold, so the core's delivery rule can place them (delivery.ts). */
  output: OutputClass;
  /**
   * Whether these argument tokens hold a secret (a password, a PIN). Such a message is deleted where
   * the channel can, whether the command ran, was refused or failed to parse.
   */
  secretArgs?: (tokens: readonly string[]) => boolean;
  /** Sent with no arguments, the bot asks for the first one instead of refusing (`/topup` asks for the PIN). */
  ask?: 'pin' | 'number';
  /**
   * Opens a form on a channel that has one (a Slack modal), for what must not be typed where others
   * or the platform keep it: every channel reads this field, never the command's name.
   */
  form?: CommandForm;
  /** Asks for confirmation; the handler runs when the asker presses Confirm. */
  confirm?: (ctx: CommandContext<A>) => Promise<string | undefined> | string | undefined;
  /**
   * When only some subcommands ask (`confirm` answers undefined for the rest): which, so help says
   * exactly which ask (`/card create`, …), never that the whole command does.
   */
  confirmSubcommands?: readonly string[];
  /**
   * Its one argument may name another command, from a deep link (`t.me/<bot>?start=topup`): that
   * command runs instead, as if typed without arguments (`/start`).
   */
  resumesDeepLink?: boolean;
  /**
   * A deep link's payload `<name>-<payload>` (`t.me/<bot>?start=assistants-K7P2QX`) runs this command with
   * these tokens, as if typed (`/assistants connect K7P2QX`).
   */
  deepLinkArgs?: (payload: string) => string[];
  /** Told when its confirmation is cancelled (Cancel pressed), with the tokens it held: a denial to record. */
  cancelled?: (stores: Stores, tokens: readonly string[]) => Promise<void>;
  /** Changes state (audited): never paged, since a page press runs the command again. */
  changesState?: boolean;
  /** The Confirm button's style. Default `primary`. */
  confirmStyle?: 'primary' | 'danger';
  /** How long its pending actions (confirmation, hang-up button) work. Default: the core's confirm TTL. */
  pendingTtlMs?: number;
  /** The card number the parsed arguments act on, for error wording ("There is no card for …"). */
  target?: (args: A) => string | undefined;
  /** The refusal when the asker's role may not run it. Default `notAllowed`. */
  refusal?: (t: Messages) => string;
  /**
   * The money guard (src/core/guard, docs/money-guard.md §1, §2): whether this run is refused before
   * anything is sent (a price ceiling, a spend limit reached) or needs a second person's approval
   * in this team chat. Asked after the credentials, before the confirmation.
   */
  guarded?: (ctx: CommandContext<A>) => Promise<GuardCheck | undefined>;
  /** Which credentials it needs, for the "link first" check and support channels. */
  needs: 'none' | 'account' | 'card';
  hidden?: boolean;
  /** Shared chats only (group settings). */
  sharedOnly?: boolean;
  handler: (ctx: CommandContext<A>) => Promise<Reply | Reply[]>;
  /**
   * A `run:<name>` button (an alert's Top up, a spend limit's button) starts it as whoever presses
   * it: `run` as if typed alone; an argument kind asks for that argument first (Change threshold
   * asks for the new amount). Without it, no button runs this command.
   */
  runButton?: 'run' | ArgumentPrompt['ask'];
  /**
   * A shared contact's number is offered to it as a button with this label, in `order` (Call it,
   * Store as target); pressed, it asks for the other number.
   */
  contactButton?: { label: (t: Messages) => string; order: number };
  /** Shown on a linked person's home screen (Slack's App Home), run with these tokens, in table order. */
  homeScreen?: { tokens: readonly string[] };
  /**
   * Its named, typed argument fields and effect per subcommand, for channels that take arguments by
   * name (an assistant's tools, docs/mcp.md §2); `false`: never such a tool. Absent: the built-in
   * table's entry (`commands/tool-fields.ts`), else one generic field.
   */
  tool?: false | readonly ToolShape[];
}

/** What a line asks of a form: the form to open (with its option), a refusal unread, or nothing. */
export type FormAsk =
  | { kind: 'open'; ref: CommandRef; command: string; form: CommandForm; option?: string }
  | { kind: 'refused'; ref: CommandRef; command: string; form: CommandForm };

/** The form that `words` (a command line, split) open, from the command table's `form` fields. */
export function formAsked(
  commands: readonly { name: string; aliases?: readonly string[]; form?: CommandForm }[],
  words: readonly string[],
): FormAsk | undefined {
  const [first = '', ...rest] = words.map((w) => w.toLowerCase());
  const spec = commands.find((c) => c.form && [c.name, ...(c.aliases ?? [])].includes(first));
  const form = spec?.form;
  if (!spec || !form || (form.sub !== undefined && rest.shift() !== form.sub)) return undefined;
  // `command` as the person typed it (`team setup`), for words; `ref` the table's command it runs.
  const named = { ref: tableRef(spec), command: form.sub ? `${spec.name} ${form.sub}` : spec.name, form };
  if (rest.length === 0) return { kind: 'open', ...named };
  if (rest.length === 1 && form.options?.includes(rest[0]!))
    return { kind: 'open', ...named, option: rest[0]! };
  return form.refuseMore ? { kind: 'refused', ...named } : undefined;
}

/** Keeps each entry's argument type while collecting them in one table. */
export function defineCommand<A>(spec: CommandSpec<A>): CommandSpec<unknown> {
  return spec as unknown as CommandSpec<unknown>;
}

/** The argument schema of a command for this user's catalogue and zone. */
export function argsSchema<A>(spec: CommandSpec<A>, env: ArgsEnv): z.ZodType<A, string[]> {
  return typeof spec.args === 'function' ? spec.args(env) : spec.args;
}

/** summary, usage and example of a command from the catalogue entry `t.cmd[name]`. */
export function commandText(name: keyof Messages['cmd']) {
  return {
    summary: (t: Messages) => t.cmd[name].summary,
    usage: (t: Messages) => t.cmd[name].usage,
    example: (t: Messages) => t.cmd[name].example,
  };
}
