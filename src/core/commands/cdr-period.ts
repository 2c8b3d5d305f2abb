import { type CalendarDate, compareDates, fromDate } from '../../telephony/dates.js';
import { addDays } from '../values/natural-date.js';

/**
 * A period of call records read whole, window by window (docs/proactive.md §7.3). The provider
 * returns at most `limit` of the latest records of a window of whole UTC days and says nothing of
 * the rest (api.md §4.9). Its bounds are days, both inclusive: `from` from 00:00:00 UTC, `to` to
 * 23:59:59 UTC, so adjacent windows [a, m] and [m+1, b] share no second. The period is read in one
 * window first; a window that comes back full is split in two halves of whole days, down to a single
 * day, the narrowest the API can filter; a day that is still full is named in `fullDays`. Each
 * window keeps only records whose UTC day lies inside it, so a record at a window's edge is counted
 * once even if the provider read a bound the other way; twin calls in the same second are kept both.
 */
export interface PeriodRead<R> {
  /** Every record of the period, newest first, each once. */
  readonly records: R[];
  /** Days that returned a full read: they may hold more than was read (the API cannot narrow a day). */
  readonly fullDays: CalendarDate[];
  /** Provider reads made. */
  readonly reads: number;
}

/** How far a read came, for progress and for saying what was read when it stops. */
export interface PeriodSoFar {
  readonly daysRead: number;
  readonly days: number;
  readonly records: number;
}

/** The read stopped before the period was whole (a provider failure, or the person stopped it). */
export class PeriodIncompleteError extends Error {
  override name = 'PeriodIncompleteError';
  readonly code = 'CORE_PERIOD_INCOMPLETE';
  constructor(
    readonly why: 'failed' | 'stopped',
    readonly soFar: PeriodSoFar,
    options?: ErrorOptions,
  ) {
    super(`period read ${why} after ${soFar.daysRead} of ${soFar.days} days`, options);
  }
}

export interface PeriodOptions {
  readonly limit: number;
  /** Called after each read, with how many windows are still to read (more than one read: worth showing). */
  readonly onRead?: (soFar: PeriodSoFar, pending: number) => void;
  /** Asked before each read: the person asked to stop. */
  readonly stopped?: () => boolean;
}

const dayNumber = (d: CalendarDate) => Date.UTC(d.year, d.month - 1, d.day) / 86_400_000;

/** Reads `from`–`to` (UTC days) through `read` until every window came back below `limit`. */
export async function readPeriod<R extends { start: Date }>(
  read: (from: CalendarDate, to: CalendarDate) => Promise<readonly R[]>,
  period: { from: CalendarDate; to: CalendarDate },
  o: PeriodOptions,
): Promise<PeriodRead<R>> {
  const days = dayNumber(period.to) - dayNumber(period.from) + 1;
  const windows: { from: CalendarDate; to: CalendarDate }[] = [period];
  const kept: R[][] = [];
  const fullDays: CalendarDate[] = [];
  let reads = 0;
  let daysRead = 0;
  let count = 0;
  const soFar = () => ({ daysRead, days, records: count });
  while (windows.length) {
    const w = windows.pop()!;
    if (o.stopped?.()) throw new PeriodIncompleteError('stopped', soFar());
    let got: readonly R[];
    try {
      got = await read(w.from, w.to);
    } catch (error) {
      throw new PeriodIncompleteError('failed', soFar(), { cause: error });
    }
    reads++;
    const width = dayNumber(w.to) - dayNumber(w.from) + 1;
    if (got.length >= o.limit && width > 1) {
      const mid = addDays(w.from, Math.floor(width / 2) - 1);
      // Newer half last, so it is read first: the latest records come in first, as on screen.
      windows.push({ from: w.from, to: mid }, { from: addDays(mid, 1), to: w.to });
      o.onRead?.(soFar(), windows.length);
      continue;
    }
    if (got.length >= o.limit) fullDays.push(w.from);
    const inside = got.filter((r) => {
      const day = fromDate(r.start);
      return compareDates(day, w.from) >= 0 && compareDates(day, w.to) <= 0;
    });
    kept.push(inside);
    daysRead += width;
    count += inside.length;
    o.onRead?.(soFar(), windows.length);
  }
  const records = kept.flat().sort((a, b) => b.start.getTime() - a.start.getTime());
  return { records, fullDays: fullDays.sort(compareDates), reads };
}
