import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createFormatter, minorDigits } from '../../src/core/values/format.js';
import { type Money, parseMoney } from '../../src/telephony/money.js';

/** The money rules, once (docs/language.md §3.2): currency minor units for amounts, up to 4 decimals for prices. */

const eur = (text: string): Money => parseMoney(text, 'EUR')!;
const en = createFormatter({ locale: 'en' });
const de = createFormatter({ locale: 'de' });

describe('money', () => {
  it('balances, totals and amounts use the currency’s own minor units, rounded half up', () => {
    expect(en.money(eur('28,311'))).toBe('€28.31');
    expect(de.money(eur('28,311'))).toBe('28,31\u00a0€');
    expect(en.money(eur('0,015'))).toBe('€0.02');
    expect(en.money(eur('0,00'))).toBe('€0.00');
    expect(en.money(eur('-1,5'))).toBe('-€1.50');
    expect(en.money(parseMoney('1234', 'JPY')!)).toBe('¥1,234');
    expect(en.money(parseMoney('1,2345', 'BHD')!)).toBe('BHD\u00a01.235');
    // No ISO code: a plain number with two decimals rather than a guess.
    expect(en.money({ minor: 1840, scale: 2, currency: '' })).toBe('18.40');
    expect(en.money({ minor: 1840, scale: 2, currency: '' }, 'CHF')).toBe('CHF\u00a018.40');
  });

  it('per-minute prices keep up to 4 decimals, without trailing-zero noise', () => {
    expect(en.price(eur('0,0790'))).toBe('€0.079');
    expect(en.price(eur('0,1000'))).toBe('€0.10');
    expect(en.price(eur('0,0190'))).toBe('€0.019');
    expect(en.price(eur('0,01234'))).toBe('€0.0123');
    expect(de.price(eur('0,0790'))).toBe('0,079\u00a0€');
  });

  it('a column of prices has one number of decimals for every row', () => {
    expect(en.prices([eur('0,0790'), eur('0,1000'), eur('0,0190'), eur('1,00')])).toEqual([
      '€0.079',
      '€0.100',
      '€0.019',
      '€1.000',
    ]);
    expect(en.prices([eur('0,10'), eur('0,2000')])).toEqual(['€0.10', '€0.20']);
    expect(en.prices([])).toEqual([]);
  });

  it('is exact far beyond what a float holds (never a float on the way)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 53n - 1n }), (n) => {
        const m: Money = { minor: Number(n), scale: 2, currency: 'EUR' };
        const digits = n.toString().padStart(3, '0');
        const whole = BigInt(digits.slice(0, -2)).toLocaleString('en');
        expect(en.money(m)).toBe(`€${whole}.${digits.slice(-2)}`);
      }),
    );
  });

  it('minor units come from ISO 4217 through Intl', () => {
    expect([minorDigits('EUR'), minorDigits('JPY'), minorDigits('BHD'), minorDigits('XYZ')]).toEqual([
      2, 0, 3, 2,
    ]);
  });
});

/** ICU versions differ in the space before AM/PM (U+202F or U+0020); the test is not about that. */
const spaces = (s: string) => s.replace(/\u202f/g, ' ');

describe('dates', () => {
  const at = new Date('2026-11-05T18:02:10Z');
  it('in the zone, day first in German, no two-digit years', () => {
    expect(createFormatter({ locale: 'de', timeZone: 'Europe/Berlin' }).dateTime(at)).toBe(
      '05.11.2026, 19:02',
    );
    expect(spaces(createFormatter({ locale: 'en', timeZone: 'America/New_York' }).dateTime(at))).toBe(
      'Nov 5, 2026, 1:02 PM',
    );
    expect(createFormatter({ locale: 'en-GB', timeZone: 'Europe/London' }).dateTime(at)).toBe(
      '5 Nov 2026, 18:02',
    );
  });

  it('states UTC when the zone is unknown or not a zone', () => {
    expect(spaces(en.dateTime(at))).toBe('Nov 5, 2026, 6:02 PM UTC');
    const bogus = createFormatter({ locale: 'de', timeZone: 'Mars/Olympus' });
    expect(bogus.timeZoneKnown).toBe(false);
    expect(bogus.dateTime(at)).toBe('05.11.2026, 18:02 UTC');
  });

  it('calendar days are days, whatever the zone', () => {
    const d = { year: 2026, month: 11, day: 1 };
    expect(createFormatter({ locale: 'de', timeZone: 'Pacific/Kiritimati' }).calendarDate(d)).toBe(
      '01.11.2026',
    );
    expect(createFormatter({ locale: 'en', timeZone: 'Pacific/Niue' }).calendarDate(d)).toBe('Nov 1, 2026');
  });
});
