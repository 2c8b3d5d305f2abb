import { type ChannelLogger, errorSummary } from '../../core/index.js';

/**
 * How long an activity's HTTP request waits for its decision (docs/teams.md §3.4). Teams waits
 * about 15 s and then shows an error and may deliver the activity again, so a message is
 * acknowledged once its budget lapses (its answer follows through the Connector API) and a press
 * is answered with a "working on it" card (its outcome replaces the card by `PUT`). A test passes
 * budgets it ends itself; the default is a timer.
 */
export type Budget = (kind: 'message' | 'press') => Promise<void>;

/** A message is acknowledged after 2 s (typing then shows); a press answered within 10 s. */
export const BUDGET_MS = { message: 2_000, press: 10_000 } as const;

export const timerBudget: Budget = (kind) =>
  new Promise((resolve) => {
    setTimeout(resolve, BUDGET_MS[kind]).unref();
  });

/**
 * `done` when `work` settled before `lapsed`, else `late`: the work goes on after the request
 * ended, and a failure of it is logged (nobody awaits it any more). A failure in time is thrown.
 */
export async function withinBudget(
  work: Promise<unknown>,
  lapsed: Promise<void>,
  logger: ChannelLogger,
  log: Record<string, unknown>,
): Promise<'done' | 'late'> {
  const first = await Promise.race([work.then(() => 'done' as const), lapsed.then(() => 'late' as const)]);
  if (first === 'late')
    work.catch((error: unknown) =>
      logger.error({ ...log, err: errorSummary(error) }, 'teams: a late answer failed'),
    );
  return first;
}
