import { describe, expect, it } from 'vitest';
import { createTelephonyClient } from '../../src/telephony/client.js';
import { subtractMoney } from '../../src/telephony/money.js';
import { manualClock, raw, startSandbox } from './helpers.js';

describe('one web callback from start to finish (spec 3.2, D4, D10)', () => {
  it('trycallback, 125 s, stopcallback: the CDR appears and the balance drops by exactly its amount', async () => {
    const clock = manualClock('2026-11-21T10:00:00.000Z');
    const sb = await startSandbox({ clock: clock.now });
    const client = createTelephonyClient({
      baseUrl: sb.url,
      credentials: { username: 'demo', password: 'demo' },
      clock: clock.now,
    });
    try {
      const before = (await client.onlinecallthrough({})).account.balance;
      const call = await client.trycallback({ aNumber: '+49 170 1234567', bNumber: '+44 7700 900123' });
      expect(sb.stats().activeCalls).toBe(1);
      clock.advance(125_000);
      await client.stopcallback({ callId: call.callId });

      const cdrs = await client.cdrs({ from: '2026-11-21', to: '2026-11-21', show: 5 });
      expect(cdrs.records).toHaveLength(1);
      const cdr = cdrs.records[0]!;
      expect(cdr.number).toBe('447700900123');
      expect(cdr.destination).toBe('United Kingdom Mobile');
      expect(cdr.durationSeconds).toBe(125);
      expect(cdr.start.toISOString()).toBe('2026-11-21T10:00:00.000Z');
      expect(cdr.end.toISOString()).toBe('2026-11-21T10:02:05.000Z');
      // 125 s = 3 started minutes × 0,0790 EUR = 0,2370 EUR
      expect(cdr.amount).toEqual({ minor: 2370, scale: 4, currency: 'EUR' });
      expect(cdr.type).toBe('CALLBACK');

      const after = (await client.onlinecallthrough({})).account.balance;
      expect(subtractMoney(before, after)).toEqual(cdr.amount);
      expect(after).toEqual({ minor: 181630, scale: 4, currency: 'EUR' });
      expect(sb.stats().activeCalls).toBe(0);
    } finally {
      await client.close();
    }
  });

  it('a call nobody stops ends at maxCallSeconds and is billed for exactly that long', async () => {
    const clock = manualClock('2026-11-21T10:00:00.000Z');
    const sb = await startSandbox({ clock: clock.now, maxCallSeconds: 600 });
    const start = await raw(sb, '/api/rest/v2/?webcallback', {
      at: clock.now(),
      form: { act: 'trycallback', aNumber: '4917012345678', bNumber: '4930123456' },
    });
    const callId = start.json.body.callId as string;
    clock.advance(3_600_000);
    expect(sb.expireCalls()).toBe(1);
    const stop = await raw(sb, '/api/rest/v2/?webcallback', {
      at: clock.now(),
      form: { act: 'stopcallback', callerId: callId },
    });
    expect(stop.json.codes[0].code).toBe(1001);
    const cdr = sb.state.cdrs('demo').at(-1)!;
    expect(cdr.seconds).toBe(600);
    expect(cdr.amount).toBe(10 * 150); // 10 minutes × 0,0150
    expect(sb.state.balance('demo')?.minor).toBe(184_000 - 1500);
  });

  it('expiry is also evaluated lazily on the next request', async () => {
    const clock = manualClock('2026-11-21T10:00:00.000Z');
    const sb = await startSandbox({ clock: clock.now, maxCallSeconds: 60 });
    await raw(sb, '/api/rest/v2/?webcallback', {
      at: clock.now(),
      form: { act: 'trycallback', aNumber: '4917012345678', bNumber: '4930123456' },
    });
    clock.advance(61_000);
    const res = await raw(sb, '/api/rest/v2/?account', { at: clock.now() });
    expect(res.json.body.accounts[0].amount).toBe('18,3850');
    expect(sb.state.calls()[0]?.endedBy).toBe('max-duration');
  });

  it('a callshop account also gets a callshop CDR', async () => {
    const clock = manualClock('2026-11-21T10:00:00.000Z');
    const sb = await startSandbox({ clock: clock.now });
    const start = await raw(sb, '/api/rest/v2/?webcallback', {
      user: 'callshop',
      at: clock.now(),
      form: { act: 'trycallback', aNumber: '4930555000111', bNumber: '905321234567' },
    });
    clock.advance(30_000);
    await raw(sb, '/api/rest/v2/?webcallback', {
      user: 'callshop',
      at: clock.now(),
      form: { act: 'stopcallback', callerId: start.json.body.callId },
    });
    const res = await raw(sb, '/api/rest/v2/?cdr-callshop&from=2026-11-21&to=2026-11-21&show=5', {
      user: 'callshop',
      at: clock.now(),
    });
    expect(res.json.body.cdrs).toEqual([
      {
        data: '2026-11-21 10:00:00.000',
        caller: '4930555000111',
        callee: '905321234567',
        duration: '30',
        billingduration: '60',
        comment: 'Turkey Mobile',
        amount: '0,1290',
        amounttax: '0,1535',
      },
    ]);
  });

  it('another account cannot stop my call (1001)', async () => {
    const sb = await startSandbox();
    const start = await raw(sb, '/api/rest/v2/?webcallback', {
      form: { act: 'trycallback', aNumber: '4917012345678', bNumber: '4930123456' },
    });
    const stop = await raw(sb, '/api/rest/v2/?webcallback', {
      user: 'swiss',
      form: { act: 'stopcallback', callerId: start.json.body.callId },
    });
    expect(stop.json.codes[0].code).toBe(1001);
    expect(sb.stats().activeCalls).toBe(1);
  });
});
