import { toIsoDate } from '../../telephony/dates.js';
import { addMoney, type Money, moneyToDecimalString } from '../../telephony/money.js';
import { commandText, defineCommand } from '../command-spec.js';
import type { Messages } from '../messages.js';
import type { Reply, ReplyTable } from '../reply.js';
import { type CdrQuery, cdrQueryArgs } from '../values/args.js';
import { csv } from '../values/csv.js';
import type { Formatter } from '../values/format.js';
import { keepDays, PERIOD_READ_LIMIT, widenDays } from '../values/zone-days.js';

/** The sum of amounts, exactly, in `currency` where the records carry none. */
function sum(amounts: Money[], currency: string): Money | undefined {
  return amounts.reduce<Money | undefined>(
    (acc, m) =>
      acc ? addMoney(acc, { ...m, currency: acc.currency }) : { ...m, currency: m.currency || currency },
    undefined,
  );
}

/** The period's query, and its records kept by their day in the user's zone (zone-days.ts). */
function zoned(q: CdrQuery, timeZone: string) {
  return {
    query: { ...q, ...widenDays(q.from, q.to, timeZone) },
    keep: <R extends { start: Date }>(records: readonly R[]) => keepDays(records, q.from, q.to, timeZone),
  };
}

/**
 * What a summary counts, said plainly: every call of the period, or the latest `count` of how many
 * with the total of all of them, or "at least" when the period held more than one read returns.
 */
function totalLine(
  ctx: { t: Messages; fmt: Formatter },
  command: 'cdrs' | 'callshop',
  q: CdrQuery,
  period: { all: readonly { amount: Money }[]; capped: boolean },
  currency: string,
): string {
  const { t, fmt } = ctx;
  const total = fmt.money(
    sum(
      period.all.map((r) => r.amount),
      currency,
    )!,
    currency,
  );
  const n = period.all.length;
  if (period.capped) return t.cdrsLatestOfAtLeast(Math.min(q.count, n), n, total);
  if (n <= q.count) return t.cdrsTotal(n, total);
  const example = `/${command} ${toIsoDate(q.from)} ${toIsoDate(q.to)} ${Math.min(n, MAX_LISTED)}`;
  return `${t.cdrsLatestOf(q.count, n, total)}\n${t.cdrsMoreHint(example)}`;
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
    const window = zoned(q, fmt.timeZone);
    const answer = await client.cdrs({
      from: window.query.from,
      to: window.query.to,
      show: PERIOD_READ_LIMIT,
    });
    const all = window.keep(answer.records);
    const capped = answer.records.length >= PERIOD_READ_LIMIT;
    const res = { ...answer, records: all.slice(0, q.count) };
    const title = t.cdrsTitle(fmt.calendarDate(q.from), fmt.calendarDate(q.to));
    if (!res.records.length) return { title, text: t.cdrsNone, visibility: 'personal' };
    const currency = res.account?.currency ?? '';
    const line = totalLine(ctx, 'cdrs', q, { all, capped }, currency);
    return recordsReply(q, t.csvName.cdrs, {
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
      csvRows: () =>
        res.records.map((r) => [
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
    const window = zoned(q, fmt.timeZone);
    const [found, account] = await Promise.all([
      client.cdrCallshop({ from: window.query.from, to: window.query.to, show: PERIOD_READ_LIMIT }),
      client.onlinecallthrough().then(
        (d) => d.account,
        () => undefined,
      ),
    ]);
    const all = window.keep(found);
    const records = all.slice(0, q.count);
    const title = t.callshopTitle(fmt.calendarDate(q.from), fmt.calendarDate(q.to));
    if (!records.length) return { title, text: t.cdrsNone, visibility: 'personal' };
    const currency = account?.currency ?? '';
    return recordsReply(q, t.csvName.callshop, {
      title,
      text: totalLine(ctx, 'callshop', q, { all, capped: found.length >= PERIOD_READ_LIMIT }, currency),
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
        records.map((r) => [
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

/** A records table, plus the CSV file when the query asked for `csv`. Personal data (docs/privacy.md §1.3, §1.4). */
function recordsReply(
  q: CdrQuery,
  filePrefix: string,
  parts: { title: string; text?: string; table: ReplyTable; csvHeader: string[]; csvRows: () => string[][] },
): Reply {
  const reply: Reply = { title: parts.title, text: parts.text, table: parts.table, visibility: 'personal' };
  if (q.csv) {
    reply.file = {
      name: `${filePrefix}-${toIsoDate(q.from)}-${toIsoDate(q.to)}.csv`,
      mimeType: 'text/csv',
      content: csv(parts.csvHeader, parts.csvRows()),
    };
  }
  return reply;
}
