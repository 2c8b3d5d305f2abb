import { describe, expect, it } from 'vitest';
import { PeriodIncompleteError, readPeriod } from '../../src/core/commands/cdr-period.js';
import { type CalendarDate, calendarDate } from '../../src/telephony/dates.js';

/**
 * A period read whole, window by window (docs/proactive.md §7.3), against a provider that behaves as
 * api.md §4.9 says: whole UTC days, both bounds inclusive, the latest `limit` records of a window.
 */
const day = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return calendarDate(y, m, d)!;
};
const ms = (d: CalendarDate) => Date.UTC(d.year, d.month - 1, d.day);

interface Rec {
  start: Date;
  n: number;
}

/** `edge`: the provider reads `to` up to the next midnight inclusive, so a record at 00:00:00 falls in two windows. */
function provider(records: Rec[], limit: number, edge: 'exact' | 'next-midnight' = 'exact') {
  const reads: string[] = [];
  const read = async (from: CalendarDate, to: CalendarDate) => {
    reads.push(`${from.day}.${from.month}–${to.day}.${to.month}`);
    const end = ms(to) + 86_400_000 - (edge === 'exact' ? 1 : 0);
    return records
      .filter((r) => r.start.getTime() >= ms(from) && r.start.getTime() <= end)
      .sort((a, b) => b.start.getTime() - a.start.getTime())
      .slice(0, limit);
  };
  return { read, reads };
}

/** `perDay` records on each day from `first` for `days` days, one at 00:00:00 and one at 23:59:59 among them. */
function spread(first: string, days: number, perDay: number): Rec[] {
  const out: Rec[] = [];
  let n = 0;
  for (let d = 0; d < days; d++) {
    const base = ms(day(first)) + d * 86_400_000;
    out.push({ start: new Date(base), n: n++ }, { start: new Date(base + 86_399_000), n: n++ });
    for (let i = 2; i < perDay; i++) out.push({ start: new Date(base + i * 600_000), n: n++ });
  }
  return out;
}

describe('a period with more records than one read returns', () => {
  it('is read in narrower windows and merged with every record once', async () => {
    const all = spread('2026-09-01', 61, 40);
    const p = provider(all, 100);
    const got = await readPeriod(p.read, { from: day('2026-09-01'), to: day('2026-10-31') }, { limit: 100 });
    expect(got.records).toHaveLength(all.length);
    expect(new Set(got.records.map((r) => r.n)).size).toBe(all.length);
    expect(got.fullDays).toEqual([]);
    expect(got.reads).toBeGreaterThan(1);
    // Newest first, as on screen.
    expect(got.records[0]!.start.getTime()).toBe(Math.max(...all.map((r) => r.start.getTime())));
  });

  it('counts a record at midnight once even when the provider reads `to` up to the next midnight', async () => {
    const all = spread('2026-09-01', 8, 40);
    const p = provider(all, 100, 'next-midnight');
    const got = await readPeriod(p.read, { from: day('2026-09-01'), to: day('2026-09-08') }, { limit: 100 });
    expect(got.records.map((r) => r.n).sort((a, b) => a - b)).toEqual(all.map((r) => r.n));
  });

  it('keeps twin calls in the same second both', async () => {
    const at = new Date(Date.UTC(2026, 8, 2, 10));
    const all = [...spread('2026-09-01', 4, 60), { start: at, n: 1000 }, { start: at, n: 1001 }];
    const got = await readPeriod(
      provider(all, 100).read,
      { from: day('2026-09-01'), to: day('2026-09-04') },
      { limit: 100 },
    );
    expect(got.records).toHaveLength(all.length);
  });

  it('names a day that comes back full: the API filters by whole days only', async () => {
    const all = [...spread('2026-09-01', 3, 10), ...spread('2026-09-02', 1, 150)];
    const got = await readPeriod(
      provider(all, 100).read,
      { from: day('2026-09-01'), to: day('2026-09-03') },
      { limit: 100 },
    );
    expect(got.fullDays).toEqual([day('2026-09-02')]);
  });

  it('stops with what was read when a read fails midway', async () => {
    const all = spread('2026-09-01', 10, 40);
    const p = provider(all, 100);
    let n = 0;
    const failing = async (from: CalendarDate, to: CalendarDate) => {
      if (++n === 3) throw new Error('provider down');
      return p.read(from, to);
    };
    const err = await readPeriod(
      failing,
      { from: day('2026-09-01'), to: day('2026-09-10') },
      { limit: 100 },
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PeriodIncompleteError);
    const e = err as PeriodIncompleteError;
    expect(e.why).toBe('failed');
    expect(e.soFar.days).toBe(10);
    expect(e.soFar.daysRead).toBeLessThan(10);
    expect(e.soFar.records).toBe(e.soFar.daysRead * 40);
  });
});
