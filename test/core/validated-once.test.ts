import { afterAll, beforeAll, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { z } from 'zod';
import { en } from '../../src/core/messages.js';
import { cdrQueryArgs, phoneArg, pinArg } from '../../src/core/values/args.js';
import { calendarDate, isCalendarDate, toGermanDate } from '../../src/telephony/dates.js';
import { dateRange } from '../../src/telephony/params.js';
import type { PhoneNumber } from '../../src/telephony/phone.js';
import type { Pin } from '../../src/telephony/pin.js';
import { type CoreHarness, startCore } from './core-harness.js';

/**
 * docs/architecture.md §7.4: a number or a PIN typed by a user is parsed once, by the client's own parser, when
 * the core reads the command; the client takes the value as it is. The parsers are wrapped to
 * count their calls (the real parsers still run; the client still talks HTTP to the sandbox).
 */
const { calls, counted } = vi.hoisted(() => {
  const calls = { phone: 0, pin: 0, day: 0 };
  const counted =
    <A extends unknown[], R>(key: keyof typeof calls, f: (...a: A) => R) =>
    (...a: A): R => {
      calls[key]++;
      return f(...a);
    };
  return { calls, counted };
});

vi.mock('../../src/telephony/phone.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/telephony/phone.js')>();
  return { ...real, normalizePhoneNumber: counted('phone', real.normalizePhoneNumber) };
});

vi.mock('../../src/telephony/dates.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/telephony/dates.js')>();
  return { ...real, calendarDate: counted('day', real.calendarDate) };
});

vi.mock('../../src/telephony/pin.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/telephony/pin.js')>();
  return { ...real, parsePin: counted('pin', real.parsePin) };
});

describe('each typed value is validated once', () => {
  let h: CoreHarness;
  beforeAll(async () => {
    h = await startCore();
  });
  afterAll(async () => h.close());
  beforeEach(() => {
    calls.phone = 0;
    calls.pin = 0;
  });

  const handled = (op: string) => h.stack.sandbox.stats().handled[op] ?? 0;

  it('/call: two numbers, two parses, and the call reaches the provider', async () => {
    const before = handled('webcallback.trycallback');
    const { text } = await h.send('/call +49 30 1234567 0049 151 12345678');
    expect(text).toContain('+4915112345678');
    expect(handled('webcallback.trycallback')).toBe(before + 1);
    expect(calls.phone).toBe(2);
  });

  it('/rate with three numbers parses each once; /check parses its number once', async () => {
    await h.send('/rate +49 30 1234567 +49 151 12345678 +43 1 2345678');
    expect(calls.phone).toBe(3);
    calls.phone = 0;
    const { text } = await h.send('/check +49 30 1234567');
    expect(text).toContain('49');
    expect(calls.phone).toBe(1);
  });

  it('/card activate: the number and the PIN are each parsed once before the provider sees them', async () => {
    const before = handled('mycard-v2.activateMyCard');
    await h.send('/card activate +49 170 12345678 5550-1234');
    expect(handled('mycard-v2.activateMyCard')).toBe(before + 1);
    expect(calls.phone).toBe(1);
    expect(calls.pin).toBe(1);
  });
});

describe('the argument schemas give the client its own types', () => {
  it('phoneArg gives a PhoneNumber and pinArg a Pin, not text', () => {
    expectTypeOf<z.output<ReturnType<typeof phoneArg>>>().toEqualTypeOf<PhoneNumber>();
    expectTypeOf<z.output<ReturnType<typeof pinArg>>>().toEqualTypeOf<Pin>();
    const n = phoneArg(en, 'the number').parse('0049 30 1234567');
    expect(n.digits).toBe('49301234567');
    expect(pinArg(en).parse('1234 5678')).toBe('12345678');
  });

  it('the client takes a day it made as it is; plain fields it checks, once each', () => {
    const range = dateRange(toGermanDate);
    const day = calendarDate(2026, 11, 1)!;
    calls.day = 0;
    expect(range.parse({ from: day, to: day })).toMatchObject({ from: '01.11.2026' });
    expect(calls.day).toBe(0);
    expect(range.parse({ from: { year: 2026, month: 11, day: 1 }, to: day })).toMatchObject({
      from: '01.11.2026',
    });
    expect(calls.day).toBe(1);
  });

  it('/cdrs dates are days the client made, which its schemas take without a second check', () => {
    const now = () => new Date(Date.UTC(2026, 10, 23, 12));
    const q = cdrQueryArgs({ t: en, timeZone: 'Europe/Berlin', now }).parse(['7d', 'today']);
    expect([q.from, q.to].map(isCalendarDate)).toEqual([true, true]);
    const dflt = cdrQueryArgs({ t: en, timeZone: 'UTC', now }).parse(['01.11.2026']);
    expect([dflt.from, dflt.to].map(isCalendarDate)).toEqual([true, true]);
  });
});
