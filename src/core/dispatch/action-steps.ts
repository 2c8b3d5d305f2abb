import { type ButtonOf, isTicketed, mayPress, type Ticket } from '../buttons.js';
import type { IncomingAction } from '../core.js';
import { place } from '../delivery/delivery.js';
import type { Role } from '../identity.js';
import { buttonStateWords } from '../menu/button-state.js';
import type { Messages } from '../messages.js';
import type { ChatSettings, PendingAction } from '../ports/records.js';
import type { ActionOutcome, Reply } from '../reply.js';
import type { UserLocale } from '../values/user-locale.js';
import { runStep } from './command-steps.js';
import { credentials, runChecked } from './dispatch.js';
import { chatSettingsOf, type Engine } from './engine.js';
import { decodeArgs } from './pending-args.js';
import { chain, type Ended, type Step } from './turn.js';

/**
 * A press on a ticketed button (a confirmation's Confirm or Cancel, a call's Hang up), one phase at
 * a time: Pressed (its ticket read) → Owned (the press rule holds) → Loaded (its action is live) →
 * Taken (single use, across instances) → the command's outcome.
 */
export interface Pressed {
  readonly input: IncomingAction;
  readonly requestId: string;
  readonly loc: UserLocale;
  /** For the log line: the command, and how it ended. */
  readonly record: { name: string; outcome: string };
  readonly verb: ButtonOf<'confirm' | 'cancel' | 'held'>['kind'];
  readonly ticket: Ticket;
}

interface Owned extends Pressed {
  readonly settings: ChatSettings;
}

interface Loaded extends Owned {
  readonly role: Role;
}

interface Taken extends Loaded {
  readonly action: PendingAction;
}

type ActionStep<In, Out> = Step<In, Out, ActionOutcome>;

export const stop = (
  turn: Pick<Pressed, 'record'>,
  outcome: string,
  result: ActionOutcome,
): Ended<ActionOutcome> => {
  turn.record.outcome = outcome;
  return { ended: result };
};

const presser = (turn: Pressed, settings: ChatSettings) => ({
  identity: turn.input.identity,
  chat: turn.input.chat,
  support: settings.support,
});

/**
 * The press rule comes before anything else, on the ticket's owner tag: a stranger's press changes
 * nothing, whatever state the action is in.
 */
const ownerStep: ActionStep<Pressed, Owned> = async (e, turn) => {
  const settings = await chatSettingsOf(e, turn.input.identity, turn.input.chat);
  if (!mayPress(presser(turn, settings), { tag: turn.ticket.tag }))
    return stop(turn, 'not-owner', { notice: turn.loc.t.confirmNotYours });
  return { ...turn, settings };
};

/**
 * An expired confirmation says so on its own message (the presser owns it); a used one keeps the
 * outcome it shows, and the second press only gets a notice (a double click, a stale client).
 */
const loadStep: ActionStep<Owned, Loaded> = async (e, turn) => {
  const { t } = turn.loc;
  const found = await e.stores.pending.get(turn.ticket.id);
  // A page or question id pressed as a confirmation is no confirmation.
  const action = found && isTicketed(found.kind) ? found : undefined;
  const now = e.clock().getTime();
  if (!action && now < turn.ticket.expires) return usedOrRunning(e, turn);
  // A Hang up outlives its call: it is answered, and the call card it sits on stays as it is.
  if (turn.verb === 'held' && (!action || new Date(action.expiresAt).getTime() <= now))
    return stop(turn, 'expired', { notice: buttonStateWords(t, 'stale') });
  const words = buttonStateWords(t, 'expired');
  const expired = { notice: words, update: { text: words, tone: 'warning' as const } };
  if (!action || new Date(action.expiresAt).getTime() <= now)
    return stop(turn, 'expired', place1(turn, expired));
  if (!mayPress(presser(turn, turn.settings), action))
    return stop(turn, 'not-owner', { notice: t.confirmNotYours });
  return { ...turn, role: action.agentChannel ? 'agent' : 'holder' };
};

