import { type CalendarDate, toIsoDate } from '../../telephony/dates.js';
import { addMoney, type Money } from '../../telephony/money.js';
import type { CdrRecord } from '../../telephony/wire.js';
import type { AccountClient } from '../accounts/services.js';
import type { Messages } from '../messages.js';
import type { Formatter } from '../values/format.js';
import { todayIn } from '../values/natural-date.js';
import { keepDays, PERIOD_READ_LIMIT, widenDays } from '../values/zone-days.js';

export type LimitPeriod = 'daily' | 'monthly';

/** The current day or month in `timeZone`, and its key for "once per crossing" (`day:2026-11-24`). */
export function periodOf(period: LimitPeriod, now: Date, timeZone: string) {
  const today = todayIn(now, timeZone);
  const from: CalendarDate = period === 'daily' ? today : { ...today, day: 1 };
  const iso = toIsoDate(today);
  return { from, to: today, key: period === 'daily' ? `day:${iso}` : `month:${iso.slice(0, 7)}` };
}

/**
 * What an account spent in the current day or month of the user's zone, from its call records
 * (spec 4.9). The provider filters by calendar day, read as UTC; a zoned day straddles two, so the
 * query widens by a day on each side and each record counts on its own day in the zone, as `/cdrs`
 * does. The sum is exact, in minor units.
 */
export async function periodSpend(
  account: Pick<AccountClient, 'client'>,
  period: LimitPeriod,
  now: Date,
  timeZone: string,
  currency: string,
): Promise<{ spent: Money; key: string; calls: number; capped: boolean; records: CdrRecord[] }> {
  const { from, to, key } = periodOf(period, now, timeZone);
  const answer = await account.client.cdrs({ ...widenDays(from, to, timeZone), show: PERIOD_READ_LIMIT });
  const cur = answer.account?.currency || currency;
  let spent: Money = { minor: 0, scale: 2, currency: cur };
  let calls = 0;
  const records = keepDays(answer.records, from, to, timeZone);
  for (const r of records) {
    spent = addMoney(spent, { ...r.amount, currency: cur });
    calls += 1;
  }
  // As `/cdrs` says of its totals (docs/proactive.md §7): a full read may leave records
  // out, so the sum is a lower bound and is stated as one.
  return { spent, key, calls, capped: answer.records.length >= PERIOD_READ_LIMIT, records: [...records] };
}

/** The spend as a limit states it: `at least …` when the read was capped. */
export function spentText(t: Messages, fmt: Formatter, period: { spent: Money; capped: boolean }): string {
  const amount = fmt.money(period.spent);
  return period.capped ? t.limitAtLeast(amount) : amount;
}
