import { plural } from '../plural.js';

/** English: a period of call records read whole, and the progress of an export (docs/proactive.md §7.3). */
export const exportEn = {
  exportTitle: (from: string, to: string) => `Reading calls ${from} – ${to}`,
  exportStepRead: 'Read the call records day by day',
  exportStepTotal: 'Count and total',
  exportStepFile: 'Make the file',
  exportReadDetail: (daysRead: number, days: number, n: number) =>
    `${daysRead} of ${plural('en', days, '1 day', `${days} days`)} read, ${plural('en', n, '1 call', `${n} calls`)}`,
  exportReadDays: (daysRead: number, days: number) =>
    `${daysRead} of ${plural('en', days, '1 day', `${days} days`)} read`,
  exportTotalDetail: (n: number, total: string) =>
    `${plural('en', n, '1 call', `${n} calls`)}, total ${total}`,
  exportFileDetail: (name: string) => `${name} follows`,
  exportNoFile: 'No file: the period was not read whole',
  /** A day came back full; the provider filters by whole days only, so it may hold more. */
  cdrsFullDays: (days: string, limit: number) =>
    `At least: on ${days} the provider returned its limit of ${limit} calls for one day and cannot read part of a day, so that day may hold more. Totals and the file hold what was read.`,
  cdrsReadFailed: (daysRead: number, days: number, n: number) =>
    `I stopped after reading ${daysRead} of ${plural('en', days, '1 day', `${days} days`)} (${plural('en', n, '1 call', `${n} calls`)}), because the provider failed. I sent no file and no total, since they would be incomplete. Try the same command again.`,
  cdrsReadStopped: (daysRead: number, days: number, n: number) =>
    `Stopped as you asked, after ${daysRead} of ${plural('en', days, '1 day', `${days} days`)} (${plural('en', n, '1 call', `${n} calls`)}). I sent no file and no total, since they would be incomplete.`,
};
