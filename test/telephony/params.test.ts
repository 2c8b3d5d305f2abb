import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../src/telephony/errors.js';
import { normalizePhoneNumber, type PhoneNumber } from '../../src/telephony/phone.js';
import { parsePin } from '../../src/telephony/pin.js';
import { type FixtureServer, fixtureRoutes, startFixtureServer } from '../helpers/fixture-server.js';
import { clientFor } from '../helpers/test-client.js';

/** Input is checked before anything is sent: invalid input names the parameter and makes no request. */

let server: FixtureServer;
let client: ReturnType<typeof clientFor>;

const ROUTES = {
  'onlinecallthrough.store': 'onlinecallthrough',
  'number-check': 'number-check',
  'cdr-callshop': 'cdr-callshop',
  cdrs: 'cdrs',
  rates: 'rates',
  topup: 'topup-ok',
  'webcallback.trycallback': 'webcallback',
  'mycard-v2.show': 'card-active',
  'mycard-v2.insert': 'card-active',
  'mycard-v2.activateMyCard': 'card-active',
  'mycard-v2.disableCliByNumber': 'card-disabled',
  'mycard-v2.changeCliByNumber': 'card-active',
};

beforeAll(async () => {
  server = await startFixtureServer();
  client = clientFor(server, { cardRealm: 'shop-7' });
});
afterAll(async () => {
  await client.close();
  await server.close();
});
beforeEach(() => server.reset(fixtureRoutes(ROUTES)));

describe('phone numbers are normalised to E.164 digits', () => {
  it.each([
    ['+49 30 1234567', '49301234567'],
    ['0049 30 1234567', '49301234567'],
    ['0049301234567', '49301234567'],
    ['49301234567', '49301234567'],
    ['+49 (0)30 123-45-67', '49301234567'],
    ['+49 151 12345678', '4915112345678'],
    ['+43 1 2345678', '4312345678'],
  ])('%j → %s', async (input, digits) => {
    expect(normalizePhoneNumber(input)).toMatchObject({ ok: true, value: { digits } });
    await client.store({ aNumber: input, bNumber: '+49 151 12345678' });
    expect(server.requests[0]!.form.get('anumber')).toBe(digits);
    expect(server.requests[0]!.form.get('bnumber')).toBe('4915112345678');
  });

  it('splits the number check into country code and the rest (spec 4.3)', async () => {
    await client.numberCheck({ number: '0049 30 123456' });
    const req = server.requests[0]!;
    expect(req.pathname).toBe('/api/rest/v3/number-check');
    expect(req.query.get('prefix')).toBe('49');
    expect(req.query.get('number')).toBe('30123456');
  });

  it('joins several rate numbers with | (spec 4.8)', async () => {
    await client.rates({ numbers: ['+49 30 123456', '0049 151 12345678'] });
    expect(server.requests[0]!.query.get('numbers')).toBe('4930123456|4915112345678');
  });

  it.each([
    ['030 1234567', /single 0 has no country code/],
    ['0301234567', /single 0 has no country code/],
    ['+49 30 CALL-ME', /characters a phone number cannot have/],
    ['call me', /characters a phone number cannot have/],
    ['', /empty/],
    ['+49 1', /6 to 15 digits/],
    ['+1234567890123456', /6 to 15 digits/],
  ])('refuses %j with the fix and sends nothing', async (input, fix) => {
    const p = client.store({ aNumber: '+49 30 1234567', bNumber: input });
    await expect(p).rejects.toThrow(InvalidInputError);
    await expect(p).rejects.toMatchObject({
      code: 'TEL_INVALID_INPUT',
      operation: 'onlinecallthrough.store',
      parameter: 'bNumber',
      fix: expect.stringMatching(fix),
      message: expect.stringContaining('invalid bNumber'),
    });
    expect(server.count).toBe(0);
  });

  it('refuses a bad card CLI before signing with the card account', async () => {
    await expect(client.show({ cli: '0151 12345678' })).rejects.toMatchObject({
      name: 'InvalidInputError',
      parameter: 'cli',
      operation: 'mycard-v2.show',
    });
    await expect(client.changeCliByNumber({ cli: '+49 151 12345678', newCli: 'x' })).rejects.toMatchObject({
      parameter: 'newCli',
    });
    await expect(client.rates({ numbers: ['+49 30 123456', '030'] })).rejects.toMatchObject({
      parameter: 'numbers.1',
    });
    await expect(client.rates({ numbers: [] })).rejects.toMatchObject({ parameter: 'numbers' });
    expect(server.count).toBe(0);
  });
});

