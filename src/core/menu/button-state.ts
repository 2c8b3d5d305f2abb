import type { Messages } from '../messages.js';
import type { ReplyAction } from '../reply.js';

/**
 * Why a button can no longer do what it says (docs/interface.md §2.3). Each state has its words
 * here, once: a press on such a button is answered with them, and a channel that can disable a
 * button shows its short label on it (docs/interface.md §2.6).
 */
export type ButtonState =
  /** A confirmation past its time, or already used up (by its press, a Cancel or /cancel). */
  | 'expired'
  /** The same confirmation's first press is still running. */
  | 'running'
  /** A button whose message outlived what it acts on (a Hang up after the call): the message stays. */
  | 'stale'
  /** A Hang up under a call that ended: the call card says how it ended. */
  | 'call-ended'
  | 'cancelled'
  /** An approval request past its time. */
  | 'approval-expired'
  /** An approval request someone decided already. */
  | 'decided';

/**
 * Each state's words, once: what a press on it is answered with, and the short label a disabled
 * button in it shows. A record over `ButtonState`, so a new state without its words does not compile.
 */
/** A catalogue entry that is a plain sentence (not a function of values). */
type Sentence = { [K in keyof Messages]: Messages[K] extends string ? K : never }[keyof Messages];

const STATE_WORDS: Record<ButtonState, { words: Sentence; label: Sentence }> = {
  expired: { words: 'confirmExpired', label: 'buttonLabelExpired' },
  running: { words: 'buttonRunning', label: 'buttonLabelRunning' },
  stale: { words: 'buttonExpired', label: 'buttonLabelExpired' },
  'call-ended': { words: 'hangupAlreadyEnded', label: 'buttonLabelCallEnded' },
  cancelled: { words: 'confirmCancelled', label: 'buttonLabelCancelled' },
  'approval-expired': { words: 'approvalExpired', label: 'buttonLabelExpired' },
  decided: { words: 'approvalDecided', label: 'buttonLabelDecided' },
};

/** The words for a button in `state`, in the reader's catalogue. */
export function buttonStateWords(t: Messages, state: ButtonState): string {
  return t[STATE_WORDS[state].words];
}

/** The short label a disabled button in `state` shows, in the reader's catalogue. */
export function buttonStateLabel(t: Messages, state: ButtonState): string {
  return t[STATE_WORDS[state].label];
}

/**
 * A button that stays in view but can no longer act (docs/interface.md §2.6): `label` when the
 * state has its own words ("Approved 1/2"), else the state's short label. It carries no action id,
 * so no channel can route a press of it anywhere; a channel without disabled buttons shows the label
 * as a line instead (Slack, the console).
 */
export function disabledAction(t: Messages, state: ButtonState, label?: string): ReplyAction {
  return { label: label ?? buttonStateLabel(t, state), actionId: '', disabled: state };
}

/** The buttons of a reply that can still act (the channels that cannot show a disabled button). */
export function pressable(actions: readonly ReplyAction[] | undefined): ReplyAction[] {
  return (actions ?? []).filter((a) => a.disabled === undefined);
}
