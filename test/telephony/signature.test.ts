import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toSigningKey } from '../../src/telephony/credentials.js';
import { Secret } from '../../src/telephony/secret.js';
import {
  authorization,
  createSigner,
  formatXDate,
  md5Hex,
  parseXDate,
  signature,
  signHeaders,
} from '../../src/telephony/signature.js';

/** provider-notes 1.1, computed there with two independent implementations. */
const VECTORS = [
  {
    username: 'demo',
    password: 'demo',
    xDate: '2014-02-20 19:44:49.000000 GMT+0000',
    md5: 'fe01ce2a7fbac8fafaed7c982a04e229',
    header: 'demo:dPekrt6IefY86DWmnLBOHWIEAr4=',
  },
  {
    username: 'alice',
    password: 's3cret!',
    xDate: '2026-11-21 09:30:00.123456 GMT+0000',
    md5: 'ca6c5d8960b5f761e1676d26b282889c',
    header: 'alice:ROI4nHQxYlOqVMgJMbWgQ1gCnX0=',
  },
  {
    username: 'kiosk-7',
    password: 'Pässwörd 42',
    xDate: '2026-01-02 03:04:05.000000 GMT+0000',
    md5: '4ee4373a0b9f312ed8ae639dcbe18edb',
    header: 'kiosk-7:odXGTDlYc8emMLqF2l0LjPxTabU=',
  },
] as const;

describe('known-answer vectors (provider-notes 1.1)', () => {
  it.each(VECTORS)('md5_hex($password) is $md5', ({ password, md5 }) => {
    expect(md5Hex(password)).toBe(md5);
  });

  it.each(VECTORS)(
    'x-authorization for $username at $xDate',
    ({ username, password, xDate, md5, header }) => {
      expect(authorization(username, md5, xDate)).toBe(header);
      // The md5 form of the credentials signs exactly like the password form.
      expect(authorization(username, toSigningKey({ username, password }).key.reveal(), xDate)).toBe(header);
      expect(
        authorization(username, toSigningKey({ username, md5: md5.toUpperCase() }).key.reveal(), xDate),
      ).toBe(header);
    },
  );

  it.each(VECTORS.filter((v) => v.xDate.endsWith('.000000 GMT+0000')))(
    'signHeaders from the parsed date reproduces $header',
    ({ username, md5, xDate, header }) => {
      const now = parseXDate(xDate);
      expect(now).toBeInstanceOf(Date);
      expect(signHeaders(username, md5, now!)).toEqual({ 'x-date': xDate, 'x-authorization': header });
    },
  );
});

describe('x-date format (spec 5, provider-notes 1.2)', () => {
  it('formats UTC with six fractional digits and GMT+0000', () => {
    expect(formatXDate(new Date(Date.UTC(2026, 10, 21, 9, 30, 0, 123)))).toBe(
      '2026-11-21 09:30:00.123000 GMT+0000',
    );
    expect(formatXDate(new Date(Date.UTC(2014, 1, 20, 19, 44, 49)))).toBe(
      '2014-02-20 19:44:49.000000 GMT+0000',
    );
  });

  it('parses the exact form, dropping microseconds below the millisecond', () => {
    expect(parseXDate('2026-11-21 09:30:00.123456 GMT+0000')?.toISOString()).toBe('2026-11-21T09:30:00.123Z');
  });

  it.each([
    '2026-02-30 10:00:00.000000 GMT+0000',
    '2026-11-21 09:30:00 GMT+0000',
    '2026-11-21 09:30:00.123456 GMT+0100',
    '2026-11-21T09:30:00.123456Z',
    '',
  ])('refuses %j', (text) => {
    expect(parseXDate(text)).toBeUndefined();
  });

  it('round-trips every millisecond date (property)', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1970-01-01T00:00:00Z'),
          max: new Date('9999-12-31T23:59:59Z'),
          noInvalidDate: true,
        }),
        (date) => {
          const text = formatXDate(date);
          expect(text).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}000 GMT\+0000$/);
          expect(parseXDate(text)?.getTime()).toBe(date.getTime());
        },
      ),
    );
  });
});

