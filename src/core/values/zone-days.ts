import { type CalendarDate, compareDates } from '../../telephony/dates.js';
import { addDays, todayIn } from './natural-date.js';

/**
 * Records one period's read asks for: the provider lists the latest `show` records and says nothing
 * of how many more there are (spec 4.9, D6); the client allows at most 1000. A read that returns
 * this many may have missed older ones, and what is stated from it says "at least".
 */
export const PERIOD_READ_LIMIT = 1000;

/**
 * The provider filters call records by calendar day, which we read as UTC (spec 4.5, 4.9, D11). A
 * day in the user's zone straddles two UTC days, so the query widens by one day on each side and
 * the records are kept by their own day in the zone (`keepDays`). In UTC the query is exact.
 */
export function widenDays(from: CalendarDate, to: CalendarDate, timeZone: string) {
  return timeZone === 'UTC' ? { from, to } : { from: addDays(from, -1), to: addDays(to, 1) };
}

/** The records whose start falls on a day from `from` to `to` in `timeZone`, in their order. */
export function keepDays<R extends { start: Date }>(
  records: readonly R[],
  from: CalendarDate,
  to: CalendarDate,
  timeZone: string,
): R[] {
  if (timeZone === 'UTC') return [...records];
  return records.filter((r) => {
    const day = todayIn(r.start, timeZone);
    return compareDates(day, from) >= 0 && compareDates(day, to) <= 0;
  });
}
