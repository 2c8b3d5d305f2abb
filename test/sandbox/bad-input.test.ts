import { describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/index.js';
import { card, type RawResponse, raw, startSandbox } from './helpers.js';

/** Runs a request and asserts the envelope error and that the state did not change at all. */
async function refused(sb: Sandbox, run: () => Promise<RawResponse>, code: number, status = 200) {
  const before = sb.state.snapshot();
  const res = await run();
  expect(res.status).toBe(status);
  expect(res.json.error).toBe(true);
  expect(res.json.codes).toHaveLength(1);
  expect(res.json.codes[0].code).toBe(code);
  expect(typeof res.json.codes[0].description).toBe('string');
  expect(res.json.body).toEqual([]);
  expect(sb.state.snapshot()).toEqual(before);
  return res;
}

describe('sandbox bad input: the right envelope error and no state change', () => {
  it('unknown modules and addresses are 404', async () => {
    const sb = await startSandbox();
    await refused(sb, () => raw(sb, '/api/rest/v2/?nosuchmodule'), 404, 404);
    await refused(sb, () => raw(sb, '/api/rest/v2/'), 404, 404);
    await refused(sb, () => raw(sb, '/api/rest/v9/?account'), 404, 404);
    await refused(sb, () => raw(sb, '/api/rest/v2/?topup'), 404, 404); // GET on a POST module
    await refused(sb, () => raw(sb, '/api/rest/v2/', { form: { m: 'nosuchcard' } }), 404, 404);
  });

  it('missing parameters are 403 naming the parameter', async () => {
    const sb = await startSandbox();
    const res = await refused(
      sb,
      () => raw(sb, '/api/rest/v2/?onlinecallthrough', { form: { act: 'store', anumber: '4917012345678' } }),
      403,
    );
    expect(res.json.codes[0].description).toContain('bnumber');
    await refused(
      sb,
      () => raw(sb, '/api/rest/v2/?onlinecallthrough', { form: { anumber: '4917012345678' } }),
      403,
    );
    await refused(sb, () => raw(sb, '/api/rest/v2/?topup', { form: {} }), 403);
    await refused(sb, () => raw(sb, '/api/rest/v2/?cdrs&to=30.11.2026&show=5'), 403);
    await refused(sb, () => raw(sb, '/api/rest/v2/?rates'), 403);
    await refused(sb, () => raw(sb, '/api/rest/v3/number-check?prefix=49'), 403);
    await refused(
      sb,
      () => raw(sb, '/api/rest/v2/?webcallback', { form: { act: 'trycallback', aNumber: '4930123456' } }),
      403,
    );
    await refused(sb, () => raw(sb, '/api/rest/v2/?webcallback', { form: { act: 'stopcallback' } }), 403);
    await refused(sb, () => card(sb, 'show', {}), 403);
    await refused(sb, () => card(sb, 'activateMyCard', { cli: '4917012345678', PIN: '12345678' }), 403); // no realm
    await refused(
      sb,
      () => raw(sb, '/api/rest/v2/', { user: 'cards', form: { m: 'mycard-v2', v: 'json' } }),
      403,
    );
  });

  it('malformed dates are 403: wrong form per endpoint, impossible days, from after to', async () => {
    const sb = await startSandbox({ data: undefined });
    await refused(sb, () => raw(sb, '/api/rest/v2/?cdrs&from=2026-11-01&to=30.11.2026&show=5'), 403);
    await refused(sb, () => raw(sb, '/api/rest/v2/?cdrs&from=31.02.2026&to=30.11.2026&show=5'), 403);
    await refused(sb, () => raw(sb, '/api/rest/v2/?cdrs&from=30.11.2026&to=01.11.2026&show=5'), 403);
    await refused(sb, () => raw(sb, '/api/rest/v2/?cdrs&from=01.11.2026&to=30.11.2026&show=-1'), 403);
    await refused(
      sb,
      () => raw(sb, '/api/rest/v2/?cdr-callshop&from=01.11.2026&to=2026-11-30&show=5', { user: 'callshop' }),
      403,
    );
  });

  it('a non-numeric PIN is not a valid PIN (1200), on top-up and on activateMyCard', async () => {
    const sb = await startSandbox();
    await refused(sb, () => raw(sb, '/api/rest/v2/?topup', { form: { pin: '10000abc01' } }), 1200);
    await refused(
      sb,
      () => card(sb, 'activateMyCard', { realm: 'default', cli: '4915112345678', PIN: 'abcd' }),
      1200,
    );
  });

  it('malformed phone numbers and amounts are 403', async () => {
    const sb = await startSandbox();
    await refused(
      sb,
      () =>
        raw(sb, '/api/rest/v2/?onlinecallthrough', {
          form: { act: 'store', anumber: '+49 30 1234', bnumber: '4930123456' },
        }),
      403,
    );
    await refused(
      sb,
      () =>
        raw(sb, '/api/rest/v2/?webcallback', {
          form: { act: 'trycallback', aNumber: '0301234567', bNumber: '4930123456' },
        }),
      403,
    );
    await refused(sb, () => card(sb, 'insert', { Telefon: '4917099999999', Amount: '5,00' }), 403);
    await refused(sb, () => card(sb, 'insert', { Telefon: 'abc' }), 403);
    await refused(sb, () => raw(sb, '/api/rest/v3/number-check?prefix=4x&number=123'), 403);
  });

  it('unknown acts are 403', async () => {
    const sb = await startSandbox();
    await refused(sb, () => raw(sb, '/api/rest/v2/?webcallback', { form: { act: 'hangup' } }), 403);
    await refused(sb, () => card(sb, 'destroy', { Telefon: '4917012345678' }), 403);
  });

  it('an oversized body is 413 with the envelope, and nothing is read or changed', async () => {
    const sb = await startSandbox();
    const pin = `1000000001&x=${'a'.repeat(70 * 1024)}`;
    await refused(sb, () => raw(sb, '/api/rest/v2/?topup', { body: `pin=${pin}` }), 413, 413);
    expect(sb.stats().received.topup).toBeUndefined();
  });

  it('an unknown callerId, an unknown CLI and an unmatched number are 1001', async () => {
    const sb = await startSandbox();
    await refused(
      sb,
      () => raw(sb, '/api/rest/v2/?webcallback', { form: { act: 'stopcallback', callerId: 'no-such-call' } }),
      1001,
    );
    await refused(sb, () => card(sb, 'show', { Telefon: '4917000000000' }), 1001);
  });

  it('a callback to a destination without a rate is refused (403)', async () => {
    const sb = await startSandbox();
    await refused(
      sb,
      () =>
        raw(sb, '/api/rest/v2/?webcallback', {
          form: { act: 'trycallback', aNumber: '4930123456', bNumber: '999123456' },
        }),
      403,
    );
  });

  it('cdr-callshop on an account that is not a callshop is 403', async () => {
    const sb = await startSandbox();
    await refused(sb, () => raw(sb, '/api/rest/v2/?cdr-callshop&from=2026-11-01&to=2026-11-30&show=5'), 403);
  });
});