describe('dates are real and sent in each endpoint own format', () => {
  it('cdr-callshop sends YYYY-MM-DD (spec 4.5)', async () => {
    await client.cdrCallshop({ from: '01.11.2026', to: new Date(Date.UTC(2026, 10, 30)), show: 5 });
    const q = server.requests[0]!.query;
    expect(q.get('from')).toBe('2026-11-01');
    expect(q.get('to')).toBe('2026-11-30');
    expect(q.get('show')).toBe('5');
    expect(server.requests[0]!.search.startsWith('cdr-callshop&')).toBe(true);
  });

  it('cdrs sends DD.MM.YYYY (spec 4.9), show defaulting to 50', async () => {
    await client.cdrs({ from: '2026-11-01', to: { year: 2026, month: 11, day: 30 } });
    const q = server.requests[0]!.query;
    expect(q.get('from')).toBe('01.11.2026');
    expect(q.get('to')).toBe('30.11.2026');
    expect(q.get('show')).toBe('50');
  });

  it('accepts 29 February in a leap year', async () => {
    await client.cdrs({ from: '2028-02-29', to: '2028-02-29' });
    expect(server.requests[0]!.query.get('from')).toBe('29.02.2028');
  });

  it.each([
    ['cdrs', { from: '2026-02-30', to: '2026-03-01' }, 'from', /not a real date/],
    ['cdrs', { from: '2026-01-01', to: '2027-02-29' }, 'to', /not a real date/],
    ['cdrCallshop', { from: '2026-13-01', to: '2026-12-01' }, 'from', /not a real date/],
    ['cdrCallshop', { from: '31.04.2026', to: '2026-05-01' }, 'from', /not a real date/],
    ['cdrCallshop', { from: { year: 2026, month: 2, day: 29 }, to: '2026-03-01' }, 'from', /not a real date/],
    ['cdrs', { from: new Date(Number.NaN), to: '2026-03-01' }, 'from', /not a real date/],
    ['cdrs', { from: 'yesterday', to: '2026-03-01' }, 'from', /not a real date/],
    ['cdrs', { from: '2026-03-02', to: '2026-03-01' }, 'from', /after the end date/],
    ['cdrs', { from: '2026-03-01', to: '2026-03-02', show: 0 }, 'show', /at least 1/],
    ['cdrCallshop', { from: '2026-03-01', to: '2026-03-02', show: 2.5 }, 'show', /whole number/],
  ] as const)('%s %j: refuses %s', async (op, params, parameter, fix) => {
    const p = op === 'cdrs' ? client.cdrs(params as never) : client.cdrCallshop(params as never);
    await expect(p).rejects.toThrow(InvalidInputError);
    await expect(p).rejects.toMatchObject({ parameter, fix: expect.stringMatching(fix) });
    expect(server.count).toBe(0);
  });
});

describe('PINs', () => {
  it('strips spaces and dashes from a typed PIN', async () => {
    await client.topup({ pin: ' 1234-5678 ' });
    expect(server.requests[0]!.form.get('pin')).toBe('12345678');
  });

  it.each([
    ['', /empty/],
    ['   ', /empty/],
    ['12ab34', /digits only/],
    ['１２３４', /digits only/],
    ['123', /at least 4 digits/],
    ['1'.repeat(33), /at most 32/],
  ])('topup refuses %j and sends nothing', async (pin, fix) => {
    const p = client.topup({ pin });
    await expect(p).rejects.toThrow(InvalidInputError);
    await expect(p).rejects.toMatchObject({
      operation: 'topup',
      parameter: 'pin',
      fix: expect.stringMatching(fix),
    });
    expect(server.count).toBe(0);
  });

  it('refuses a non-string PIN', async () => {
    await expect(client.topup({ pin: 1234 as unknown as string })).rejects.toMatchObject({
      parameter: 'pin',
    });
    expect(server.count).toBe(0);
  });

  it('activateMyCard refuses a bad PIN too', async () => {
    await expect(client.activateMyCard({ cli: '+49 151 12345678', pin: 'abcd' })).rejects.toMatchObject({
      operation: 'mycard-v2.activateMyCard',
      parameter: 'pin',
    });
    expect(server.count).toBe(0);
  });
});

