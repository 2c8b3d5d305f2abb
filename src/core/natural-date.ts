import { type CalendarDate, fromDate, parseCalendarDate } from '../telephony/dates.js';

/**
 * Dates as people type them in chat (issue 4): `today`, `yesterday`, `7d` (seven days ago),
 * `2026-11-01`, `01.11.2026`, `1.11.2026`. Relative words are read against the injected clock, in UTC.
 */
export function parseNaturalDate(text: string, now: Date): CalendarDate | undefined {
  const t = text.trim().toLowerCase();
  const daysAgo = (n: number) => fromDate(new Date(now.getTime() - n * 86_400_000));
  if (t === 'today' || t === 'now') return daysAgo(0);
  if (t === 'yesterday') return daysAgo(1);
  const rel = /^(\d{1,4})([dwm])$/.exec(t);
  if (rel) {
    const n = Number(rel[1]);
    const unit = rel[2] === 'd' ? 1 : rel[2] === 'w' ? 7 : 30;
    if (n * unit > 3660) return undefined;
    return daysAgo(n * unit);
  }
  return parseCalendarDate(t);
}

export function looksLikeDate(text: string): boolean {
  return /^(today|now|yesterday|\d{1,4}[dwm]|\d{4}-\d{1,2}-\d{1,2}|\d{1,2}\.\d{1,2}\.\d{4})$/i.test(
    text.trim(),
  );
}
