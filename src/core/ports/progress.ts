import type { Language } from '../messages.js';
import type { ReplyForm } from './channel.js';

/**
 * Progress of a long job (an export read window by window), as a core notion rendered per channel
 * (docs/interface.md §5). A handler reports through {@link Progress}; the core throttles it
 * (`progress/throttle.ts`) and hands each state to the channel's {@link ProgressView}, which renders
 * it natively: a message draft in a Telegram private chat, one edited message in a group, a plan
 * streamed in a thread of a Slack DM, plain lines on the console, nothing over MCP.
 */

/** One step of a job's plan, as the person reads it. */
export interface ProgressStep {
  /** Stable within one job: a channel updates the step with this id (a Slack task's `id`). */
  readonly id: string;
  readonly title: string;
  readonly status: 'pending' | 'in_progress' | 'complete' | 'error';
  /** What the step did so far, in the person's words ("12 of 30 days, 2,300 calls"). */
  readonly detail?: string;
}

/** The whole state each time: a channel never has to remember what it showed before. */
export interface ProgressState {
  readonly title: string;
  readonly steps: readonly ProgressStep[];
  /** `running` until the job ends; then `done` or `failed` (the closing words are in the steps). */
  readonly phase: 'running' | 'done' | 'failed';
  readonly language: Language;
}

/**
 * A channel's rendering of one job's progress (a primitive of the road out, beside `Conversation`).
 * `form` is the core's order of forms (docs/reliability.md §2.4): `rich`, the channel's native
 * progress (a draft, a stream); after a definite refusal `plain`, one message edited in place. Each
 * call rejects with `SendFailedError` (ports/notify.ts) saying what the platform reported.
 */
export interface ProgressView {
  /** The least time between two updates on this platform (its rate limits); the core waits at least this. */
  readonly minIntervalMs: number;
  /** Shows `state`: the first call starts the draft, stream or message; later ones update it. */
  show(state: ProgressState, form: ReplyForm): Promise<void>;
  /** Shows the final state and closes what `show` opened (stops the stream, ends the draft). */
  end(state: ProgressState, form: ReplyForm): Promise<void>;
  /** The person asked to stop (Telegram's stop button on a draft): the job stops at its next step. */
  readonly stopped?: () => boolean;
}

/**
 * What a handler reports through. Updates are cheap to call as often as wanted: the core sends at
 * most one per the view's interval and always the last state; `done` and `fail` always reach the view.
 */
export interface Progress {
  /** Opens the job with its plan. */
  start(title: string, steps: readonly { id: string; title: string }[]): void;
  /** Updates one step (its status and detail). */
  step(id: string, status: ProgressStep['status'], detail?: string): void;
  /** The job ended well; waits until the view showed it. */
  done(): Promise<void>;
  /** The job ended badly; the steps say how far it came. */
  fail(): Promise<void>;
  /** The person asked to stop (where the channel lets them). */
  stopped(): boolean;
}
