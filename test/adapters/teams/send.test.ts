import { describe, expect, it } from 'vitest';
import { failure, waitBefore, withRetry } from '../../../src/adapters/teams/send.js';

/** Teams' rate limits and refusals as the road out reads them (docs/teams.md §4). */
const httpError = (status: number, retryAfter?: string) =>
  Object.assign(new Error(`HTTP ${status}`), {
    status,
    response: { headers: new Headers(retryAfter ? { 'retry-after': retryAfter } : {}), data: {} },
  });

describe('teams: retries', () => {
  it.each([
    [1, '3', 3_000],
    [2, '0', 0],
    [1, undefined, 375],
    [2, undefined, 750],
    [3, undefined, 1_500],
    [1, '600', 30_000],
    [1, 'soon', 375],
  ])('attempt %i after Retry-After %s waits %i ms (jitter fixed at 0.5)', (n, retryAfter, ms) => {
    expect(waitBefore(n, retryAfter, () => 0.5)).toBe(ms);
  });

  it.each([
    [400, 'refused'],
    [403, 'refused'],
    [404, 'refused'],
    [429, 'refused'],
    [500, 'unknown'],
    [502, 'unknown'],
  ])('a final %i is %s', (status, report) => {
    expect(failure(httpError(status)).report).toBe(report);
  });

  it('a connection that never answered is unknown: it may have been posted', () => {
    expect(failure(Object.assign(new Error('fetch failed'), { code: 'ECONNRESET' }))).toMatchObject({
      report: 'unknown',
      reason: 'network',
    });
  });

  it('a 429 is retried after its Retry-After; a 400 is not retried', async () => {
    const waits: number[] = [];
    const policy = { attempts: 4, sleep: async (ms: number) => void waits.push(ms), random: () => 0.5 };
    let calls = 0;
    await expect(
      withRetry(policy, async () => {
        calls += 1;
        if (calls < 3) throw httpError(429, '2');
        return 'sent';
      }),
    ).resolves.toBe('sent');
    expect(waits).toEqual([2_000, 2_000]);
    calls = 0;
    await expect(
      withRetry(policy, async () => {
        calls += 1;
        throw httpError(400);
      }),
    ).rejects.toMatchObject({ report: 'refused', reason: '400' });
    expect(calls).toBe(1);
  });

  it.each([502, 504, 500])(
    'a %i is sent once, never again: the message may already be posted',
    async (status) => {
      let calls = 0;
      const policy = { attempts: 4, sleep: async () => undefined, random: () => 0.5 };
      await expect(
        withRetry(policy, async () => {
          calls += 1;
          throw httpError(status);
        }),
      ).rejects.toMatchObject({ report: 'unknown' });
      expect(calls).toBe(1);
    },
  );

  it('no error carries what was sent (a reply may hold a secret)', () => {
    const error = Object.assign(httpError(400), { config: { data: '{"text":"PIN 123456"}' } });
    const failed = failure(error);
    expect(JSON.stringify({ ...failed, message: failed.message, cause: failed.cause })).not.toContain(
      '123456',
    );
  });
});
