import type { CommandContext, CommandSpec } from '../command-spec.js';
import type { IncomingText } from '../core.js';
import type { Role } from '../identity.js';
import type { AuditEntry, ChatSettings } from '../ports/records.js';
import type { OutputClass, Reply } from '../reply.js';
import type { UserLocale } from '../values/user-locale.js';
import type { Engine } from './engine.js';

/**
 * A line of text (or a press that runs a command) on its way through the dispatcher, one phase at a
 * time. Each phase is a type holding what the steps before it established, so a step names the
 * phase it needs and cannot be placed before the step that makes it:
 *
 *   Received → Resolved (the command and its tokens) → Authorized (the role) → Parsed (the
 *   arguments) → Ready (the handler's context, credentials checked) → an answer.
 *
 * What the ending needs whatever phase was reached (the log line, the error wording, the delivery
 * rule's facts) is written to the turn's {@link TurnRecord}; no step reads it to decide.
 */
export interface Received {
  readonly input: IncomingText;
  readonly requestId: string;
  /** The user's language, catalogue and zone (their `/language` and `/timezone` first). */
  readonly loc: UserLocale;
  /** The shared chat's settings; a private chat has none. */
  readonly settings: ChatSettings;
  readonly view: View;
  readonly record: TurnRecord;
}

/** The command to run and its argument tokens. */
export interface Resolved extends Received {
  readonly spec: CommandSpec;
  readonly tokens: readonly string[];
}

/** Allowed in this chat, and as whom. */
export interface Authorized extends Resolved {
  readonly role: Role;
}

/** Its arguments, checked against its schema. */
export interface Parsed extends Authorized {
  readonly args: unknown;
}

/** The handler's one context, with the credentials it needs checked. */
export interface Ready extends Parsed {
  readonly ctx: CommandContext<unknown>;
}

/** Where the answer is shown: opened from the home menu, or a page of an earlier list (docs/interface.md §3). */
export interface View {
  fromMenu?: boolean | undefined;
  pageId?: string;
  page?: number;
}

/** What the end of a turn reports, however far it got. */
export interface TurnRecord {
  /** For the log line and `/metrics`: the command, and how it ended. */
  name: string;
  outcome: string;
  /** The class of replies that do not say their own; `echo` until the command itself answers. */
  output: OutputClass;
  /** The input may hold a secret: it is deleted where the channel can, whatever the outcome. */
  secretInput: boolean;
  /** The audit entries written, for the support channel's thread. */
  readonly audited: AuditEntry[];
  /** How far it got, for a failure's wording: the command, its parsed arguments, its context built. */
  reached?: { spec: CommandSpec; args?: unknown; ready?: boolean };
  /** The handler of a run that changes state started (its shape's effect, changed-state.ts). */
  writing?: boolean;
}

export function newRecord(): TurnRecord {
  return { name: 'text', outcome: 'ok', output: 'echo', secretInput: false, audited: [] };
}

/**
 * A turn that ended, with its answer: a command's replies (none when a notice was given already, or
 * the input is not ours), or a press's outcome.
 */
export interface Ended<A = Reply[]> {
  readonly ended: A;
}

/** One step: the next phase, or the end of the turn. */
export type Step<In, Out, A = Reply[]> = (e: Engine, turn: In) => Promise<Out | Ended<A>>;

const isEnded = <O, A>(x: O | Ended<A>): x is Ended<A> => typeof x === 'object' && x !== null && 'ended' in x;

/** Ends the turn with `replies` (none: nothing to say), noting how it ended. */
export function ends(turn: Received, outcome: string, ...replies: Reply[]): Ended {
  turn.record.outcome = outcome;
  return { ended: replies };
}

/** Ends the turn with what a step answered, its outcome left as it is. */
export const answer = (replies: Reply[]): Ended => ({ ended: replies });

/** Steps in order, each taking the phase the one before it made; `run` ends with an answer or the last phase. */
export interface Chain<In, Out, A> {
  /** The next step; none after a step that always ends the turn (its output is `never`). */
  to<Next>(next: [Out] extends [never] ? never : Step<Out, Next, A>): Chain<In, Next, A>;
  readonly run: Step<In, Out, A>;
}

export function chain<In, Out, A = Reply[]>(first: Step<In, Out, A>): Chain<In, Out, A> {
  const to = <Next>(next: Step<Out, Next, A>) =>
    chain<In, Next, A>(async (e, turn) => {
      const out = await first(e, turn);
      return isEnded(out) ? out : next(e, out);
    });
  return { run: first, to: to as Chain<In, Out, A>['to'] };
}

/** A step before the command is known: it answers, names the command, or passes the turn on (undefined). */
export type Resolver = (e: Engine, turn: Received) => Promise<Resolved | Ended | undefined>;

/** The first resolver that answers or names the command decides; `last` always does. */
export function firstOf(
  resolvers: readonly Resolver[],
  last: Step<Received, Resolved>,
): Step<Received, Resolved> {
  return async (e, turn) => {
    for (const resolver of resolvers) {
      const out = await resolver(e, turn);
      if (out) return out;
    }
    return last(e, turn);
  };
}

/** The turn with its command named: the log line says which, and a failure is worded for it. */
export function resolvedAs(
  turn: Received,
  spec: CommandSpec,
  tokens: readonly string[],
  secretInput = turn.record.secretInput,
): Resolved {
  turn.record.name = spec.name;
  turn.record.reached = { spec };
  turn.record.secretInput = secretInput;
  return { ...turn, spec, tokens };
}
