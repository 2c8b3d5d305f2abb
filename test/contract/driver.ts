import { afterEach, beforeEach } from 'vitest';
import type { AuditEntry } from '../../src/core/ports/records.js';
import type { TestStack } from '../helpers/stack.js';

/**
 * The people in every scenario: members of one shared chat. Alice administers it; Carol too (a
 * second approver, docs/money-guard.md §1, §2); Bob and Dave are members. Dave's platform speaks German
 * to the bot (Telegram `language_code`, Slack locale) where it tells a language.
 */
export type Person = 'alice' | 'bob' | 'carol' | 'dave';
export type Where = 'private' | 'shared';

/**
 * One channel as the contract suite drives it (after Vercel Chat SDK's `packages/tests/src/*-contract.ts`):
 * the real adapter on its real SDK, talking to a local fake of its platform, over the real core,
 * client and sandbox. Each call resolves once the channel has finished answering.
 */
export interface ChannelDriver {
  /** The channel's name; the suite knows no fixed list of them (docs/architecture.md §5.6). */
  readonly name: string;
  /** The console has no shared chat; scenarios about one are not applicable there. */
  readonly hasSharedChat: boolean;
  /** One person only (the console): scenarios about a second person use Alice. */
  readonly onePerson: boolean;
  /** A press's answer replaces the pressed message (a page turned in place); else it is shown anew. */
  readonly editsInPlace: boolean;
  /** Linking is a conversation in the private chat (`/link`, the username, the password), not a form. */
  readonly linksByConversation: boolean;
  /** Whether the platform lets a bot delete a user's message (Slack never shows slash command text). */
  readonly canDeleteInput: boolean;
  /** Whether the channel has a support-channel audit thread (Slack). */
  readonly hasAuditThread: boolean;
  /**
   * `false`: the channel never holds a secret (an assistant, docs/mcp.md §4.3): where a chat shows
   * its owner a SIP password, it says where to read it instead. Absent: it shows it, privately.
   */
  readonly holdsSecrets?: boolean;
  readonly stack: TestStack;
  /** How a user of this platform types `name` (`/balance`, `/tel balance`). */
  command(name: string): string;
  /** Types `text` (a command without its platform prefix, e.g. `balance`) as `who` in `where`. */
  say(who: Person, where: Where, text: string): Promise<void>;
  /**
   * `who` writes `text` (a command as typed there: `balance`) in their direct conversation with the
   * bot: Slack's Messages tab, Telegram's private chat, the console.
   */
  dm(who: Person, text: string): Promise<void>;
  /**
   * `who` addresses the bot by name in the shared chat (`balance`): a Slack @mention, Telegram's
   * `/balance@bot`. Absent where there is none (the console).
   */
  mention?(who: Person, text: string): Promise<void>;
  /**
   * A message shortcut (Slack) on a shared-chat message reading `text`; `fields` fill the form it
   * opens (Call this number: `a_number`). Absent where there are none.
   */
  shortcut?(
    who: Person,
    which: 'callThis' | 'rateThis',
    text: string,
    fields?: Record<string, string>,
  ): Promise<void>;
  /** `who` opens the link form from `where` and sends it with the demo username and `password`. */
  linkForm?(who: Person, where: Where, password: string): Promise<void>;
  /** The words of every form (modal) the bot opened or redrew so far; absent where there are none. */
  forms?(): string;
  /**
   * How many private forms so far ask for a PIN (Slack: a modal's `pin` block; Teams: a secret
   * card's `pin` input). Absent where there are no forms.
   */
  pinFormsAsked?(): number;
  /** How the support channel's audit records name `who` (Slack `<@U2>`, a Teams mention). */
  shownAs?(who: Person): string;
  /** `who` presses the button labelled `label` on the newest message carrying it that `owner` got in `where`. */
  press(who: Person, where: Where, label: string, owner?: Person): Promise<void>;
  /**
   * `who` presses the button of the last `press` again, on the message as it was then: a double
   * click, a second member's stale client, a retried callback.
   */
  pressAgain(who: Person): Promise<void>;
  /** Each of `who` presses the button labelled `label` on the same message at the same moment. */
  pressAtOnce(who: Person[], where: Where, label: string, owner: Person): Promise<void>;
  /** What every member of the shared chat can read now (texts after edits, files' names and content). */
  sharedView(): string;
  /** What only `who` can read: their private chat / DM, and (Slack) their ephemeral messages. */
  privateView(who: Person): string;
  /**
   * Every message `who` can read (the shared chat's, their private chat's or DM's, those shown to
   * them alone), one string each as it reads now; the console's lines, which carry no markup.
   */
  messages(who: Person): string[];
  /** Messages inside the shared chat that only `who` sees (Slack ephemeral); '' where there are none. */
  ephemeralView(who: Person): string;
  /** Whether the message `who` typed last in `where` is gone from the chat. */
  lastInputDeleted(who: Person, where: Where): boolean;
  /** Records posted to the shared chat's audit thread. */
  auditThread(): string[];
  /** Makes the shared chat a support channel with `agents` (Slack: the set-up modal; elsewhere the store). */
  makeSupportChannel(agents: Person[]): Promise<void>;
  /**
   * The platform delivers the last request `who` sent again, with the same delivery id (Telegram's
   * `update_id`, Slack's trigger). Absent where the platform never redelivers (the console).
   */
  redeliver?(who: Person): Promise<void>;
  /**
   * How the channel answers while the provider is busy (docs/architecture.md §3.1): `words`, the
   * core's "busy, try again" at once (Slack); `later`, it takes the request in its turn and
   * answers it (the console); `redelivered`, its door refuses it without a word and the platform
   * delivers it again (Telegram's webhook: 503), through `deliver` and `redeliver`.
   */
  readonly busy: 'words' | 'later' | 'redelivered';
  /** Delivers a message as the platform does over HTTP (Telegram's webhook): the status it was answered. */
  deliver?(who: Person, where: Where, text: string): Promise<number>;
  /**
   * The platform stops naming `who` an admin of the shared chat (Telegram `getChatMember`, Slack
   * `users.info`), as an owner demoting them would; the bot is not told. Absent where there is none.
   */
  demote?(who: Person): void;
  /**
   * `who` taps the button labelled `label` on the newest message carrying it that `owner` got in
   * `where`, and tells whether the platform sent the bot anything: a disabled button (Telegram
   * `DisabledButton`) sends nothing. Absent where the channel has no disabled buttons (Slack, the
   * console show a line instead).
   */
  pressDisabled?(who: Person, where: Where, label: string, owner?: Person): Promise<boolean>;
  /**
   * Links to a record that the platform previews (Slack's Work Objects): `link` makes one to the demo
   * account's card `ref`; `share` has `who` paste it in `where` and gives the preview as everyone
   * there sees it ('' when none); `open` gives what `who`'s own panel shows. Absent where the
   * channel has no such surface.
   */
  workObjects?: {
    link(ref: string): string;
    share(who: Person, where: Where, url: string): Promise<string>;
    open(who: Person, url: string): Promise<string>;
  };
  /**
   * The agent view (Slack's, docs/channels.md §2.3) over the shared chat, made a support channel:
   * `lookAt` has `who` look at it and gives what their DM with the bot then shows ('' when nothing);
   * `take` has them take the offered account and gives the DM's answer; `dismiss` drops `who` from
   * its agents; `audited` reads its audit log. Absent where the channel has no agent view.
   */
  agentView?: {
    lookAt(who: Person): Promise<string>;
    take(who: Person): Promise<string>;
    dismiss(who: Person): Promise<void>;
    audited(): Promise<AuditEntry[]>;
  };
  /** Links the sandbox's demo accounts to `who`. */
  linkDemo(who: Person): Promise<void>;
  close(): Promise<void>;
}

export type DriverFactory = () => Promise<ChannelDriver>;

/** Every driver's sandbox holds this many recent calls of the demo account (seedWithCalls), numbered 49301000000 up. */
export const SEEDED_CALLS = 45;

/** A fresh driver for each test of the enclosing `describe`, with the demo accounts linked to Alice; closed after. */
export function eachDriver(start: DriverFactory): () => ChannelDriver {
  let d: ChannelDriver | undefined;
  beforeEach(async () => {
    d = await start();
    await d.linkDemo('alice');
  });
  afterEach(async () => {
    await d?.close();
  });
  return () => {
    if (!d) throw new Error('no driver: call inside a test');
    return d;
  };
}
