import { isAgent } from '../accounts/roles.js';
import type { IncomingAction } from '../core.js';
import { place } from '../delivery/delivery.js';
import type { Role } from '../identity.js';
import { chatKey, identityKey } from '../identity.js';
import type { Messages } from '../messages.js';
import type { ChatSettings, PendingAction } from '../ports/records.js';
import type { ActionOutcome, Reply } from '../reply.js';
import type { UserLocale } from '../values/user-locale.js';
import { commandsHere, newTurn, runTurn } from './dispatch.js';
import { chatSettingsOf, type Engine, ownerTag } from './engine.js';
import { credentialsStep, parseArgs, runStep } from './text-steps.js';

/** A button press on its way through the dispatcher. */
export interface ActionTurn {
  readonly input: IncomingAction;
  t: Messages;
  loc?: UserLocale;
  readonly requestId: string;
  name: string;
  outcome: string;
  verb?: 'c' | 'x' | 'h';
  id?: string;
  tag?: string;
  /** When the action expires (epoch ms), as its id says. */
  expires?: number;
  settings?: ChatSettings;
  action?: PendingAction;
  role?: Role;
}

export type ActionStep = (e: Engine, turn: ActionTurn) => Promise<ActionOutcome | undefined>;

const stop = (turn: ActionTurn, outcome: string, result: ActionOutcome): ActionOutcome => {
  turn.outcome = outcome;
  return result;
};

/** `<verb>:<pending id>:<owner tag>:<expiry>`; anything else is treated as expired, and changes nothing. */
export const parseStep: ActionStep = async (_e, turn) => {
  const [verb, id, tag, expiry, ...rest] = turn.input.actionId.split(':');
  const expires = Number.parseInt(expiry ?? '', 36) * 1000;
  if (
    (verb !== 'c' && verb !== 'x' && verb !== 'h') ||
    !id ||
    !tag ||
    !Number.isFinite(expires) ||
    rest.length > 0
  )
    return stop(turn, 'bad-action', { notice: turn.t.confirmExpired });
  turn.verb = verb;
  turn.id = id;
  turn.tag = tag;
  turn.expires = expires;
  return undefined;
};

/**
 * The owner check comes before anything else (docs/interface.md §2.2): the asker, or an agent of the support
 * channel the action belongs to. A stranger's press changes nothing, whatever state the action is in.
 */
export const ownerStep: ActionStep = async (e, turn) => {
  const { identity, chat } = turn.input;
  turn.settings = await chatSettingsOf(e, identity, chat);
  if (turn.tag === ownerTag(identityKey(identity))) return undefined;
  const cKey = chatKey(identity.platform, identity.tenant, chat);
  if (turn.tag === ownerTag(cKey) && isAgent(turn.settings.support, identity)) return undefined;
  return stop(turn, 'not-owner', { notice: turn.t.confirmNotYours });
};

/**
 * An expired confirmation says so on its own message (the presser owns it); a used one keeps the
 * outcome it shows, and the second press only gets a notice (a double click, a stale client).
 */
export const loadStep: ActionStep = async (e, turn) => {
  const found = await e.stores.pending.get(turn.id!);
  // A page or question id pressed as a confirmation is no confirmation.
  const action = found && (found.kind === 'confirm' || found.kind === 'hangup') ? found : undefined;
  const now = e.clock().getTime();
  if (!action && now < turn.expires!) return stop(turn, 'used', { notice: turn.t.confirmExpired });
  const expired = {
    notice: turn.t.confirmExpired,
    update: { text: turn.t.confirmExpired, tone: 'warning' as const },
  };
  if (!action || new Date(action.expiresAt).getTime() <= now)
    return stop(turn, 'expired', place1(turn, expired));
  const { identity, chat } = turn.input;
  const agentHere = action.agentChannel === chatKey(identity.platform, identity.tenant, chat);
  if (action.owner !== identityKey(identity) && !(agentHere && isAgent(turn.settings?.support, identity)))
    return stop(turn, 'not-owner', { notice: turn.t.confirmNotYours });
  turn.role = action.agentChannel ? 'agent' : 'holder';
  return undefined;
};

/** Single use across instances: only the first `take` gets it (double clicks, two replicas). */
export const takeStep: ActionStep = async (e, turn) => {
  const taken = await e.stores.pending.take(turn.id!);
  if (!taken) return stop(turn, 'used', { notice: turn.t.confirmExpired });
  turn.action = taken;
  turn.name = taken.command;
  if (turn.verb !== 'x') return undefined;
  const cancelled = { notice: turn.t.confirmCancelled, update: { text: turn.t.confirmCancelled } };
  return stop(turn, 'cancelled', place1(turn, cancelled));
};

/** Runs the confirmed command, and places what it said by the one delivery rule. */
export const runActionStep: ActionStep = async (e, turn) => {
  const taken = turn.action!;
  const spec = e.byName.get(turn.verb === 'h' ? 'hangup' : taken.command);
  const parsed = spec ? parseArgs(e, spec, taken.args, turn.loc) : undefined;
  if (!spec || !parsed?.success) return stop(turn, 'expired', { notice: turn.t.confirmExpired });
  const run = newTurn(turn.input, turn.requestId);
  if (turn.loc) run.loc = turn.loc;
  Object.assign(run, { spec, name: spec.name, tokens: taken.args, args: parsed.data, role: turn.role });
  const placed = await runTurn(e, run, [credentialsStep((t) => commandsHere(e, t.input)), runStep]);
  if (run.outcome !== 'ok') turn.outcome = run.outcome;
  return outcomeOf(placed, turn.t);
};

/**
 * A confirmation in a shared chat ends with a short public outcome; what the result holds goes
 * where the rule placed it, and the update says so (docs/interface.md §2.3: never a permanent "Working on it…").
 */
function outcomeOf(replies: Reply[], t: Messages): ActionOutcome {
  const [first, ...rest] = replies;
  if (!first) return { notice: t.confirmExpired };
  const failed = first.tone === 'error';
  if (first.audience === 'chat')
    return { notice: failed ? first.text : undefined, update: first, followUps: rest };
  const update: Reply = {
    text: failed ? t.confirmFailedPrivately : t.confirmDonePrivately,
    tone: failed ? 'warning' : 'success',
    visibility: 'public',
    audience: 'chat',
  };
  return { notice: failed ? t.confirmFailedPrivately : t.confirmDonePrivately, update, followUps: replies };
}

/** The update of an outcome that says nothing about anyone, placed like every reply. */
function place1(turn: ActionTurn, outcome: { notice: string; update: Reply }): ActionOutcome {
  const [update] = place([outcome.update], {
    chat: turn.input.chat,
    settings: turn.settings ?? {},
    inputSeen: false,
    output: 'public',
    secretInput: false,
    actor: turn.input.identity.user,
    audited: [],
    t: turn.t,
  });
  return { notice: outcome.notice, update };
}
