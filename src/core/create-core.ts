import { randomBytes } from 'node:crypto';
import {
  type ActionStep,
  type ActionTurn,
  loadStep,
  ownerStep,
  parseStep,
  runActionStep,
  takeStep,
} from './action-steps.js';
import { attachmentStep, chatTextStep, endConversationStep, promptStep } from './chat-steps.js';
import { commandRefs } from './command-refs.js';
import type { CommandSpec } from './command-spec.js';
import { builtInCommands } from './commands/index.js';
import type { CommandInfo, Core, IncomingAction, IncomingText } from './core.js';
import { place } from './delivery.js';
import { commandSteps, inLanguage, newTurn, runTurn } from './dispatch.js';
import { chatSettingsOf, type Engine, failure, localeOf } from './engine.js';
import { homeScreen } from './home-screen.js';
import { type ChatRef, type Identity, identityKey, type Platform } from './identity.js';
import { InFlight } from './in-flight.js';
import { takeInterruptedNotices } from './interrupted.js';
import { linkSurface } from './link-surface.js';
import { type CoreLogger, silentLogger } from './logger.js';
import { type Language, languageOf, messagesFor } from './messages.js';
import { navigate } from './navigate.js';
import type { Stores } from './ports/stores.js';
import type { ActionOutcome, Reply } from './reply.js';
import type { ClientFactory } from './services.js';
import { conversationStep, lookupStep, rateLimitStep, type TextStep } from './text-steps.js';
import { userLocale } from './user-locale.js';

export interface CoreOptions {
  stores: Stores;
  /** Builds a signed client for stored credentials (shared transport, see src/bots). */
  clientFactory: ClientFactory;
  /** The command table. Default: every built-in command. */
  commands?: CommandSpec[];
  clock?: () => Date;
  /** How long a confirmation button works. Default 5 minutes. */
  confirmTtlMs?: number;
  /** Per-user command rate limit, shared across instances through the store. `false` turns it off. */
  rateLimit?: { limit: number; windowMs: number } | false;
  logger?: CoreLogger;
  /** Rows per page of a long list (issue 16). Default 20. */
  pageRows?: number;
  /** A message holding a PIN or SIP password is deleted after this long (issue 16). Default 10 minutes. */
  secretTtlMs?: number;
  /**
   * A command that reaches the core longer than this after it was sent (`IncomingText.sentAt`) is
   * not run: redelivered after an outage, it would act late (issue 10). Default 30 s.
   */
  maxCommandAgeMs?: number;
  /**
   * How a user of each platform types a command, as a prefix of its name: `/` (the default) or, for
   * Slack, the configured slash command and a space (`/tel `). Every message that names a command
   * shows it this way (issue 11).
   */
  commandPrefix?: Partial<Record<Platform, string>>;
}

