import { type CalendarDate, toIsoDate } from '../../telephony/dates.js';
import type { AccountClient } from '../accounts/services.js';
import type { Messages } from '../messages.js';
import type { Reply } from '../reply.js';
import type { Formatter } from '../values/format.js';
import { keepDays, PERIOD_READ_LIMIT, widenDays } from '../values/zone-days.js';
import { renderSpendChart } from './spend-chart.js';
import { spendData } from './spend-data.js';
import { spendChart } from './spend-native.js';

/** Whole days of the user's zone, both ends included. */
export interface SpendPeriod {
  from: CalendarDate;
  to: CalendarDate;
}

/**
 * The spend chart reply of a period: the PNG with the total as its caption (docs/proactive.md §3.1). Records
 * count on their day in the user's zone; dates are in the user's format, the chart's included.
 */
export async function spendReply(
  account: AccountClient,
  period: SpendPeriod,
  t: Messages,
  fmt: Formatter,
  options: {
    /** The account's currency, for a period with no records (whose answer names none). */
    currency?: string;
    /** The chart's title; default "Spend <from> – <to>". */
    title?: string;
  } = {},
): Promise<{ reply: Reply; total: string; calls: number }> {
  const zone = fmt.timeZone;
  const res = await account.client.cdrs({
    ...widenDays(period.from, period.to, zone),
    show: PERIOD_READ_LIMIT,
  });
  const records = keepDays(res.records, period.from, period.to, zone);
  const [from, to] = [fmt.calendarDate(period.from), fmt.calendarDate(period.to)];
  const currency = res.account?.currency || options.currency || '';
  const data = spendData(records, period, currency, zone);
  const total = fmt.money(data.total);
  if (data.calls === 0)
    return { reply: { text: t.spendNone(from, to), visibility: 'personal' }, total, calls: 0 };
  const shortDay = new Intl.DateTimeFormat(fmt.locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const day = (iso: string) => shortDay.format(new Date(`${iso}T12:00:00Z`));
  const png = await renderSpendChart(data, {
    title: options.title ?? t.spendTitle(from, to),
    perDay: t.spendPerDay,
    topDestinations: t.spendTopDestinations,
    money: (minor) => fmt.money({ minor, scale: data.scale, currency: data.currency }),
    day,
  });
  // A period holding more calls than one read returns is summed as "at least" (zone-days.ts).
  const capped = res.records.length >= PERIOD_READ_LIMIT ? `\n${t.spendCapped(PERIOD_READ_LIMIT)}` : '';
  return {
    reply: {
      text: `${t.spendCaption(total, data.calls, from, to)}${capped}`,
      file: {
        name: `spend-${toIsoDate(period.from)}-${toIsoDate(period.to)}.png`,
        mimeType: 'image/png',
        content: png,
      },
      chart: spendChart(data, { perDay: t.spendPerDay, topDestinations: t.spendTopDestinations }, day),
      visibility: 'personal',
    },
    total,
    calls: data.calls,
  };
}
