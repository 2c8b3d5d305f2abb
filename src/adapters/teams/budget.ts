import { type ChannelLogger, errorSummary, type InFlight, lapseAfter, raceBudget } from '../../core/index.js';

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

export const timerBudget: Budget = (kind) => lapseAfter(BUDGET_MS[kind]);

/** What waiting within a budget needs: the budget, where a late failure is logged, the work counted. */
export interface Waiting {
  readonly budget: Budget;
  readonly logger: ChannelLogger;
  /** The channel's work in flight, so a graceful shutdown lets a late answer finish (docs/reliability.md §6.1). */
  readonly inFlight: InFlight;
}

/**
 * `done` when `work` settled within its budget, else `late`: the work goes on after the request
 * ended, counted in flight, and a failure of it is logged (nobody awaits it any more). A failure
 * in time is thrown.
 */
export async function withinBudget(
  work: Promise<unknown>,
  kind: 'message' | 'press',
  w: Waiting,
  log: Record<string, unknown>,
): Promise<'done' | 'late'> {
  w.inFlight.track(work);
  const first = await raceBudget(work, w.budget(kind));
  if (first === 'late')
    work.catch((error: unknown) =>
      w.logger.error({ ...log, err: errorSummary(error) }, 'teams: a late answer failed'),
    );
  return first;
}
