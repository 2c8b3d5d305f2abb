import { randomBytes } from 'node:crypto';
import { type Button, parseButton } from '../buttons.js';
import type { IncomingAction, IncomingCommand, IncomingText } from '../core.js';
import type { Refs, RefsFor } from '../delivery/command-refs.js';
import { place } from '../delivery/delivery.js';
import { type ChatRef, type Identity, identityKey } from '../identity.js';
import { createSampler, type Sampler } from '../logs/sampler.js';
import { messagesFor } from '../messages.js';
import type { ActionOutcome, PlacedOutcome, PlacedReply, Reply } from '../reply.js';
import { userLocale } from '../values/user-locale.js';
import { type Pressed, stop, ticketSteps } from './action-steps.js';
import { pressApproval } from './approval-press.js';
import { changedState } from './changed-state.js';
import { attachmentStep, chatTextStep, endConversationStep, promptStep } from './chat-steps.js';
import { commandSteps, inLanguage, runTurn } from './dispatch.js';
import { chatSettingsOf, type Engine, failure, localeOf } from './engine.js';
import type { InFlight } from './in-flight.js';
import { takeInterruptedNotices } from './interrupted.js';
import { navigate } from './navigate.js';
import { pressRunButton } from './run-buttons.js';
import { commandRunner } from './run-command.js';
import { conversationStep, lookupStep, rateLimitStep } from './text-steps.js';
import { chain, firstOf, newRecord, type Received, type Step, type TurnRecord } from './turn.js';

/** The core's two entry points for what users send: a line of text, a button press. */
export function createHandlers(e: Engine, inFlight: InFlight) {
  const refsFor = e.refsFor;
  const notices = noticesFor(e, refsFor);
  const decideText = textHandler(e, inFlight, refsFor, notices);
  const handleText = async (input: IncomingText) => (await decideText(input)).followUps;
  const decideCommand = commandRunner(e, decideText);
  const handleAction = actionHandler(e, inFlight, refsFor, notices);
  return {
    handleText,
    decideText: (input: IncomingText) => decideText(input),
    runCommand: async (input: IncomingCommand) => (await decideCommand(input)).followUps,
    decideCommand,
    async handleAction(input: IncomingAction): Promise<PlacedOutcome> {
      const button = parseButton(input.actionId);
      // A button that runs a command as whoever presses it (an alert's Top up / Change threshold):
      // no server state, the command applies its own rules to the presser.
      const ran = button?.kind === 'run' ? await pressRunButton(e, input, button, handleText) : undefined;
      return ran ?? handleAction(input, button);
    },
    refsFor,
  };
}

type Notices = (input: {
  identity: Identity;
  chat: ChatRef;
  locale?: string | undefined;
  timeZone?: string;
}) => Promise<PlacedReply[]>;

