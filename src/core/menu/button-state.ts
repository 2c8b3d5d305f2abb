import type { Messages } from '../messages.js';

/**
 * Why a button can no longer do what it says (docs/interface.md §2.3). Each state has its words
 * here, once: a press on such a button is answered with them, and a channel that can disable a
 * button shows them on it.
 */
export type ButtonState =
  /** A confirmation past its time, or already used up (by its press, a Cancel or /cancel). */
  | 'expired'
  /** The same confirmation's first press is still running. */
  | 'running'
  /** A button whose message outlived what it acts on (a Hang up after the call): the message stays. */
  | 'stale'
  | 'cancelled'
  /** An approval request past its time. */
  | 'approval-expired'
  /** An approval request someone decided already. */
  | 'decided';

/** The words for a button in `state`, in the reader's catalogue. */
export function buttonStateWords(t: Messages, state: ButtonState): string {
  switch (state) {
    case 'expired':
      return t.confirmExpired;
    case 'running':
      return t.buttonRunning;
    case 'stale':
      return t.buttonExpired;
    case 'cancelled':
      return t.confirmCancelled;
    case 'approval-expired':
      return t.approvalExpired;
    case 'decided':
      return t.approvalDecided;
  }
}
