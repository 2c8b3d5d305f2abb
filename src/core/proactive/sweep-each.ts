import { errorSummary } from '../logs/safe-error.js';
import type { ProactiveContext } from './context.js';

/**
 * One pass over a store's records for the guard's sweeps (spend limits, card caps): each record
 * checked on its own, so one failure costs only that record (counted, logged, retried by the next
 * sweep); a shutdown stops the pass between records (docs/reliability.md §6), and what is left
 * is checked by the next sweep.
 */
export async function sweepEach<T extends { id: string }>(
  ctx: ProactiveContext,
  records: AsyncIterable<T>,
  o: { what: string; skip: (record: T) => boolean; check: (record: T) => Promise<void>; failed: () => void },
): Promise<void> {
  for await (const record of records) {
    if (ctx.cancelled?.()) return;
    if (o.skip(record)) continue;
    try {
      await o.check(record);
    } catch (err) {
      o.failed();
      ctx.logger.warn(
        { record: record.id, err: errorSummary(err) },
        `${o.what} sweep: check failed; next sweep retries`,
      );
    }
  }
}
