import { type CalendarDate, fromDate, toIsoDate } from '../../telephony/dates.js';
import { addMoney, type Money } from '../../telephony/money.js';
import type { CdrRecord } from '../../telephony/wire.js';
import { todayIn } from '../values/natural-date.js';

/** Spend of a period from its call records: per day, top destinations, total (docs/proactive.md §3.1). */
export interface SpendData {
  from: string;
  to: string;
  currency: string;
  /** Decimal digits of every amount below. */
  scale: number;
  /** Every day of the period, oldest first, in minor units at `scale` (zero days included). */
  days: { date: string; minor: number }[];
  /** The five destinations that cost most, most first. */
  top: { destination: string; minor: number }[];
  total: Money;
  calls: number;
}

const DAY_MS = 86_400_000;

/** Spend of the records of a period, each on its day in `timeZone` (the user's zone). */
export function spendData(
  records: readonly CdrRecord[],
  period: { from: CalendarDate; to: CalendarDate },
  currency: string,
  timeZone = 'UTC',
): SpendData {
  const { from, to } = period;
  const scale = Math.max(2, ...records.map((r) => r.amount.scale));
  const cur = records.find((r) => r.amount.currency)?.amount.currency || currency;
  const at = (m: Money) => m.minor * 10 ** (scale - m.scale);
  const perDay = new Map<string, number>();
  const perDest = new Map<string, number>();
  let total: Money = { minor: 0, scale, currency: cur };
  for (const r of records) {
    const day = toIsoDate(todayIn(r.start, timeZone));
    perDay.set(day, (perDay.get(day) ?? 0) + at(r.amount));
    perDest.set(r.destination, (perDest.get(r.destination) ?? 0) + at(r.amount));
    total = addMoney(total, { ...r.amount, currency: cur });
  }
  const days: SpendData['days'] = [];
  const start = Date.UTC(from.year, from.month - 1, from.day);
  const end = Date.UTC(to.year, to.month - 1, to.day);
  for (let t = start; t <= end; t += DAY_MS) {
    const date = toIsoDate(fromDate(new Date(t)));
    days.push({ date, minor: perDay.get(date) ?? 0 });
  }
  const top = [...perDest]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([destination, minor]) => ({ destination, minor }));
  return {
    from: toIsoDate(from),
    to: toIsoDate(to),
    currency: cur,
    scale,
    days,
    top,
    total,
    calls: records.length,
  };
}
