/** A calendar day, independent of time zones: what the CDR endpoints filter on (spec 4.5, 4.9). */
export interface CalendarDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

export function isRealDate(d: CalendarDate): boolean {
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

export function fromDate(date: Date): CalendarDate {
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

export function compareDates(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/** Parses `YYYY-MM-DD` or `DD.MM.YYYY` into a real date, else undefined. */
export function parseCalendarDate(text: string): CalendarDate | undefined {
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text.trim());
  let d: CalendarDate | undefined;
  if (m) d = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
  m = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text.trim());
  if (m) d = { year: Number(m[3]), month: Number(m[2]), day: Number(m[1]) };
  return d && isRealDate(d) ? d : undefined;
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