/** Single use across instances: only the first `take` gets it (double clicks, two replicas). */
const takeStep: ActionStep<Loaded, Taken> = async (e, turn) => {
  const { t } = turn.loc;
  // Running from the take on, so a second press is told so at once (runActionStep clears it).
  const ids = runningOf(e);
  if (ids.has(turn.ticket.id)) return usedOrRunning(e, turn);
  ids.add(turn.ticket.id);
  const action = await e.stores.pending.take(turn.ticket.id);
  if (!action || turn.verb === 'cancel') ids.delete(turn.ticket.id);
  if (!action) return usedOrRunning(e, turn);
  turn.record.name = action.command;
  if (turn.verb !== 'cancel') return { ...turn, action };
  await e.byName.get(action.command)?.cancelled?.(e.stores, action.args);
  return stop(
    turn,
    'cancelled',
    place1(turn, { notice: t.confirmCancelled, update: { text: t.confirmCancelled } }),
  );
};

/** Runs the command the action holds, and places what it said by the one delivery rule. */
const runActionStep: ActionStep<Taken, never> = async (e, turn) => {
  try {
    const { action, loc } = turn;
    const spec = e.byName.get(action.command);
    // As its parse made them; one an older version wrote (no typed arguments) is refused in words.
    const typed = action.typedArgs === undefined ? undefined : decodeArgs(action.typedArgs);
    if (!spec || !typed) return stop(turn, 'expired', { notice: loc.t.confirmExpired });
    const start = { input: turn.input, requestId: turn.requestId, loc };
    const command = { spec, tokens: action.args, args: typed.value, role: turn.role };
    const { placed, record } = await runChecked(e, start, command, chain(credentials(e)).to(runStep).run);
    if (record.outcome !== 'ok') turn.record.outcome = record.outcome;
    return { ended: outcomeOf(placed, loc.t, shownHere(turn.input)) };
  } finally {
    runningOf(e).delete(turn.ticket.id);
  }
};

/** Tickets whose press is running on this instance, so a second press is told so at once. */
const running = new WeakMap<Engine, Set<string>>();
function runningOf(e: Engine): Set<string> {
  const ids = running.get(e) ?? new Set<string>();
  running.set(e, ids);
  return ids;
}

/** A press on a ticket already taken: its first press still runs here, or it was used up. */
function usedOrRunning(e: Engine, turn: Pressed): Ended<ActionOutcome> {
  const state = runningOf(e).has(turn.ticket.id) ? 'running' : 'expired';
  return stop(turn, state === 'running' ? 'running' : 'used', {
    notice: buttonStateWords(turn.loc.t, state),
  });
}

/** An `actor` reply is shown to the presser in the chat itself where the channel can (an ephemeral message). */
const shownHere = (input: IncomingAction) => input.chat.kind === 'shared' && input.can?.showToOne === true;

/** The steps of a ticketed press, in their order. */
export const ticketSteps = chain(ownerStep).to(loadStep).to(takeStep).to(runActionStep).run;

/**
 * A confirmation in a shared chat ends with a short public outcome; what the result holds goes
 * where the rule placed it, and the update says so (never a permanent "Working on it…").
 */
function outcomeOf(replies: Reply[], t: Messages, actorHere: boolean): ActionOutcome {
  const [first, ...rest] = replies;
  if (!first) return { notice: t.confirmExpired };
  const failed = first.tone === 'error';
  // A file (the menu's export) is sent, never edited into the pressed message, which stays.
  if (first.audience === 'chat' && first.file) return { followUps: replies };
  if (first.audience === 'chat')
    return { notice: failed ? first.text : undefined, update: first, followUps: rest };
  // Where the result really went: shown to the presser here (ephemeral), or to their private chat.
  const here = first.audience === 'actor' && actorHere;
  const words = here
    ? { done: t.confirmDoneShownToYou, failed: t.confirmFailedShownToYou }
    : { done: t.confirmDonePrivately, failed: t.confirmFailedPrivately };
  const update: Reply = {
    text: failed ? words.failed : words.done,
    tone: failed ? 'warning' : 'success',
    visibility: 'public',
    audience: 'chat',
  };
  return { notice: failed ? words.failed : words.done, update, followUps: replies };
}

/** The update of an outcome that says nothing about anyone, placed like every reply. */
function place1(turn: Owned, outcome: { notice: string; update: Reply }): ActionOutcome {
  const [update] = place([outcome.update], {
    chat: turn.input.chat,
    settings: turn.settings,
    inputSeen: false,
    output: 'public',
    secretInput: false,
    actor: turn.input.identity.user,
    audited: [],
    t: turn.loc.t,
  });
  return { notice: outcome.notice, update };
}
