import { toIsoDate } from '../../telephony/dates.js';
import { addMoney, type Money, moneyToDecimalString } from '../../telephony/money.js';
import { type CommandContext, commandText, defineCommand } from '../command-spec.js';
import type { Messages } from '../messages.js';
import type { Reply, ReplyTable } from '../reply.js';
import { type CdrQuery, cdrQueryArgs } from '../values/args.js';
import { csv } from '../values/csv.js';
import type { Formatter } from '../values/format.js';
import { PERIOD_READ_LIMIT } from '../values/zone-days.js';
import { closeProgress, readWhole, type WholePeriod } from './cdr-export.js';

/** The sum of amounts, exactly, in `currency` where the records carry none. */
function sum(amounts: Money[], currency: string): Money | undefined {
  return amounts.reduce<Money | undefined>(
    (acc, m) =>
      acc ? addMoney(acc, { ...m, currency: acc.currency }) : { ...m, currency: m.currency || currency },
    undefined,
  );
}

/** The period's total, exactly (minor units), in the user's words. */
function periodTotal(fmt: Formatter, all: readonly { amount: Money }[], currency: string): string {
  const total = sum(
    all.map((r) => r.amount),
    currency,
  );
  return fmt.money(total ?? { minor: 0, scale: 2, currency }, currency);
}

/**
 * What a summary counts, said plainly: every call of the period, or the latest `count` of how many
 * with the total of all of them; the period is read whole (cdr-export.ts), so "at least" is said
 * only of a day the provider returned full and cannot narrow (docs/proactive.md §7.3).
 */
function totalLine(
  ctx: { t: Messages; fmt: Formatter },
  command: 'cdrs' | 'callshop',
  q: CdrQuery,
  period: WholePeriod<{ amount: Money }>,
  currency: string,
): string {
  const { t, fmt } = ctx;
  const total = periodTotal(fmt, period.all, currency);
  const n = period.all.length;
  const full = period.fullDays.length
    ? `\n${t.cdrsFullDays(period.fullDays.map((d) => fmt.calendarDate(d)).join(', '), PERIOD_READ_LIMIT)}`
    : '';
  if (n <= q.count) return `${t.cdrsTotal(n, total)}${full}`;
  const example = `/${command} ${toIsoDate(q.from)} ${toIsoDate(q.to)} ${Math.min(n, MAX_LISTED)}`;
  return `${t.cdrsLatestOf(q.count, n, total)}${full}\n${t.cdrsMoreHint(example)}`;
}

/** The most records one `/cdrs` lists (its count argument, args.ts). */
const MAX_LISTED = 500;

/** What `/cdrs` and `/callshop` share: the date arguments, who may run them, and that they are personal. */
const common = {
  // Dates the user types (`gestern`, `01.11.2026`) are read in their time zone (docs/language.md §2.2).
  args: cdrQueryArgs,
  roles: ['holder' as const, 'agent' as const],
  output: 'personal' as const,
  needs: 'account' as const,
};

const cdrsCommand = defineCommand({
  name: 'cdrs',
  helpGroup: 'calls',
  // The last five calls of the last 30 days.
  homeScreen: { tokens: ['30d', 'today', '5'] },
  aliases: ['calls', 'history'],
  ...common,
  ...commandText('cdrs'),
  async handler(ctx) {
    const { t, fmt } = ctx;
    const { client } = await ctx.account();
    const q = ctx.args;
    let currency = '';
    const period = await readWhole(ctx, async (from, to) => {
      const answer = await client.cdrs({ from, to, show: PERIOD_READ_LIMIT });
      currency ||= answer.account?.currency ?? '';
      return answer.records;
    });
    if ('reply' in period) return period.reply;
    const res = { records: period.all.slice(0, q.count) };
    const title = t.cdrsTitle(fmt.calendarDate(q.from), fmt.calendarDate(q.to));
    if (!res.records.length) {
      await closeProgress(ctx, period, { count: 0, total: periodTotal(fmt, [], currency) });
      return { title, text: t.cdrsNone, visibility: 'personal' };
    }
    const line = totalLine(ctx, 'cdrs', q, period, currency);
    return recordsReply(ctx, period, t.csvName.cdrs, currency, {
      title,
      text: `${line}${q.csv ? '' : `\n${t.cdrsCsvHint}`}`,
      table: {
        columns: [t.colDate, t.colNumber, t.colDestination, t.colDuration, t.colAmount],
        rows: res.records.map((r) => [
          fmt.dateTime(r.start),
          r.number,
          r.destination,
          fmt.duration(r.durationSeconds),
          fmt.money(r.amount, currency),
        ]),
        align: ['left', 'left', 'left', 'right', 'right'],
        caption: t.timesIn(fmt.timeZone),
      },
      csvHeader: [
        'start_utc',
        'end_utc',
        'duration_s',
        'number',
        'destination',
        'type',
        'amount',
        'amount_tax',
        'currency',
      ],
      // The file holds the whole period, whatever the on-screen count.
      csvRows: () =>
        period.all.map((r) => [
          r.start.toISOString(),
          r.end.toISOString(),
          String(r.durationSeconds),
          r.number,
          r.destination,
          r.type,
          moneyToDecimalString(r.amount),
          moneyToDecimalString(r.amountWithTax),
          r.amount.currency || currency,
        ]),
    });
  },
});

