import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  type CalendarDate,
  calendarDate,
  fromDate,
  isCalendarDate,
  isRealDate,
  parseCalendarDate,
  toGermanDate,
} from '../../src/telephony/dates.js';
import { dateRange, phone, phoneDigits, pin } from '../../src/telephony/params.js';
import { isPhoneNumber, normalizePhoneNumber, type PhoneNumber } from '../../src/telephony/phone.js';
import { isPin, type Pin, parsePin } from '../../src/telephony/pin.js';

/**
 * docs/architecture.md §7.4: the client's own values (a `PhoneNumber`, a `Pin`, a `CalendarDate`) pass its parameter schemas without
 * being parsed again, while text from library users is still parsed and refused with a fix.
 */

/** The PIN schema before typed values (docs/architecture.md §7.4), kept as the reference `parsePin` must agree with. */
const formerPin = z
  .string()
  .transform((s) => s.replace(/[\s-]/g, ''))
  .pipe(
    z
      .string()
      .min(1, 'the PIN is empty; type the digits printed on the card')
      .regex(/^\d+$/, 'a PIN has digits only; type the digits printed on the card')
      .min(4, 'a PIN has at least 4 digits; check the card')
      .max(32, 'a PIN has at most 32 digits; check the card'),
  );

/** Strings near the PIN's edges: digits, separators, letters, other scripts' digits, any length. */
const pinLike = fc.oneof(
  fc.string(),
  fc.stringMatching(/^[\d \-\ta１]{0,40}$/),
  fc.stringMatching(/^\d{0,40}$/),
);

const phoneLike = fc.oneof(
  fc.string(),
  fc.stringMatching(/^(\+|00)?[1-9]\d{5,14}$/),
  fc.stringMatching(/^\+?[\d ()./-]{0,24}$/),
);

describe('PIN: the fast path agrees with the parser', () => {
  it('parsePin gives what the former schema gave, refusal by refusal (property)', () => {
    fc.assert(
      fc.property(pinLike, (text) => {
        const before = formerPin.safeParse(text);
        const now = parsePin(text);
        expect(now.ok).toBe(before.success);
        if (now.ok) expect(now.value).toBe(before.data);
        else expect(now.fix).toBe(before.error?.issues[0]?.message);
      }),
      { numRuns: 2000 },
    );
  });

  it('isPin holds exactly for the PINs parsePin returns unchanged (property)', () => {
    fc.assert(
      fc.property(pinLike, (text) => {
        const r = parsePin(text);
        if (r.ok) expect(isPin(r.value)).toBe(true);
        expect(isPin(text)).toBe(r.ok && r.value === text);
      }),
      { numRuns: 2000 },
    );
  });

  it('the client schema lets a Pin through and parses text to the same value (property)', () => {
    fc.assert(
      fc.property(pinLike, (text) => {
        const r = parsePin(text);
        const viaText = pin.safeParse(text);
        expect(viaText.success).toBe(r.ok);
        if (r.ok) {
          expect(viaText.data).toBe(r.value);
          expect(pin.parse(r.value)).toBe(r.value);
        } else expect(viaText.error?.issues[0]?.message).toBe(r.fix);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('PhoneNumber: made only by the client parser', () => {
  it('a parsed number passes the schemas as the same object, with the wire digits text gives (property)', () => {
    fc.assert(
      fc.property(phoneLike, (text) => {
        const r = normalizePhoneNumber(text);
        const viaText = phoneDigits.safeParse(text);
        expect(viaText.success).toBe(r.ok);
        if (r.ok) {
          expect(isPhoneNumber(r.value)).toBe(true);
          expect(Object.isFrozen(r.value)).toBe(true);
          expect(phone.parse(r.value)).toBe(r.value);
          expect(phoneDigits.parse(r.value)).toBe(viaText.data);
        } else expect(viaText.error?.issues[0]?.message).toBe(r.fix);
      }),
      { numRuns: 2000 },
    );
  });

  it('an object of the same shape is not a PhoneNumber, and a non-string is refused', () => {
    const real = normalizePhoneNumber('+49 30 1234567');
    if (!real.ok) throw new Error('fixture number refused');
    expect(isPhoneNumber({ ...real.value })).toBe(false);
    expect(phone.safeParse({ ...real.value }).success).toBe(false);
    expect(pin.safeParse(1234).error?.issues[0]?.message).toBe('expected a PIN as text');
  });
});

describe('CalendarDate: made only by the client date functions', () => {
  const cdrs = dateRange(toGermanDate);
  const fields = fc.record({
    year: fc.integer({ min: 1890, max: 10010 }),
    month: fc.integer({ min: -1, max: 14 }),
    day: fc.integer({ min: -1, max: 32 }),
  });

  it('a made day passes the schema as it is and gives the wire text plain fields give (property)', () => {
    fc.assert(
      fc.property(fields, ({ year, month, day }) => {
        const made = calendarDate(year, month, day);
        expect(made !== undefined).toBe(isRealDate({ year, month, day }));
        const viaFields = cdrs.safeParse({ from: { year, month, day }, to: { year, month, day } });
        expect(viaFields.success).toBe(made !== undefined);
        if (made) {
          expect(isCalendarDate(made)).toBe(true);
          expect(Object.isFrozen(made)).toBe(true);
          expect(cdrs.parse({ from: made, to: made })).toEqual(viaFields.data);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('parseCalendarDate and fromDate make registered days; look-alike fields are checked', () => {
    expect(isCalendarDate(parseCalendarDate('01.11.2026'))).toBe(true);
    expect(isCalendarDate(fromDate(new Date(Date.UTC(2026, 10, 1))))).toBe(true);
    expect(isCalendarDate({ year: 2026, month: 11, day: 1 })).toBe(false);
    // Unregistered, as before typed values (docs/architecture.md §7.4) it came back: the schema still refuses it.
    const early = fromDate(new Date(Date.UTC(1800, 0, 1)));
    expect(isCalendarDate(early)).toBe(false);
    expect(cdrs.safeParse({ from: early, to: early }).success).toBe(false);
  });

  it('a Date outside 1900-9999 is refused like the same day typed or given as fields', () => {
    const early = new Date(Date.UTC(1800, 0, 1));
    expect(cdrs.safeParse({ from: early, to: early }).error?.issues[0]?.message).toBe(
      'not a real date; use YYYY-MM-DD, e.g. 2026-11-01',
    );
    const late = new Date(Date.UTC(10000, 0, 1));
    expect(cdrs.safeParse({ from: late, to: late }).success).toBe(false);
    const today = new Date(Date.UTC(2026, 10, 1));
    expect(cdrs.parse({ from: today, to: today })).toMatchObject({ from: '01.11.2026', to: '01.11.2026' });
  });
});

describe('types: only the parsers make these values', () => {
  it('a plain string is not a Pin, plain objects not a PhoneNumber or a CalendarDate', () => {
    // @ts-expect-error a string is a Pin only once parsePin made it one
    const notPin: Pin = '12345678';
    // @ts-expect-error plain fields are not a CalendarDate: calendarDate() checks them first
    const notDay: CalendarDate = { year: 2026, month: 2, day: 30 };
    expect(isCalendarDate(notDay)).toBe(false);
    const shape = { digits: '49301234567', countryCode: '49', national: '301234567', region: 'DE' };
    // @ts-expect-error an object of the right shape is still not a parsed number
    const notPhone: PhoneNumber = shape;
    expect(isPin(notPin)).toBe(true);
    expect(isPhoneNumber(notPhone)).toBe(false);
  });
});
