import { inspect } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Secret } from '../../src/telephony/secret.js';
import { type FixtureServer, fixtureRoutes, startFixtureServer } from '../helpers/fixture-server.js';
import { clientFor } from '../helpers/test-client.js';

/**
 * Decoding into domain types, driven through the real client over HTTP against fixtures that carry
 * every quirk of spec §2 and provider-notes 1.4.
 */

let server: FixtureServer;
let client: ReturnType<typeof clientFor>;

beforeAll(async () => {
  server = await startFixtureServer();
  client = clientFor(server);
});
afterAll(async () => {
  await client.close();
  await server.close();
});
beforeEach(() => server.reset());

const eur = (minor: number, scale = 2) => ({ minor, scale, currency: 'EUR' });

describe('dial-in numbers (spec 2.2)', () => {
  it('decodes maps, the empty-array callbacknumberFree and the common account fields', async () => {
    server.reset(fixtureRoutes({ onlinecallthrough: 'onlinecallthrough' }));
    const result = await client.onlinecallthrough();
    expect(result).toEqual({
      account: {
        customerNumber: '100234',
        accountNumber: '4711',
        username: 'alice',
        currency: 'EUR',
        balance: eur(1840),
      },
      dialinGeo: { DE: '4930120021212', AT: '43120021212' },
      dialinFree: { DE: '498001234567' },
      callbackGeo: { DE: '4930120021213' },
      callbackFree: {},
      personalDialIn: '4930120029999',
      aNumber: null,
      bNumber: '4915112345678',
    });
    expect(server.count).toBe(1);
  });

  it('tolerates [] for every map (provider-notes 1.4)', async () => {
    server.reset(fixtureRoutes({ onlinecallthrough: 'onlinecallthrough-empty-maps' }));
    const result = await client.onlinecallthrough();
    expect(result.dialinGeo).toEqual({});
    expect(result.dialinFree).toEqual({});
    expect(result.callbackGeo).toEqual({});
    expect(result.callbackFree).toEqual({});
    expect(result.personalDialIn).toBeNull();
    expect(result.account.balance).toEqual(eur(10));
  });
});

describe('card (spec 2.3, 3.1)', () => {
  it.each([
    ['card-active', 'active'],
    ['card-blocked', 'blocked'],
    ['card-disabled', 'disabled'],
  ] as const)('%s: active field → %s', async (fixture, state) => {
    server.reset(fixtureRoutes({ 'mycard-v2.show': fixture }));
    const card = await client.show({ cli: '+49 151 12345678' });
    expect(card).toMatchObject({
      customer: '4915112345678',
      cli: '4915112345678',
      amount: eur(10),
      amountAll: eur(2500),
      serial: '880012',
      state,
    });
    expect(card.pin).toBeInstanceOf(Secret);
    expect(card.pin.reveal()).toBe('55501234');
    expect(JSON.stringify(card)).not.toContain('55501234');
  });
});

describe('number check, account (spec 2.4, 2.5)', () => {
  it('decodes the number check', async () => {
    server.reset(fixtureRoutes({ 'number-check': 'number-check' }));
    await expect(client.numberCheck({ number: '+49 30 123456' })).resolves.toEqual({
      completeNumber: '4930123456',
      prefix: '4930',
      number: '123456',
      name: 'Germany Berlin',
    });
  });

  it('decodes account entries with decimal-comma money, negative balances included', async () => {
    server.reset(fixtureRoutes({ account: 'account' }));
    const accounts = await client.account();
    expect(accounts).toEqual([
      {
        customerName: 'Alice Example',
        customerNumber: '100234',
        accountNumber: '4711',
        accountName: 'main',
        balance: { minor: 1840, scale: 2, currency: '' },
      },
      {
        customerName: 'Alice Example',
        customerNumber: '100234',
        accountNumber: '4712',
        accountName: 'overdrawn',
        balance: { minor: -150, scale: 2, currency: '' },
      },
    ]);
  });
});

