import { describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/index.js';
import { createTelephonyClient } from '../../src/telephony/client.js';
import { raw, startSandbox } from './helpers.js';

const client = (sb: Sandbox, extra: Partial<Parameters<typeof createTelephonyClient>[0]> = {}) =>
  createTelephonyClient({
    baseUrl: sb.url,
    credentials: { username: 'demo', password: 'demo' },
    retry: { maxRetries: 2, baseDelayMs: 1, maxDelayMs: 5 },
    ...extra,
  });

describe('fault injection (provider-notes D9) and the client behaviour it proves', () => {
  it('a read that meets a 5xx on its first attempt is retried and succeeds', async () => {
    const sb = await startSandbox({
      faults: { routes: { account: { serverErrorProbability: 1, times: 1 } } },
    });
    const c = client(sb);
    try {
      const accounts = await c.account({});
      expect(accounts[0]?.accountNumber).toBe('200001');
      expect(sb.stats().received.account).toBe(2);
      expect(sb.stats().handled.account).toBe(1);
    } finally {
      await c.close();
    }
  });

  it('the injected 5xx and 429 carry the envelope, status and Retry-After', async () => {
    const sb = await startSandbox();
    sb.setFaults({ routes: { rates: { serverErrorProbability: 1, serverErrorStatus: 502 } } });
    const five = await raw(sb, '/api/rest/v2/?rates&numbers=4930123456');
    expect(five.status).toBe(502);
    expect(five.json).toEqual({
      error: true,
      codes: [{ code: 504, description: expect.any(String) }],
      body: [],
    });
    sb.setFaults({ global: { tooManyRequestsProbability: 1, retryAfterSeconds: 7 } });
    const limited = await raw(sb, '/api/rest/v2/?account');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');
    expect(limited.json.codes[0].code).toBe(429);
    sb.setFaults({ global: { tooManyRequestsProbability: 1, faultBody: 'text' } });
    const text = await raw(sb, '/api/rest/v2/?account');
    expect(text.json).toBeUndefined();
    expect(sb.stats().handled).toEqual({});
  });

  it('a read meeting a bare-text 429 honours Retry-After and succeeds', async () => {
    const sb = await startSandbox({
      faults: {
        routes: {
          voiplist: { tooManyRequestsProbability: 1, retryAfterSeconds: 0, faultBody: 'text', times: 1 },
        },
      },
    });
    const c = client(sb);
    try {
      expect((await c.voiplist({})).lines).toHaveLength(2);
      expect(sb.stats().received.voiplist).toBe(2);
    } finally {
      await c.close();
    }
  });

  it('reads survive a dropped connection and malformed JSON by retrying', async () => {
    const sb = await startSandbox({
      faults: {
        routes: {
          onlinecallthrough: { dropProbability: 1, times: 1 },
          rates: { malformedJsonProbability: 1, times: 1 },
        },
      },
    });
    const c = client(sb);
    try {
      expect((await c.onlinecallthrough({})).dialinGeo.DE).toBe('4930120012345');
      expect((await c.rates({ numbers: ['+4930123456'] })).rates).toHaveLength(1);
      expect(sb.stats().handled.onlinecallthrough).toBe(2);
      expect(sb.stats().handled.rates).toBe(2);
    } finally {
      await c.close();
    }
  });

  it('a topup timeout is not resent and is reported as outcome unknown', async () => {
    const sb = await startSandbox({ faults: { routes: { topup: { latencyMs: 5_000 } } } });
    const c = client(sb, { timeoutMs: 200 });
    try {
      await expect(c.topup({ pin: '1000000001' })).rejects.toMatchObject({ code: 'TEL_OUTCOME_UNKNOWN' });
      expect(sb.stats().received.topup).toBe(1);
      expect(sb.stats().handled.topup).toBe(1);
      // The provider did act: reconcile with a read, never by resending (provider-notes §3).
      expect(sb.state.balance('demo')?.minor).toBe(284_000);
    } finally {
      await c.close();
    }
  });

  it('a trycallback whose connection drops after acting is outcome unknown, sent once', async () => {
    const sb = await startSandbox({ faults: { routes: { webcallback: { dropProbability: 1 } } } });
    const c = client(sb);
    try {
      await expect(c.trycallback({ aNumber: '+491701234567', bNumber: '+4930123456' })).rejects.toMatchObject(
        {
          code: 'TEL_OUTCOME_UNKNOWN',
        },
      );
      expect(sb.stats().handled['webcallback.trycallback']).toBe(1);
      expect(sb.stats().activeCalls).toBe(1);
    } finally {
      await c.close();
    }
  });

  it.each([600_000, -600_000])(
    'skew correction works against a sandbox clock off by %i ms',
    async (offset) => {
      const sb = await startSandbox({ faults: { clockOffsetMs: offset } });
      const c = client(sb, { retry: { maxRetries: 0 } });
      try {
        expect(await c.account({})).toHaveLength(1);
        expect(Math.abs(c.clockSkewMs - offset)).toBeLessThan(5_000);
        expect(sb.stats().received.account).toBe(2);
        expect(sb.stats().handled.account).toBe(1);
        // Learned once, the next call is accepted at the first attempt.
        await c.account({});
        expect(sb.stats().received.account).toBe(3);
      } finally {
        await c.close();
      }
    },
  );

  it('probabilities use the injected random source, so runs are deterministic', async () => {
    const rolls = [0.1, 0.9, 0.1, 0.9];
    let i = 0;
    const sb = await startSandbox({
      random: () => rolls[i++ % rolls.length]!,
      faults: { routes: { account: { serverErrorProbability: 0.5 } } },
    });
    const statuses = [];
    for (let n = 0; n < 4; n++) statuses.push((await raw(sb, '/api/rest/v2/?account')).status);
    expect(statuses).toEqual([503, 200, 503, 200]);
  });

  it('the admin endpoint sets, shows and clears faults and serves stats, on 127.0.0.1 only', async () => {
    const sb = await startSandbox();
    expect(new URL(sb.adminUrl).hostname).toBe('127.0.0.1');
    const put = await fetch(`${sb.adminUrl}/faults`, {
      method: 'PUT',
      body: JSON.stringify({ routes: { 'mycard-v2.blockcard': { serverErrorProbability: 1 } } }),
    });
    expect(put.status).toBe(200);
    expect(sb.faults().routes?.['mycard-v2.blockcard']?.serverErrorProbability).toBe(1);
    expect(await (await fetch(`${sb.adminUrl}/faults`)).json()).toEqual(sb.faults());

    const bad = await fetch(`${sb.adminUrl}/faults`, {
      method: 'PUT',
      body: JSON.stringify({ routes: { nosuchop: { latencyMs: 1 } }, global: { dropProbability: 2 } }),
    });
    expect(bad.status).toBe(400);
    const issues = ((await bad.json()) as { issues: string[] }).issues.join('\n');
    expect(issues).toContain('routes.nosuchop');
    expect(issues).toContain('global.dropProbability');

    await raw(sb, '/api/rest/v2/?account');
    const stats = (await (await fetch(`${sb.adminUrl}/stats`)).json()) as { handled: Record<string, number> };
    expect(stats.handled.account).toBe(1);

    expect((await fetch(`${sb.adminUrl}/faults`, { method: 'DELETE' })).status).toBe(200);
    expect(sb.faults()).toEqual({});
  });

  it('setFaults refuses an unknown operation name', async () => {
    const sb = await startSandbox();
    expect(() => sb.setFaults({ routes: { tpoup: { latencyMs: 1 } } })).toThrow(/tpoup/);
  });
});
