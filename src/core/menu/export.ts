import { type CalendarDate, calendarDate } from '../../telephony/dates.js';
import type { Messages } from '../messages.js';
import type { Reply } from '../reply.js';
import type { CdrQuery } from '../values/args.js';
import { addDays } from '../values/natural-date.js';

/**
 * The menu's export (docs/interface.md §3.6): a screen of periods, each a button that runs
 * `/cdrs <from> <to> csv` for its presser. A period is worked out when the screen is shown, in the
 * presser's zone, and kept in the button's pending action as the parse would have made it (typed
 * values, docs/interface.md §2.1), so a press never parses dates again (docs/architecture.md §7.4).
 */
export interface PeriodChoice {
  readonly label: (t: Messages) => string;
  readonly period: (today: CalendarDate) => { from: CalendarDate; to: CalendarDate };
}

const firstOf = (d: CalendarDate): CalendarDate => calendarDate(d.year, d.month, 1) ?? d;

export const EXPORT_CHOICES: readonly PeriodChoice[] = [
  { label: (t) => t.exportThisMonth, period: (today) => ({ from: firstOf(today), to: today }) },
  {
    label: (t) => t.exportLastMonth,
    period: (today) => {
      const end = addDays(firstOf(today), -1);
      return { from: firstOf(end), to: end };
    },
  },
  { label: (t) => t.exportLast30Days, period: (today) => ({ from: addDays(today, -29), to: today }) },
];

/** The records an export lists on screen besides its file (the file holds them all): `/cdrs`'s default. */
const LISTED = 20;

/** What a period's button runs: the whole period as a CSV file, as `/cdrs <from> <to> csv`. */
export function exportQuery(choice: PeriodChoice, today: CalendarDate): CdrQuery {
  return { ...choice.period(today), count: LISTED, csv: true };
}

/**
 * The screen: one button a period, each made by `offer` (the ticket of a pending action that holds
 * the query), one a row. Back is added by the menu.
 */
export async function exportScreen(
  t: Messages,
  today: CalendarDate,
  offer: (query: CdrQuery) => Promise<string>,
): Promise<Reply> {
  const actions = [];
  for (const choice of EXPORT_CHOICES)
    actions.push({ label: choice.label(t), actionId: await offer(exportQuery(choice, today)), newRow: true });
  return { title: t.exportMenuTitle, text: t.exportMenuText, actions };
}
