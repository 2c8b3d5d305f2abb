import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { looksLikeDate, parseNaturalDate } from '../../src/core/values/natural-date.js';

const NOW = new Date('2026-11-13T12:00:00Z');
const ymd = (d: ReturnType<typeof parseNaturalDate>) =>
  d ? `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}` : undefined;

describe('parseNaturalDate', () => {
  it.each([
    ['today', '2026-11-13'],
    ['now', '2026-11-13'],
    ['TODAY', '2026-11-13'],
    ['yesterday', '2026-11-12'],
    ['7d', '2026-11-06'],
    ['0d', '2026-11-13'],
    ['2w', '2026-10-30'],
    ['1m', '2026-10-14'],
    ['13d', '2026-10-31'],
    ['2026-11-01', '2026-11-01'],
    ['01.11.2026', '2026-11-01'],
    ['1.11.2026', '2026-11-01'],
    ['2024-02-29', '2024-02-29'],
  ])('%s → %s', (text, expected) => {
    expect(ymd(parseNaturalDate(text, NOW))).toBe(expected);
  });

  it.each(['2026-13-01', '31.02.2026', '2025-02-29', '9999d', 'soon', '', '7x', '2026/11/01'])(
    'refuses %j',
    (text) => {
      expect(parseNaturalDate(text, NOW)).toBeUndefined();
    },
  );

  it('reads relative words in UTC, at the day boundary', () => {
    expect(ymd(parseNaturalDate('today', new Date('2026-11-13T23:59:59.999Z')))).toBe('2026-11-13');
    expect(ymd(parseNaturalDate('yesterday', new Date('2026-03-01T00:00:00Z')))).toBe('2026-02-28');
  });

  it('Nd is N days before today, for any N it accepts (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3660 }), (n) => {
        const d = parseNaturalDate(`${n}d`, NOW)!;
        expect(Date.UTC(d.year, d.month - 1, d.day)).toBe(Date.UTC(2026, 10, 13) - n * 86_400_000);
      }),
      { seed: 3 },
    );
  });

  it('ISO and German forms of a real date agree (property)', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1990-01-01'), max: new Date('2100-12-31'), noInvalidDate: true }),
        (date) => {
          const [y, m, d] = date.toISOString().slice(0, 10).split('-');
          const iso = parseNaturalDate(`${y}-${m}-${d}`, NOW);
          expect(iso).toBeDefined();
          expect(parseNaturalDate(`${d}.${m}.${y}`, NOW)).toEqual(iso);
        },
      ),
      { seed: 4 },
    );
  });
});

describe('looksLikeDate', () => {
  it('says yes to date-shaped words, so a bad one is explained as a date', () => {
    for (const t of ['today', 'yesterday', '7d', '2w', '2026-11-01', '31.02.2026', '2026-13-40'])
      expect(looksLikeDate(t)).toBe(true);
  });

  it('says no to counts and other words', () => {
    for (const t of ['20', 'csv', 'soon', '2026/11/01', '']) expect(looksLikeDate(t)).toBe(false);
  });
});
