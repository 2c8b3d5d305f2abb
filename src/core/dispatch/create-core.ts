import { accountAccess } from '../accounts/account-access.js';
import { createLabelCache } from '../accounts/label-cache.js';
import type { ClientFactory } from '../accounts/services.js';
import type { CommandSpec } from '../command-spec.js';
import { builtInCommands } from '../commands/index.js';
import { commandTools } from '../commands/tool-fields.js';
import type { CommandInfo, Core } from '../core.js';
import { refsForPlatforms } from '../delivery/command-refs.js';
import { DeliveryExecutor } from '../delivery/delivery-executor.js';
import type { Outbox } from '../delivery/outbox.js';
import { recordApprovalMessage } from '../guard/approval-request.js';
import type { Platform } from '../identity.js';
import { type CoreLogger, silentLogger } from '../logs/logger.js';
import { recordConfirmMessage } from '../menu/confirm-shown.js';
import { type Language, messagesFor } from '../messages.js';
import type { Conversation } from '../ports/channel.js';
import { type CoreMetrics, noMetrics } from '../ports/metrics.js';
import type { TrackedMessage } from '../ports/notify.js';
import type { Stores } from '../ports/stores.js';
import type { PlacedOutcome } from '../reply.js';
import type { Engine } from './engine.js';
import { createHandlers } from './handlers.js';
import { homeScreen } from './home-screen.js';
import { InFlight } from './in-flight.js';
import { openDoor } from './intake.js';
import { linkSurface } from './link-surface.js';

export interface CoreOptions {
  stores: Stores;
  /** Builds a signed client for stored credentials (shared transport, see src/bots). */
  clientFactory: ClientFactory;
  /** The command table. Default: every built-in command. */
  commands?: CommandSpec[];
  clock?: (() => Date) | undefined;
  /** How long a confirmation button works. Default 5 minutes. */
  confirmTtlMs?: number;
  /** Per-user command rate limit, shared across instances through the store. `false` turns it off. */
  rateLimit?: { limit: number; windowMs: number } | false;
  logger?: CoreLogger;
  /** Counts every finished command and button press (`/metrics`). Default: none. */
  metrics?: CoreMetrics;
  /** Rows per page of a long list (docs/interface.md §3.2). Default 20. */
  pageRows?: number;
  /** A message holding a PIN or SIP password is deleted after this long where the channel can (`deleteLater`; docs/privacy.md §2.3). Default 10 minutes. */
  secretTtlMs?: number;
  /**
   * A command that reaches the core longer than this after it was sent (`IncomingText.sentAt`) is
   * not run: redelivered after an outage, it would act late (docs/reliability.md §5.3). Default 30 s.
   */
  maxCommandAgeMs?: number;
  /**
   * How a user of each platform types a command, as a prefix of its name: `/` (the default) or, for
   * Slack, the configured slash command and a space (`/tel `). Every message that names a command
   * shows it this way (docs/privacy.md §4).
   */
  commandPrefix?: Partial<Record<Platform, string>>;
  /**
   * Sends to a person other than the one who acted: an approved request's result goes to its
   * requester (docs/money-guard.md §1, §2). A function, since the outbox is built after the core.
   */
  outbox?: () => Outbox | undefined;
  /**
   * Whether the provider's backlog is full (admission control, src/telephony/admission.ts): the
   * entry points turn new work away meanwhile. Default: never busy.
   */
  busy?: () => boolean;
  /**
   * Told where else a tracked reply landed, after the held requests' own (the call card, whose
   * report edits it: the proactive jobs', wired by the composition root). The dispatcher imports
   * no job: jobs are clients of the core, as channels are (docs/architecture.md §1).
   */
  tracked?: (tracked: TrackedMessage) => Promise<void>;
}

/**
 * Builds the channel-agnostic core. A line of text runs through the dispatcher's steps in order
 * (rate limit, attachment, conversation, question, lookup, chat rules, roles, arguments,
 * credentials, guard, confirmation, run); a button press through its own (parse, owner, load, take, run),
 * or through navigation (menu, pages). Every answer, early or late, is placed by the one delivery
 * rule (delivery.ts).
 */