describe('card parameters (spec 4.1)', () => {
  it('sends the configured realm for every card operation that takes one', async () => {
    await client.disableCliByNumber({ cli: '+49 151 12345678' });
    await client.changeCliByNumber({ cli: '+49 151 12345678', newCli: '+49 151 87654321' });
    await client.activateMyCard({ cli: '+49 151 12345678', pin: '55501234' });
    await client.disableCliByNumber({ cli: '+49 151 12345678', realm: 'other' });
    const forms = server.requests.map((r) => Object.fromEntries(r.form));
    expect(forms[0]).toEqual({
      m: 'mycard-v2',
      v: 'json',
      act: 'disableCliByNumber',
      cli: '4915112345678',
      realm: 'shop-7',
    });
    expect(forms[1]).toMatchObject({ act: 'changeCliByNumber', newCli: '4915187654321', realm: 'shop-7' });
    expect(forms[2]).toMatchObject({ act: 'activateMyCard', PIN: '55501234', realm: 'shop-7' });
    expect(forms[3]).toMatchObject({ realm: 'other' });
  });

  it('insert sends Telefon, Kunde, Amount with a decimal point and sendSmsInfo', async () => {
    await client.insert({ cli: '+49 151 12345678', amount: '10,5', sendSmsInfo: true });
    expect(Object.fromEntries(server.requests[0]!.form)).toEqual({
      m: 'mycard-v2',
      v: 'json',
      act: 'insert',
      Telefon: '4915112345678',
      Kunde: '4915112345678',
      Amount: '10.50',
      sendSmsInfo: '1',
      smsinfo_message: '',
    });
  });

  it.each(['-1,00', '10 USD', 'ten'])('insert refuses the amount %j', async (amount) => {
    await expect(client.insert({ cli: '+49 151 12345678', amount })).rejects.toMatchObject({
      parameter: 'amount',
    });
    expect(server.count).toBe(0);
  });

  it('stopcallback refuses a call id with odd characters', async () => {
    await expect(client.stopcallback({ callId: '../../etc' })).rejects.toMatchObject({ parameter: 'callId' });
    await expect(client.stopcallback({ callId: '' })).rejects.toMatchObject({ parameter: 'callId' });
    expect(server.count).toBe(0);
  });
});

describe('the client takes its own values as they are (docs/architecture.md §7.4)', () => {
  const parsed = <T>(r: { ok: true; value: T } | { ok: false }): T => {
    if (!r.ok) throw new Error('fixture refused');
    return r.value;
  };

  it('sends a PhoneNumber and a Pin as their wire fields', async () => {
    const cli = parsed(normalizePhoneNumber('0049 151 12345678'));
    const code = parsed(parsePin('5550-1234'));
    await client.activateMyCard({ cli, pin: code });
    await client.topup({ pin: code });
    expect(Object.fromEntries(server.requests[0]!.form)).toMatchObject({
      cli: '4915112345678',
      PIN: '55501234',
    });
    expect(server.requests[1]!.form.get('pin')).toBe('55501234');
  });

  it('refuses a look-alike number object and sends nothing', async () => {
    const lookAlike = { ...parsed(normalizePhoneNumber('+49 151 12345678')) } as PhoneNumber;
    const p = client.activateMyCard({ cli: lookAlike, pin: '55501234' });
    await expect(p).rejects.toThrow(InvalidInputError);
    await expect(p).rejects.toMatchObject({ parameter: 'cli', fix: 'expected a phone number as text' });
    expect(server.count).toBe(0);
  });
});