describe('call detail records (spec 2.6, 2.7, 4.5, 4.9)', () => {
  it('decodes callshop CDRs with a millisecond timestamp', async () => {
    server.reset(fixtureRoutes({ 'cdr-callshop': 'cdr-callshop' }));
    const cdrs = await client.cdrCallshop({ from: '2026-11-01', to: '2026-11-30' });
    expect(cdrs).toHaveLength(1);
    expect(cdrs[0]!.start).toBeInstanceOf(Date);
    expect(cdrs[0]!.start.toISOString()).toBe('2026-11-20T14:03:07.123Z');
    expect(cdrs[0]).toMatchObject({
      caller: '4930123456',
      callee: '4915112345678',
      durationSeconds: 65,
      billedSeconds: 120,
      destination: 'Germany Mobile',
      amount: { minor: 35, scale: 2 },
      amountWithTax: { minor: 42, scale: 2 },
    });
  });

  it('callshop: body [] becomes an empty list', async () => {
    server.reset(fixtureRoutes({ 'cdr-callshop': 'cdr-callshop-empty' }));
    await expect(client.cdrCallshop({ from: '2026-11-01', to: '2026-11-30' })).resolves.toEqual([]);
  });

  it('decodes the account CDR table with decimal-point money and HH:MM:SS durations', async () => {
    server.reset(fixtureRoutes({ cdrs: 'cdrs' }));
    const table = await client.cdrs({ from: '2026-11-01', to: '2026-11-30', show: 10 });
    expect(table.caption).toBe('Latest calls');
    expect(table.footer).toBe('2 calls');
    expect(table.account?.balance).toEqual(eur(1840));
    expect(table.records).toHaveLength(2);
    const [first, second] = table.records;
    expect(first!.start.toISOString()).toBe('2026-11-20T14:03:07.000Z');
    expect(first!.end.toISOString()).toBe('2026-11-20T14:04:12.000Z');
    expect(first).toMatchObject({
      durationSeconds: 65,
      number: '4930123456',
      destination: 'Germany Berlin',
      amount: eur(350, 4),
      amountWithTax: eur(417, 4),
      type: 'CALLTHROUGH',
    });
    expect(second).toMatchObject({ durationSeconds: 3661, type: 'VOIP', amount: eur(0, 4) });
  });

  it('cdrs: a missing body member becomes an empty table', async () => {
    server.reset(fixtureRoutes({ cdrs: 'cdrs-empty' }));
    await expect(client.cdrs({ from: '2026-11-01', to: '2026-11-30' })).resolves.toEqual({
      account: null,
      caption: '',
      records: [],
      footer: '',
    });
  });
});

describe('VoIP lines (spec 2.8)', () => {
  it('decodes lines sorted by key, host and port split, booleans from "true"/"false"', async () => {
    server.reset(fixtureRoutes({ voiplist: 'voiplist' }));
    const list = await client.voiplist();
    expect(list.account.username).toBe('alice');
    expect(list.lines.map((l) => l.id)).toEqual(['sip_1', 'sip_2']);
    const [line] = list.lines;
    expect(line).toMatchObject({
      type: 'SIP',
      username: 'alice_1',
      host: '192.0.2.10',
      port: 5060,
      domain: '',
      transports: { tls: true, tcp: false, udp: true, standardPorts: false },
      options: { forbidSelfCall: true, echoCancellation: true, escapePlus: false, codecSpeex16: true },
      unknownIncomingCallName: 'Unknown',
    });
    expect(list.lines[1]).toMatchObject({ host: 'sip.example.net', port: 5061 });
  });

  it('decodes the base64 SIP password into a Secret that never prints', async () => {
    server.reset(fixtureRoutes({ voiplist: 'voiplist' }));
    const list = await client.voiplist();
    const password = list.lines[0]!.password;
    expect(password).toBeInstanceOf(Secret);
    expect(password.reveal()).toBe('sip-Secr3t!Pw');
    expect(list.lines[1]!.password.reveal()).toBe('other-Pass');
    expect(String(password)).toBe('[redacted]');
    expect(`${password}`).toBe('[redacted]');
    expect(JSON.stringify(password)).toBe('"[redacted]"');
    expect(inspect(password)).toBe('[redacted]');
    for (const text of [JSON.stringify(list), inspect(list, { depth: null }), String(list.lines)]) {
      expect(text).not.toContain('sip-Secr3t!Pw');
      expect(text).not.toContain('c2lwLVNlY3IzdCFQdw==');
    }
  });

  it('voiplist [] means no lines', async () => {
    server.reset(fixtureRoutes({ voiplist: 'voiplist-empty' }));
    await expect(client.voiplist()).resolves.toMatchObject({ lines: [] });
  });
});