export function createCore(options: CoreOptions): Core {
  const clock = options.clock ?? (() => new Date());
  const table = options.commands ?? builtInCommands({ clock });
  const byName = new Map<string, CommandSpec>();
  for (const spec of table) for (const n of [spec.name, ...(spec.aliases ?? [])]) byName.set(n, spec);
  const e: Engine = {
    stores: options.stores,
    clientFactory: options.clientFactory,
    clock,
    confirmTtlMs: options.confirmTtlMs ?? 5 * 60_000,
    rateLimit: options.rateLimit === undefined ? { limit: 30, windowMs: 60_000 } : options.rateLimit,
    logger: options.logger ?? silentLogger,
    metrics: options.metrics ?? noMetrics,
    table,
    byName,
    pageRows: options.pageRows ?? 20,
    // A channel that deletes its own messages later (Telegram) deletes a secret's after the TTL;
    // elsewhere the secret is a spoiler and no deletion is promised.
    secretTtlFor: (can) => (can.deleteLater ? (options.secretTtlMs ?? 10 * 60_000) : undefined),
    maxCommandAgeMs: options.maxCommandAgeMs ?? 30_000,
    refsFor: refsForPlatforms(options.commandPrefix ?? {}, byName.keys()),
    ...(options.outbox ? { outbox: options.outbox } : {}),
    labels: createLabelCache({ now: () => clock().getTime() }),
    attempts: new Map(),
  };
  const inFlight = new InFlight();
  const { handleText, handleAction, runCommand, decideText, decideCommand } = createHandlers(e, inFlight);
  const executor = executorOf(e, options.tracked);
  const deliverOutcome = (conv: Conversation, outcome: PlacedOutcome, noticeShown?: boolean) =>
    executor.outcome(conv, outcome, noticeShown);
  const door = { decideText, decideCommand, handleAction, deliverOutcome, dedupe: e.stores.dedupe };

  const core: Core = {
    commands: commandInfos(table),
    menu(scope, language: Language = 'en') {
      const t = messagesFor(language);
      return table
        .filter((s) => !s.hidden && (scope === 'private' ? !s.sharedOnly : !s.privateOnly))
        .map((s) => ({ command: s.name, description: s.summary(t).slice(0, 256) }));
    },
    // The core's busy decision, read when asked (a test or the admission may replace it).
    register: (channel) => openDoor({ ...door, busy: () => core.busy?.() ?? false }, channel),
    handleText,
    runCommand,
    handleAction,
    deliver: (conv, replies, announce) => executor.replies(conv, replies, announce),
    deliverOutcome,
    home: homeScreen(e),
    ...linkSurface(e, e.refsFor),
    ...accountAccess(e.stores, clock),
    refsFor: e.refsFor,
    messageSent: (tracked) => recordTracked(e.stores, tracked, options.tracked),
    drain: (timeoutMs) => inFlight.drain(timeoutMs),
    busy: options.busy ?? (() => false),
    attemptsInFlight: () => [...e.attempts.values()],
  };
  return core;
}

/** The one road out; a call card's landing place is recorded so its report can edit it. */
function executorOf(e: Engine, also: CoreOptions['tracked']): DeliveryExecutor {
  return new DeliveryExecutor({
    logger: e.logger,
    metrics: e.metrics,
    tracked: (tracked) => recordTracked(e.stores, tracked, also),
  });
}

/** What the adapters learn of each command (help, menus), in English. */
function commandInfos(table: readonly CommandSpec[]): CommandInfo[] {
  const en = messagesFor('en');
  return table.map((s) => ({
    name: s.name,
    aliases: s.aliases ?? [],
    summary: s.summary(en),
    usage: s.usage(en),
    example: s.example(en),
    roles: s.roles,
    privateOnly: s.privateOnly ?? false,
    personal: s.output !== 'public',
    confirm: s.confirm !== undefined,
    hidden: s.hidden ?? false,
    ...(s.form ? { form: s.form } : {}),
    tools: commandTools(s),
  }));
}

/**
 * Where a tracked reply landed: a held request's message (docs/money-guard.md §1, §2), a
 * confirmation's (docs/interface.md §2.6), else whoever else tracks (a call card).
 */
async function recordTracked(
  stores: Stores,
  tracked: TrackedMessage,
  also: CoreOptions['tracked'],
): Promise<void> {
  if (await recordApprovalMessage(stores, tracked)) return;
  if (!(await recordConfirmMessage(stores, tracked))) await also?.(tracked);
}
