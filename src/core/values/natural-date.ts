import { type CalendarDate, calendarDate, fromDate, parseCalendarDate } from '../../telephony/dates.js';

/**
 * Dates as people type them in chat (docs/language.md §2.2), in English or German: `today`/`heute`,
 * `yesterday`/`gestern`, `vorgestern`, `7d` (seven days ago; `7t` for Tage, `2w`, `1m`),
 * `2026-11-01`, `01.11.2026`, `1.11.2026`. Relative words are read against the injected clock in
 * the user's time zone: at 00:30 in Berlin, "today" is already the Berlin day, not UTC's.
 */
export function parseNaturalDate(text: string, now: Date, timeZone = 'UTC'): CalendarDate | undefined {
  const t = text.trim().toLowerCase();
  const today = todayIn(now, timeZone);
  const daysAgo = (n: number) => addDays(today, -n);
  if (TODAY.has(t)) return today;
  if (YESTERDAY.has(t)) return daysAgo(1);
  if (t === 'vorgestern') return daysAgo(2);
  const rel = /^(\d{1,4})([dtwm])$/.exec(t);
  if (rel) {
    const n = Number(rel[1]);
    const unit = rel[2] === 'w' ? 7 : rel[2] === 'm' ? 30 : 1;
    if (n * unit > 3660) return undefined;
    return daysAgo(n * unit);
  }
  return parseCalendarDate(t);
}

const TODAY = new Set(['today', 'now', 'heute', 'jetzt']);
const YESTERDAY = new Set(['yesterday', 'gestern']);

export function looksLikeDate(text: string): boolean {
  return /^(today|now|yesterday|heute|jetzt|gestern|vorgestern|\d{1,4}[dtwm]|\d{4}-\d{1,2}-\d{1,2}|\d{1,2}\.\d{1,2}\.\d{4})$/i.test(
    text.trim(),
  );
}

/** The calendar day it is at `now` in `timeZone`. */
export function todayIn(now: Date, timeZone: string): CalendarDate {
  if (timeZone === 'UTC') return fromDate(now);
  const parts = dayParts(timeZone).formatToParts(now);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return calendarDate(get('year'), get('month'), get('day')) ?? fromDate(now);
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

function dayParts(timeZone: string): Intl.DateTimeFormat {
  let f = dayFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' });
    dayFormats.set(timeZone, f);
  }
  return f;
}

export function addDays(d: CalendarDate, n: number): CalendarDate {
  return fromDate(new Date(Date.UTC(d.year, d.month - 1, d.day + n)));
}
