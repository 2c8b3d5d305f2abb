/**
 * The one rule for a platform that waits a bounded time for an answer in its own response (Slack's
 * form submission, Teams' invoke and message; docs/reliability.md §2.5): `done` when `work` settled
 * before `lapse`, else `late`, and the work goes on; the adapter decides what a late request is
 * answered with. A failure of `work` in time is thrown to the caller; a late one is the caller's to
 * catch (nobody awaits the request any more).
 */
export async function withinBudget(work: Promise<unknown>, lapse: Promise<void>): Promise<'done' | 'late'> {
  return Promise.race([work.then(() => 'done' as const), lapse.then(() => 'late' as const)]);
}

/** A budget of `ms` that keeps no process alive and is cleared once `settled` ends, whichever comes first. */
export function lapseAfter(ms: number, settled?: Promise<unknown>): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    timer.unref();
    void settled?.then(
      () => clearTimeout(timer),
      () => clearTimeout(timer),
    );
  });
}
