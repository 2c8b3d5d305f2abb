import { describe, expect, it } from 'vitest';
import { formatXDate, md5Hex, signature } from '../../src/telephony/signature.js';
import { card, manualClock, raw, startSandbox } from './helpers.js';

describe('sandbox authentication (provider-notes 1.1, 1.2, D2)', () => {
  it('accepts the provider-notes known-answer vector at its own time', async () => {
    const sb = await startSandbox({ clock: () => new Date('2014-02-20T19:44:50Z') });
    const res = await raw(sb, '/api/rest/v2/?account', {
      unsigned: true,
      headers: {
        'x-date': '2014-02-20 19:44:49.000000 GMT+0000',
        'x-authorization': 'demo:dPekrt6IefY86DWmnLBOHWIEAr4=',
      },
    });
    expect(res.status).toBe(200);
    expect(res.json.error).toBe(false);
  });

  it.each([
    ['no headers', { unsigned: true }],
    ['an unknown user', { user: 'mallory', password: 'x' }],
    ['a wrong password', { user: 'demo', password: 'not-demo' }],
    ['a malformed x-date', { headers: { 'x-date': '2026-11-21T10:00:00Z' } }],
    ['x-authorization without a colon', { headers: { 'x-authorization': 'demo' } }],
  ])('answers HTTP 401 with the envelope for %s', async (_label, options) => {
    const sb = await startSandbox();
    const res = await raw(sb, '/api/rest/v2/?account', options);
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ error: true, codes: [{ code: 401, description: 'Unauthorized' }], body: [] });
    expect(sb.stats().handled.account).toBeUndefined();
  });

  it('a signature for another x-date is refused', async () => {
    const sb = await startSandbox();
    const now = new Date();
    const sig = signature(md5Hex('demo'), formatXDate(new Date(now.getTime() - 1000)));
    const res = await raw(sb, '/api/rest/v2/?account', {
      unsigned: true,
      headers: { 'x-date': formatXDate(now), 'x-authorization': `demo:${sig}` },
    });
    expect(res.status).toBe(401);
  });

  it('1011 after 180 s, 1012 beyond 5 s in the future; inside the window is accepted', async () => {
    const clock = manualClock();
    const sb = await startSandbox({ clock: clock.now });
    const at = (ms: number) => new Date(clock.now().getTime() + ms);
    const old = await raw(sb, '/api/rest/v2/?account', { at: at(-180_001) });
    expect(old.status).toBe(200);
    expect(old.json).toEqual({
      error: true,
      codes: [{ code: 1011, description: 'Wrong x-date Too Old' }],
      body: [],
    });
    const edge = await raw(sb, '/api/rest/v2/?account', { at: at(-180_000) });
    expect(edge.json.error).toBe(false);
    const future = await raw(sb, '/api/rest/v2/?account', { at: at(5_001) });
    expect(future.json.codes[0].code).toBe(1012);
    expect(future.json.body).toEqual([]);
    const tolerated = await raw(sb, '/api/rest/v2/?account', { at: at(4_000) });
    expect(tolerated.json.error).toBe(false);
    expect(sb.stats().handled.account).toBe(2);
  });

  it('the window is checked only after the signature: a wrong signature with an old date is 401', async () => {
    const clock = manualClock();
    const sb = await startSandbox({ clock: clock.now });
    const res = await raw(sb, '/api/rest/v2/?account', {
      password: 'wrong',
      at: new Date(clock.now().getTime() - 3_600_000),
    });
    expect(res.status).toBe(401);
  });

  it('the card module accepts only PIN-creation accounts (403), and they only the card module', async () => {
    const sb = await startSandbox();
    const asDemo = await card(sb, 'show', { Telefon: '4917012345678' }, { user: 'demo' });
    expect(asDemo.status).toBe(200);
    expect(asDemo.json.error).toBe(true);
    expect(asDemo.json.codes[0].code).toBe(403);
    expect(asDemo.json.body).toEqual([]);
    const cardsOnAccount = await raw(sb, '/api/rest/v2/?account', { user: 'cards' });
    expect(cardsOnAccount.json.codes[0].code).toBe(403);
    const cardsOnTopup = await raw(sb, '/api/rest/v2/?topup', { user: 'cards', form: { pin: '1000000001' } });
    expect(cardsOnTopup.json.codes[0].code).toBe(403);
    expect(sb.state.pins().find((p) => p.pin === '1000000001')?.usedBy).toBeUndefined();
    expect(sb.stats().handled).toEqual({});
  });
});
