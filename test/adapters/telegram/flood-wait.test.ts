import { describe, expect, it } from 'vitest';
import { floodWaitMs } from '../../../src/adapters/telegram/api-retry.js';

/** The one retry rule of every call after start (docs/reliability.md §2.3), as a table. */
const limits = { maxDelaySeconds: 30, maxRetryAttempts: 3 };
const flood = (retry_after?: number) => ({
  ok: false as const,
  error_code: 429,
  description: 'Too Many Requests',
  ...(retry_after !== undefined ? { parameters: { retry_after } } : {}),
});

describe('floodWaitMs', () => {
  it.each([
    ['sent', { ok: true as const, result: {} }, 1, undefined],
    ['429, retry after 2 s', flood(2), 1, 2000],
    ['429 on the last allowed attempt', flood(2), 3, 2000],
    ['429 after the attempts are spent', flood(2), 4, undefined],
    ['429 asking longer than the reply stays useful', flood(31), 1, undefined],
    ['429 without retry_after', flood(), 1, undefined],
    ['400 refused', { ok: false as const, error_code: 400, description: 'Bad Request' }, 1, undefined],
    [
      '404 (an older server)',
      { ok: false as const, error_code: 404, description: 'Not Found' },
      1,
      undefined,
    ],
    [
      '500: may have been posted, never resent',
      { ok: false as const, error_code: 500, description: 'x' },
      1,
      undefined,
    ],
    ['502', { ok: false as const, error_code: 502, description: 'Bad Gateway' }, 1, undefined],
  ])('%s → %s', (_name, response, attempt, wait) => {
    expect(floodWaitMs(response, attempt, limits)).toBe(wait);
  });
});
