import { toIsoDate } from '../../telephony/dates.js';
import { addMoney, type Money, moneyToDecimalString } from '../../telephony/money.js';
import { type CdrQuery, cdrQueryArgs } from '../args.js';
import { defineCommand } from '../command-spec.js';
import type { Reply, ReplyTable } from '../reply.js';

/** `/cdrs` and `/callshop`: call records as a readable table, or a CSV file with `csv`. */
export function cdrCommands(clock: () => Date) {
  const common = {
    args: cdrQueryArgs(clock),
    roles: ['holder' as const, 'agent' as const],
    personal: true,
    needs: 'account' as const,
  };
  return [
    defineCommand({
      name: 'cdrs',
      aliases: ['calls', 'history'],
      ...common,
      summary: () => 'Your call records (dates: today, yesterday, 7d, 2026-11-01, 01.11.2026)',
      usage: '/cdrs [from] [to] [count] [csv]',
      example: '/cdrs 7d today 20',
      async handler(ctx) {
        const { t, fmt } = ctx;
        const { client } = await ctx.account();
        const q = ctx.args;
        const res = await client.cdrs({ from: q.from, to: q.to, show: q.count });
        const title = t.cdrsTitle(toIsoDate(q.from), toIsoDate(q.to));
        if (!res.records.length) return { title, text: t.cdrsNone, visibility: 'personal' };
        const currency = res.account?.currency ?? '';
        const total = res.records.reduce<Money | undefined>(
          (sum, r) =>
            sum
              ? addMoney(sum, { ...r.amount, currency: sum.currency })
              : { ...r.amount, currency: r.amount.currency || currency },
          undefined,
        )!;
        return recordsReply(q, 'cdrs', {
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
    }),
    defineCommand({
      name: 'callshop',
      ...common,
      summary: () => 'Callshop call records',
      usage: '/callshop [from] [to] [count] [csv]',
      example: '/callshop yesterday today',
      async handler(ctx) {
        const { t, fmt } = ctx;
        const { client } = await ctx.account();
        const q = ctx.args;
        const records = await client.cdrCallshop({ from: q.from, to: q.to, show: q.count });
        const title = t.callshopTitle(toIsoDate(q.from), toIsoDate(q.to));
        if (!records.length) return { title, text: t.cdrsNone, visibility: 'personal' };
        return recordsReply(q, 'callshop', {
          title,
          table: {
            columns: [t.colDate, t.colCaller, t.colCallee, t.colDestination, t.colDuration, t.colAmount],
            rows: records.map((r) => [
              fmt.dateTime(r.start),
              r.caller,
              r.callee,
              r.destination,
              fmt.duration(r.durationSeconds),
              fmt.money(r.amount),
            ]),
            align: ['left', 'left', 'left', 'left', 'right', 'right'],
          },
          csvHeader: [
            'start_utc',
            'caller',
            'callee',
            'destination',
            'duration_s',
            'billed_s',
            'amount',
            'amount_tax',
          ],
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
            ]),
        });
      },
    }),
  ];
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

/** RFC 4180 CSV; cells that a spreadsheet would run as formulas are prefixed with `'`. */
function csv(header: string[], rows: string[][]): string {
  const cell = (v: string) => {
    const safe = /^[=+\-@]/.test(v) && !/^[+-]?\d/.test(v) ? `'${v}` : v;
    return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  return `${[header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;
}
