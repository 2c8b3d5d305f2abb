import type { Scheduler } from './deliver.js';

/** After this long without an answer from the core, the chat shows "typing…" (docs/reliability.md §2.3). */
const TYPING_AFTER_MS = 1_000;
/** Telegram shows a chat action for 5 s or until the next message; repeated just before it fades. */
const TYPING_EVERY_MS = 4_500;
/**
 * A button press is answered (`answerCallbackQuery`) with the core's notice when the core decides
 * within this budget, else at once without one: Telegram's deadline for the answer is short, and a
 * slow provider must never make it pass (docs/reliability.md §2.3). Refusals ("not yours", "expired") are decided
 * before any provider call, so they keep their toast.
 */
export const ANSWER_BUDGET_MS = 500;

/**
 * Shows "typing…" in a chat while `work` runs longer than {@link TYPING_AFTER_MS}, repeated until it
 * settles. Failures of the chat action are ignored: it is a courtesy.
 */
export function typingWhile(
  work: Promise<unknown>,
  scheduler: Scheduler,
  sendTyping: () => Promise<unknown>,
): void {
  let done = false;
  work.then(
    () => {
      done = true;
    },
    () => {
      done = true;
    },
  );
  const tick = async () => {
    if (done) return;
    await sendTyping().catch(() => {});
    if (!done) scheduler.schedule(TYPING_EVERY_MS, tick);
  };
  scheduler.schedule(TYPING_AFTER_MS, tick);
}
