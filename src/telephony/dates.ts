/** The fields of a day, as a library user may pass them (`{ year: 2026, month: 11, day: 1 }`). */
export interface DayFields {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

declare const dateBrand: unique symbol;

/**
 * A calendar day, independent of time zones: what the CDR endpoints filter on (spec 4.5, 4.9).
 * Made only by this module's functions (docs/architecture.md §7.4); a real day among them passes the client's
 * parameter schemas as it is, without being checked again.
 */
export interface CalendarDate extends DayFields {
  readonly [dateBrand]: true;
}

/** The real days this module made: only these skip the check in the client's schemas. */
const real = new WeakSet<object>();

/** True for a real day this module made (not merely an object with the same fields). */
export function isCalendarDate(value: unknown): value is CalendarDate {
  return typeof value === 'object' && value !== null && real.has(value);
}

/** The day `year-month-day`, or undefined when there is no such day (30 February, year 1800). */
export function calendarDate(year: number, month: number, day: number): CalendarDate | undefined {
  const d = { year, month, day };
  if (!isRealDate(d)) return undefined;
  const value = Object.freeze(d) as CalendarDate;
  real.add(value);
  return value;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

export function isRealDate(d: DayFields): boolean {
  if (!Number.isInteger(d.year) || !Number.isInteger(d.month) || !Number.isInteger(d.day)) return false;
  if (d.year < 1900 || d.year > 9999 || d.month < 1 || d.month > 12 || d.day < 1) return false;
  const probe = new Date(Date.UTC(d.year, d.month - 1, d.day));
  return probe.getUTCMonth() === d.month - 1 && probe.getUTCDate() === d.day;
}

/** `YYYY-MM-DD`: cdr-callshop (spec 4.5). */
export function toIsoDate(d: CalendarDate): string {
  return `${pad(d.year, 4)}-${pad(d.month)}-${pad(d.day)}`;
}

/** `DD.MM.YYYY`: account cdrs (spec 4.9). */
export function toGermanDate(d: CalendarDate): string {
  return `${pad(d.day)}.${pad(d.month)}.${pad(d.year, 4)}`;
}

/**
 * The UTC day of `date`. A day outside 1900–9999 (or of an invalid date) still comes back, as
 * before, but unregistered: the client's schemas check it and refuse it.
 */
export function fromDate(date: Date): CalendarDate {
  const [year, month, day] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
  return calendarDate(year, month, day) ?? (Object.freeze({ year, month, day }) as CalendarDate);
}

export function compareDates(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/** Parses `YYYY-MM-DD` or `DD.MM.YYYY` into a real date, else undefined. */
export function parseCalendarDate(text: string): CalendarDate | undefined {
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text.trim());
  if (m) return calendarDate(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text.trim());
  return m ? calendarDate(Number(m[3]), Number(m[2]), Number(m[1])) : undefined;
}

/**
 * Parses the provider's timestamps as UTC: `YYYY-MM-DD HH:MM:SS` (spec 2.7) and
 * `YYYY-MM-DD HH:MM:SS.mmm` (spec 2.6). The spec names no zone; we read them as UTC.
 */
export function parseTimestamp(text: string): Date | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?$/.exec(text.trim());
  if (!m) return undefined;
  const ms = m[7] ? Number(m[7].padEnd(3, '0').slice(0, 3)) : 0;
  const date = new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!, ms));
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** `HH:MM:SS` (spec 2.7 `time`) into seconds. */
export function parseDuration(text: string): number | undefined {
  const m = /^(\d+):(\d{2}):(\d{2})$/.exec(text.trim());
  if (!m) return undefined;
  return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]);
}
