import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMoney,
  moneyToCommaString,
  moneyToDecimalString,
  moneyToWire,
  parseMoney,
  rescale,
  subtractMoney,
} from '../../src/telephony/money.js';

describe('parseMoney (provider-notes 1.4)', () => {
  it.each([
    ['18,40', 'eur', { minor: 1840, scale: 2, currency: 'EUR' }],
    ['0,10 EUR', '', { minor: 10, scale: 2, currency: 'EUR' }],
    ['0,10 EUR', 'usd', { minor: 10, scale: 2, currency: 'EUR' }],
    ['0.0350', 'EUR', { minor: 350, scale: 4, currency: 'EUR' }],
    ['0,0190', 'EUR', { minor: 190, scale: 4, currency: 'EUR' }],
    ['-1,5', 'EUR', { minor: -150, scale: 2, currency: 'EUR' }],
    ['+2,5', 'EUR', { minor: 250, scale: 2, currency: 'EUR' }],
    ['7', 'EUR', { minor: 700, scale: 2, currency: 'EUR' }],
    ['  25,00 EUR ', '', { minor: 2500, scale: 2, currency: 'EUR' }],
    ['0,00', '', { minor: 0, scale: 2, currency: '' }],
  ])('%j → %j', (text, currency, expected) => {
    expect(parseMoney(text, currency)).toEqual(expected);
  });

  // Thousands separators are not in the spec: "1.234,56" or "1 234,56" must not become some number.
  it.each([
    '1.234,56',
    '1,234.56',
    '1 234,56',
    '1 5',
    '',
    ' ',
    'EUR',
    'abc',
    '18,',
    ',40',
    '1e3',
    '0x10',
    'NaN',
    'Infinity',
    '18,40 EURO',
    '18,40 €',
    '--1',
    '99999999999999999999,00',
  ])('refuses %j', (text) => {
    expect(parseMoney(text, 'EUR')).toBeUndefined();
  });
});

describe('no floats anywhere', () => {
  it('adds 0,1 and 0,2 exactly', () => {
    const sum = addMoney(parseMoney('0,1', 'EUR')!, parseMoney('0,2', 'EUR')!);
    expect(sum).toEqual({ minor: 30, scale: 2, currency: 'EUR' });
    expect(moneyToCommaString(sum)).toBe('0,30');
  });

  it('keeps the larger scale when adding amounts of different precision', () => {
    const sum = addMoney(parseMoney('18,40', 'EUR')!, parseMoney('0.0350', 'EUR')!);
    expect(sum).toEqual({ minor: 184350, scale: 4, currency: 'EUR' });
    expect(moneyToDecimalString(sum)).toBe('18.4350');
  });

  // One rule for an amount as a decimal string (the Slack chart used its own copy, docs/channels.md §2.3):
  // a whole-unit amount has no trailing point, and small amounts keep their leading zero.
  it.each([
    [{ minor: 1234, scale: 2 }, '12.34'],
    [{ minor: 5, scale: 2 }, '0.05'],
    [{ minor: -5, scale: 2 }, '-0.05'],
    [{ minor: 12, scale: 0 }, '12'],
    [{ minor: -7, scale: 0 }, '-7'],
  ])('writes %j as %j', (m, text) => {
    expect(moneyToDecimalString({ ...m, currency: 'EUR' })).toBe(text);
  });

  it('subtracts into negatives and formats them', () => {
    const diff = subtractMoney(parseMoney('0,10', 'EUR')!, parseMoney('1,5', 'EUR')!);
    expect(diff).toEqual({ minor: -140, scale: 2, currency: 'EUR' });
    expect(moneyToCommaString(diff)).toBe('-1,40');
    expect(moneyToWire(diff)).toBe('-1.40');
  });

  it('refuses to mix currencies or lose precision', () => {
    expect(() => addMoney(parseMoney('1,00 EUR', '')!, parseMoney('1,00 USD', '')!)).toThrow(RangeError);
    expect(() => rescale(parseMoney('0.0350', 'EUR')!, 2)).toThrow(RangeError);
  });

  it('sums many cent amounts exactly (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1_000_000, max: 1_000_000 }), { maxLength: 50 }), (cents) => {
        const total = cents
          .map((c) => parseMoney(moneyToCommaString({ minor: c, scale: 2, currency: 'EUR' }), 'EUR')!)
          .reduce(addMoney, { minor: 0, scale: 2, currency: 'EUR' });
        expect(total.minor).toBe(cents.reduce((a, b) => a + b, 0));
        expect(Number.isInteger(total.minor)).toBe(true);
      }),
    );
  });
});

describe('round trip (property)', () => {
  it('parseMoney(moneyToCommaString(m)) === m for integer minor units', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1_000_000_000_000, max: 1_000_000_000_000 }),
        fc.integer({ min: 2, max: 6 }),
        fc.constantFrom('EUR', 'USD', 'CHF'),
        (minor, scale, currency) => {
          const m = { minor, scale, currency };
          const text = moneyToCommaString(m);
          expect(text).toMatch(/^-?\d+,\d+$/);
          expect(parseMoney(text, currency)).toEqual(m);
          expect(parseMoney(`${text} ${currency}`, '')).toEqual(m);
          expect(parseMoney(moneyToWire(m), currency)).toEqual(m);
        },
      ),
    );
  });
});