describe('rates (spec 2.9, 4.8)', () => {
  it('flattens the array holding one array, keeping 4-digit prices exact', async () => {
    server.reset(fixtureRoutes({ rates: 'rates' }));
    const result = await client.rates({ numbers: ['+49 30 123456', '+49 151 12345678'] });
    expect(result).toEqual({
      currency: 'EUR',
      rates: [
        { number: '4930123456', destination: 'Germany Berlin', price: eur(190, 4), prefix: '004930' },
        { number: '4915112345678', destination: 'Germany Mobile', price: eur(12), prefix: '0049151' },
      ],
    });
  });
});

describe('web callback and top-up (spec 2.10, 4.6, D4, D5)', () => {
  it('decodes trycallback', async () => {
    server.reset(fixtureRoutes({ 'webcallback.trycallback': 'webcallback' }));
    await expect(
      client.trycallback({ aNumber: '+49 30 123456', bNumber: '+49 151 12345678' }),
    ).resolves.toEqual({
      callId: '0f8d4b52-2c1e-4d7a-9b7e-3c5a1e2f9d10',
      firstOwnNumber: '4930123456',
      destinationNumber: null,
      account: {
        customerNumber: '100234',
        accountNumber: '4711',
        username: 'alice',
        currency: 'EUR',
        balance: eur(1840),
      },
    });
  });

  it('decodes stopcallback shaped like 2.10', async () => {
    server.reset(fixtureRoutes({ 'webcallback.stopcallback': 'webcallback' }));
    const stopped = await client.stopcallback({ callId: '0f8d4b52-2c1e-4d7a-9b7e-3c5a1e2f9d10' });
    expect(stopped.account?.balance).toEqual(eur(1840));
  });

  it('surfaces the new balance of a top-up when the body carries it', async () => {
    server.reset(fixtureRoutes({ topup: 'topup-ok' }));
    const result = await client.topup({ pin: '1234 5678' });
    expect(result.account?.balance).toEqual(eur(2840));
    expect(server.requests[0]!.form.get('pin')).toBe('12345678');
  });

  it('maps code 1200 to InvalidPinError with the provider description', async () => {
    server.reset(fixtureRoutes({ topup: 'topup-invalid-pin' }));
    await expect(client.topup({ pin: '00000000' })).rejects.toMatchObject({
      name: 'InvalidPinError',
      code: 'TEL_INVALID_PIN',
      providerCode: 1200,
      description: 'Personal Identification Number Not Valid',
      operation: 'topup',
    });
  });
});

describe('shapes that do not fit', () => {
  it('a card with an unknown active value is a ResponseShapeError naming the field', async () => {
    server.reset((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          error: false,
          codes: [{ code: 200, description: 'OK' }],
          body: { CLI: '49151', Amount: '1,00 EUR', AmountAll: '1,00 EUR', active: 'maybe' },
        }),
      );
    });
    await expect(client.show({ cli: '+49 151 12345678' })).rejects.toMatchObject({
      name: 'ResponseShapeError',
      code: 'TEL_RESPONSE_SHAPE',
      issues: [expect.stringContaining('body.active')],
    });
  });
});