function noticesFor(e: Engine, refsFor: RefsFor): Notices {
  /** Interrupted operations of this user (docs/reliability.md §3.4), told with whatever they get next, placed as personal. */
  async function notices(input: {
    identity: Identity;
    chat: ChatRef;
    locale?: string | undefined;
    timeZone?: string;
  }): Promise<PlacedReply[]> {
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
  return notices;
}

function textHandler(e: Engine, inFlight: InFlight, refsFor: RefsFor, notices: Notices) {
  // A flood refused by the rate limit writes one line a minute, not one per message (abuse volume).
  const refusals = createSampler({ windowMs: 60_000, now: () => e.clock().getTime() });
  const resolvers = [
    rateLimitStep,
    attachmentStep,
    endConversationStep,
    conversationStep,
    promptStep,
    chatTextStep,
  ];
  const textSteps = chain(firstOf(resolvers, lookupStep)).to(commandSteps(e)).run;

  return async function decideText(
    input: IncomingText,
    steps: Step<Received, never> = textSteps,
  ): Promise<Decided> {
    const requestId = input.requestId ?? randomBytes(4).toString('hex');
    const started = performance.now();
    const t = messagesFor(input.locale);
    const release = inFlight.enter();
    if (!release)
      return decided(newRecord(), [
        { text: t.shuttingDown, tone: 'warning', audience: 'chat', visibility: 'public' },
      ]);
    const turn = newRecord();
    try {
      const { placed } = await runTurn(e, { input, requestId, record: turn }, steps);
      return decided(turn, [...placed.map(refsFor(input.identity.platform)), ...(await notices(input))]);
    } catch (err) {
      turn.outcome = 'error';
      return decided(turn, [{ ...failure(e, err, t, requestId), audience: 'actor', visibility: 'personal' }]);
    } finally {
      release();
      if (turn.outcome !== 'rate-limited-silent')
        logLine(e, 'command', requestId, input.identity, turn.name, started, turn.outcome);
      else logRefusal(e, refusals, requestId, input.identity, turn.name, started);
    }
  };
}

/** A line's decision: its replies, and whether it changed state (changed-state.ts). */
export type Decided = { followUps: PlacedReply[]; changedState: boolean };

const decided = (record: TurnRecord, followUps: PlacedReply[]): Decided => ({
  followUps,
  changedState: changedState(record),
});

/** The silent refusals of the rate limit: the first of a window logged, the rest counted in the next. */
function logRefusal(
  e: Engine,
  sampler: Sampler,
  requestId: string,
  identity: Identity,
  command: string,
  started: number,
) {
  // Counted for /metrics like any refusal of the rate limit, though not logged one by one.
  const durationMs = Math.round(performance.now() - started);
  e.metrics.commandFinished({
    kind: 'command',
    platform: identity.platform,
    command,
    outcome: 'rate-limited',
    durationMs,
  });
  const sampled = sampler.take('rate-limited');
  if (sampled)
    e.logger.info(
      { requestId, platform: identity.platform, outcome: 'rate-limited-silent', skipped: sampled.skipped },
      'commands refused by the rate limit (one line a minute; skipped: left out since the last)',
    );
}

function actionHandler(e: Engine, inFlight: InFlight, refsFor: RefsFor, notices: Notices) {
  return async function handleAction(
    input: IncomingAction,
    button: Button | undefined,
  ): Promise<PlacedOutcome> {
    const requestId = input.requestId ?? randomBytes(4).toString('hex');
    const started = performance.now();
    let t = messagesFor(input.locale);
    const release = inFlight.enter();
    if (!release) return { notice: t.shuttingDown };
    const turn = { name: 'action', outcome: 'ok' };
    try {
      const loc = await localeOf(e, input);
      t = loc.t;
      const stamped = await press(e, { input, requestId, loc, record: turn }, button);
      const { language } = loc;
      if (stamped.update) stamped.update = inLanguage([stamped.update], language)[0];
      if (stamped.followUps) stamped.followUps = inLanguage(stamped.followUps, language);
      const fixed = withRefs(placeOutcome(stamped), refsFor(input.identity.platform));
      const later = await notices(input);
      return later.length ? { ...fixed, followUps: [...(fixed.followUps ?? []), ...later] } : fixed;
    } catch (err) {
      turn.outcome = 'error';
      return { notice: failure(e, err, t, requestId).text };
    } finally {
      release();
      logLine(e, 'action', requestId, input.identity, turn.name, started, turn.outcome);
    }
  };
}

/** Where a press goes, by its button's kind; an id that names no button changes nothing. */
async function press(
  e: Engine,
  turn: Omit<Pressed, 'verb' | 'ticket'>,
  button: Button | undefined,
): Promise<ActionOutcome> {
  const { record, loc } = turn;
  const input = { ...turn.input, requestId: turn.requestId };
  switch (button?.kind) {
    case 'menu':
    case 'page':
    case 'prompt':
      record.name = button.kind === 'menu' ? 'menu' : 'navigate';
      return navigate(e, input, loc.t, button);
    case 'approve':
    case 'refuse':
      // A second person's decision on a held request (docs/money-guard.md §2.2).
      record.name = 'approval';
      return pressApproval(e, input, loc.t, button);
    case 'confirm':
    case 'cancel':
    case 'held':
      return (await ticketSteps(e, { ...turn, verb: button.kind, ticket: button.ticket })).ended;
    default:
      return stop(turn, 'bad-action', { notice: loc.t.confirmExpired }).ended;
  }
}

/**
 * Navigation builds screens that hold nothing about anyone (the home menu, a screen's Back); what
 * ran a command came back placed. Whatever is still unplaced is placed here as public, by the same
 * rule, so every outcome reaches the executor with an audience.
 */
function placeOutcome(outcome: ActionOutcome): PlacedOutcome {
  const one = (r: Reply): PlacedReply =>
    r.audience !== undefined && r.visibility !== undefined
      ? (r as PlacedReply)
      : { ...r, visibility: r.visibility ?? 'public', audience: r.audience ?? 'chat' };
  return {
    notice: outcome.notice,
    ...(outcome.update ? { update: one(outcome.update) } : {}),
    ...(outcome.followUps ? { followUps: outcome.followUps.map(one) } : {}),
  };
}

function withRefs(outcome: PlacedOutcome, fix: Refs): PlacedOutcome {
  return {
    ...outcome,
    ...(outcome.notice !== undefined ? { notice: fix({ text: outcome.notice }).text } : {}),
    ...(outcome.update ? { update: fix(outcome.update) } : {}),
    ...(outcome.followUps ? { followUps: outcome.followUps.map(fix) } : {}),
  };
}

/**
 * One structured line per command or button press (docs/operations.md §4.1): never arguments, never replies. The
 * same facts are counted for `/metrics`.
 */
function logLine(
  e: Engine,
  kind: 'command' | 'action',
  requestId: string,
  identity: Identity,
  command: string,
  started: number,
  outcome: string,
) {
  const durationMs = Math.round(performance.now() - started);
  e.logger.info({ requestId, platform: identity.platform, command, durationMs, outcome }, kind);
  e.metrics.commandFinished({ kind, platform: identity.platform, command, outcome, durationMs });
}