/**
 * Builds the channel-agnostic core. A line of text runs through the dispatcher's steps in order
 * (rate limit, attachment, conversation, question, lookup, chat rules, roles, arguments,
 * credentials, confirmation, run); a button press through its own (parse, owner, load, take, run),
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
    table,
    byName,
    pageRows: options.pageRows ?? 20,
    secretTtlMs: options.secretTtlMs ?? 10 * 60_000,
    maxCommandAgeMs: options.maxCommandAgeMs ?? 30_000,
    commandPrefix: (platform) => options.commandPrefix?.[platform] ?? '/',
  };
  const inFlight = new InFlight();
  const refs = new Map<Platform, (r: Reply) => Reply>();
  const refsFor = (platform: Platform) => {
    const known = refs.get(platform);
    if (known) return known;
    const made = commandRefs(e.commandPrefix(platform), byName.keys());
    refs.set(platform, made);
    return made;
  };

  /** Interrupted operations of this user (issue 10), told with whatever they get next, placed as personal. */
  async function notices(input: {
    identity: Identity;
    chat: ChatRef;
    locale?: string;
    timeZone?: string;
  }): Promise<Reply[]> {
    const { t, fmt, language } = await localeOf(e, input).catch(() => userLocale({ platform: input.locale }));
    const found = await takeInterruptedNotices(e.stores, identityKey(input.identity), t, (iso) =>
      fmt.dateTime(new Date(iso)),
    ).catch(() => []);
    if (found.length === 0) return [];
    const settings = await chatSettingsOf(e, input.identity, input.chat);
    const facts = { chat: input.chat, settings, inputSeen: false, output: 'personal' as const };
    const placed = place(found, { ...facts, secretInput: false, actor: input.identity.user, audited: [], t });
    return inLanguage(placed, language).map(refsFor(input.identity.platform));
  }

  const textSteps: TextStep[] = [
    rateLimitStep,
    attachmentStep,
    endConversationStep,
    conversationStep,
    promptStep,
    chatTextStep,
    lookupStep,
    ...commandSteps(e),
  ];

  async function handleText(input: IncomingText): Promise<Reply[]> {
    const requestId = input.requestId ?? randomBytes(4).toString('hex');
    const started = performance.now();
    const t = messagesFor(input.locale);
    const release = inFlight.enter();
    if (!release) return [{ text: t.shuttingDown, tone: 'warning', audience: 'chat' }];
    const turn = { ...newTurn(input, requestId), input };
    try {
      const placed = await runTurn(e, turn, textSteps);
      return [...placed.map(refsFor(input.identity.platform)), ...(await notices(input))];
    } catch (err) {
      turn.outcome = 'error';
      return [{ ...failure(e, err, t, requestId), audience: 'actor', visibility: 'personal' }];
    } finally {
      release();
      logLine(e.logger, 'command', requestId, input.identity, turn.name, started, turn.outcome);
    }
  }

  const actionSteps: ActionStep[] = [parseStep, ownerStep, loadStep, takeStep, runActionStep];

  async function handleAction(input: IncomingAction): Promise<ActionOutcome> {
    const requestId = input.requestId ?? randomBytes(4).toString('hex');
    const started = performance.now();
    const t = messagesFor(input.locale);
    const release = inFlight.enter();
    if (!release) return { notice: t.shuttingDown };
    const turn: ActionTurn = { input, t, requestId, name: 'action', outcome: 'ok' };
    try {
      turn.loc = await localeOf(e, input);
      turn.t = turn.loc.t;
      let outcome: ActionOutcome | undefined;
      if (/^[mpk]:/.test(input.actionId)) {
        turn.name = input.actionId.startsWith('m:') ? 'menu' : 'navigate';
        outcome = await navigate(e, { ...input, requestId }, turn.t);
      }
      for (const step of outcome ? [] : actionSteps) {
        outcome = await step(e, turn);
        if (outcome) break;
      }
      const language = turn.loc?.language ?? languageOf(input.locale);
      const stamped = outcome ?? { notice: turn.t.confirmExpired };
      if (stamped.update) stamped.update = inLanguage([stamped.update], language)[0];
      if (stamped.followUps) stamped.followUps = inLanguage(stamped.followUps, language);
      const fixed = withRefs(stamped, refsFor(input.identity.platform));
      const later = await notices(input);
      return later.length ? { ...fixed, followUps: [...(fixed.followUps ?? []), ...later] } : fixed;
    } catch (err) {
      turn.outcome = 'error';
      return { notice: failure(e, err, turn.t, requestId).text };
    } finally {
      release();
      logLine(e.logger, 'action', requestId, input.identity, turn.name, started, turn.outcome);
    }
  }

  const en = messagesFor('en');
  const commands: CommandInfo[] = table.map((s) => ({
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
  }));

  return {
    commands,
    menu(scope, language: Language = 'en') {
      const t = messagesFor(language);
      return table
        .filter((s) => !s.hidden && (scope === 'private' ? !s.sharedOnly : !s.privateOnly))
        .map((s) => ({ command: s.name, description: s.summary(t).slice(0, 256) }));
    },
    handleText,
    handleAction,
    home: homeScreen(e),
    ...linkSurface(e, (platform) => refsFor(platform)),
    drain: (timeoutMs) => inFlight.drain(timeoutMs),
  };
}

function withRefs(outcome: ActionOutcome, fix: (r: Reply) => Reply): ActionOutcome {
  return {
    ...outcome,
    ...(outcome.notice !== undefined ? { notice: fix({ text: outcome.notice }).text } : {}),
    ...(outcome.update ? { update: fix(outcome.update) } : {}),
    ...(outcome.followUps ? { followUps: outcome.followUps.map(fix) } : {}),
  };
}

/** One structured line per command or button press (issue 7): never arguments, never replies. */
function logLine(
  logger: CoreLogger,
  kind: 'command' | 'action',
  requestId: string,
  identity: Identity,
  command: string,
  started: number,
  outcome: string,
) {
  const durationMs = Math.round(performance.now() - started);
  logger.info({ requestId, platform: identity.platform, command, durationMs, outcome }, kind);
}