/** The CSV columns of `/callshop … csv`. */
const CALLSHOP_CSV_HEADER = [
  'start_utc',
  'caller',
  'callee',
  'destination',
  'duration_s',
  'billed_s',
  'amount',
  'amount_tax',
  'currency',
];

const callshopCommand = defineCommand({
  name: 'callshop',
  helpGroup: 'calls',
  ...common,
  ...commandText('callshop'),
  async handler(ctx) {
    const { t, fmt } = ctx;
    const { client } = await ctx.account();
    const q = ctx.args;
    // Spec 2.5 carries no currency: the account's (2.1) is read alongside, for display.
    const [period, account] = await Promise.all([
      readWhole(ctx, (from, to) => client.cdrCallshop({ from, to, show: PERIOD_READ_LIMIT })),
      client.onlinecallthrough().then(
        (d) => d.account,
        () => undefined,
      ),
    ]);
    if ('reply' in period) return period.reply;
    const records = period.all.slice(0, q.count);
    const title = t.callshopTitle(fmt.calendarDate(q.from), fmt.calendarDate(q.to));
    const currency = account?.currency ?? '';
    if (!records.length) {
      await closeProgress(ctx, period, { count: 0, total: periodTotal(fmt, [], currency) });
      return { title, text: t.cdrsNone, visibility: 'personal' };
    }
    return recordsReply(ctx, period, t.csvName.callshop, currency, {
      title,
      text: totalLine(ctx, 'callshop', q, period, currency),
      table: {
        columns: [t.colDate, t.colCaller, t.colCallee, t.colDestination, t.colDuration, t.colAmount],
        rows: records.map((r) => [
          fmt.dateTime(r.start),
          r.caller,
          r.callee,
          r.destination,
          fmt.duration(r.durationSeconds),
          fmt.money(r.amount, currency),
        ]),
        align: ['left', 'left', 'left', 'left', 'right', 'right'],
        caption: t.timesIn(fmt.timeZone),
      },
      csvHeader: CALLSHOP_CSV_HEADER,
      csvRows: () =>
        period.all.map((r) => [
          r.start.toISOString(),
          r.caller,
          r.callee,
          r.destination,
          String(r.durationSeconds),
          String(r.billedSeconds),
          moneyToDecimalString(r.amount),
          moneyToDecimalString(r.amountWithTax),
          r.amount.currency || currency,
        ]),
    });
  },
});

/** `/cdrs` and `/callshop`: call records as a readable table, or a CSV file with `csv`. */
export function cdrCommands() {
  return [cdrsCommand, callshopCommand];
}

/**
 * A records table, plus the CSV file of the whole period when the query asked for `csv`; a plan
 * shown while reading closes with the count, total and file. Personal data (docs/privacy.md §1.3, §1.4).
 */
async function recordsReply(
  ctx: CommandContext<CdrQuery>,
  period: WholePeriod<{ amount: Money }>,
  filePrefix: string,
  currency: string,
  parts: { title: string; text?: string; table: ReplyTable; csvHeader: string[]; csvRows: () => string[][] },
): Promise<Reply> {
  const q = ctx.args;
  const reply: Reply = { title: parts.title, text: parts.text, table: parts.table, visibility: 'personal' };
  if (q.csv) {
    reply.file = {
      name: `${filePrefix}-${toIsoDate(q.from)}-${toIsoDate(q.to)}.csv`,
      mimeType: 'text/csv',
      content: csv(parts.csvHeader, parts.csvRows()),
    };
  }
  const total = periodTotal(ctx.fmt, period.all, currency);
  await closeProgress(ctx, period, { count: period.all.length, total, file: reply.file?.name });
  return reply;
}
