import { compareDates, toIsoDate } from '../../telephony/dates.js';
import { addMoney, type Money, moneyToDecimalString } from '../../telephony/money.js';
import { type CdrQuery, cdrQueryArgs } from '../args.js';
import { commandText, defineCommand } from '../command-spec.js';
import { csv } from '../csv.js';
import { addDays, todayIn } from '../natural-date.js';
import type { Reply, ReplyTable } from '../reply.js';

/** The sum of amounts, exactly, in `currency` where the records carry none. */
function sum(amounts: Money[], currency: string): Money | undefined {
  return amounts.reduce<Money | undefined>(
    (acc, m) =>
      acc ? addMoney(acc, { ...m, currency: acc.currency }) : { ...m, currency: m.currency || currency },
    undefined,
  );
}

/**
 * The provider filters call records by calendar day, which we read as UTC (spec 4.5, 4.9). A user's
 * day in another zone straddles two UTC days, so the query widens by one day on each side and the
 * records are kept by their day in the user's zone (issue 14). In UTC the query is exact.
 */
function zoned(q: CdrQuery, timeZone: string) {
  const utc = timeZone === 'UTC';
  return {
    query: utc ? q : { ...q, from: addDays(q.from, -1), to: addDays(q.to, 1) },
    keep<R extends { start: Date }>(records: readonly R[]): R[] {
      if (utc) return [...records];
      return records
        .filter((r) => {
          const day = todayIn(r.start, timeZone);
          return compareDates(day, q.from) >= 0 && compareDates(day, q.to) <= 0;
        })
        .slice(0, q.count);
    },
  };
}

/** What `/cdrs` and `/callshop` share: the date arguments, who may run them, and that they are personal. */
const common = {
  // Dates the user types (`gestern`, `01.11.2026`) are read in their time zone (issue 14).
  args: cdrQueryArgs,
  roles: ['holder' as const, 'agent' as const],
  output: 'personal' as const,
  needs: 'account' as const,
};

const cdrsCommand = defineCommand({
  name: 'cdrs',
  aliases: ['calls', 'history'],
  ...common,
  ...commandText('cdrs'),
  async handler(ctx) {
    const { t, fmt } = ctx;
    const { client } = await ctx.account();
    const q = ctx.args;
    const window = zoned(q, fmt.timeZone);
    const answer = await client.cdrs({ from: window.query.from, to: window.query.to, show: q.count });
    const res = { ...answer, records: window.keep(answer.records) };
    const title = t.cdrsTitle(fmt.calendarDate(q.from), fmt.calendarDate(q.to));
    if (!res.records.length) return { title, text: t.cdrsNone, visibility: 'personal' };
    const currency = res.account?.currency ?? '';
    const total = sum(
      res.records.map((r) => r.amount),
      currency,
    )!;
    return recordsReply(q, t.csvName.cdrs, {
      title,
      text: `${t.cdrsTotal(res.records.length, fmt.money(total, currency))}${q.csv ? '' : `\n${t.cdrsCsvHint}`}`,
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
  ...common,
  ...commandText('callshop'),
  async handler(ctx) {
    const { t, fmt } = ctx;
    const { client } = await ctx.account();
    const q = ctx.args;
    // Spec 2.5 carries no currency: the account's (2.1) is read alongside, for display.
    const window = zoned(q, fmt.timeZone);
    const [found, account] = await Promise.all([
      client.cdrCallshop({ from: window.query.from, to: window.query.to, show: q.count }),
      client.onlinecallthrough().then(
        (d) => d.account,
        () => undefined,
      ),
    ]);
    const records = window.keep(found);
    const title = t.callshopTitle(fmt.calendarDate(q.from), fmt.calendarDate(q.to));
    if (!records.length) return { title, text: t.cdrsNone, visibility: 'personal' };
    const currency = account?.currency ?? '';
    const total = sum(
      records.map((r) => r.amount),
      currency,
    )!;
    return recordsReply(q, t.csvName.callshop, {
      title,
      text: t.cdrsTotal(records.length, fmt.money(total, currency)),
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

/** A records table, plus the CSV file when the query asked for `csv`. Personal data (issue 4, 5). */
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