describe('signature properties', () => {
  const password = fc.string({ unit: 'grapheme', maxLength: 40 });
  const date = fc.date({
    min: new Date('2000-01-01T00:00:00Z'),
    max: new Date('2100-01-01T00:00:00Z'),
    noInvalidDate: true,
  });

  it('is 28 base64 characters, deterministic, and the md5 form equals the password form', () => {
    fc.assert(
      fc.property(password, date, (pw, now) => {
        const xDate = formatXDate(now);
        const key = md5Hex(pw);
        const sig = signature(key, xDate);
        expect(sig).toMatch(/^[A-Za-z0-9+/]{27}=$/);
        expect(Buffer.from(sig, 'base64')).toHaveLength(20);
        expect(signature(key, xDate)).toBe(sig);
        expect(toSigningKey({ username: 'u', password: pw }).key.reveal()).toBe(key);
        expect(toSigningKey({ username: 'u', md5: key }).key.reveal()).toBe(key);
        expect(key).toMatch(/^[0-9a-f]{32}$/);
      }),
    );
  });

  it('changes when the date changes (a signature is never valid for another x-date)', () => {
    fc.assert(
      fc.property(password, date, fc.integer({ min: 1, max: 10 ** 9 }), (pw, now, deltaMs) => {
        const key = md5Hex(pw);
        const later = new Date(now.getTime() + deltaMs);
        expect(signature(key, formatXDate(later))).not.toBe(signature(key, formatXDate(now)));
      }),
    );
  });

  it('changes when the password changes', () => {
    fc.assert(
      fc.property(password, password, date, (a, b, now) => {
        fc.pre(a !== b);
        const xDate = formatXDate(now);
        expect(signature(md5Hex(a), xDate)).not.toBe(signature(md5Hex(b), xDate));
      }),
    );
  });

  it('refuses an md5 that is not 32 hex characters', () => {
    expect(() => toSigningKey({ username: 'u', md5: 'not-an-md5' })).toThrow(TypeError);
    expect(() => toSigningKey({ username: 'u', md5: 'fe01ce2a7fbac8fafaed7c982a04e22' })).toThrow(TypeError);
  });
});

describe('createSigner (one HMAC per x-date)', () => {
  it('signs exactly like signHeaders for any sequence of dates, repeated ones included (property)', () => {
    const dates = fc.array(
      fc.date({
        min: new Date('2026-01-01T00:00:00Z'),
        max: new Date('2026-01-01T00:00:00.010Z'),
        noInvalidDate: true,
      }),
      { minLength: 1, maxLength: 30 },
    );
    fc.assert(
      fc.property(dates, (sequence) => {
        const key = md5Hex('demo');
        const sign = createSigner('demo', new Secret(key));
        for (const d of sequence) expect(sign(d)).toEqual(signHeaders('demo', key, d));
      }),
    );
  });

  it('gives the pinned vector, and a new signature as soon as the millisecond changes', () => {
    const sign = createSigner('demo', new Secret('fe01ce2a7fbac8fafaed7c982a04e229'));
    const at = Date.UTC(2014, 1, 20, 19, 44, 49);
    expect(sign(new Date(at))['x-authorization']).toBe('demo:dPekrt6IefY86DWmnLBOHWIEAr4=');
    expect(sign(new Date(at))['x-authorization']).toBe('demo:dPekrt6IefY86DWmnLBOHWIEAr4=');
    const next = sign(new Date(at + 1));
    expect(next['x-date']).toBe('2014-02-20 19:44:49.001000 GMT+0000');
    expect(next['x-authorization']).not.toBe('demo:dPekrt6IefY86DWmnLBOHWIEAr4=');
    expect(next['x-authorization']).toBe(
      authorization('demo', 'fe01ce2a7fbac8fafaed7c982a04e229', next['x-date']),
    );
  });
});
