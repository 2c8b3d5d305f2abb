import { seedSpread } from '../../core/export-seed.js';
import type { Harness } from './harness.js';
import { telegramPerTest } from './per-test.js';

/**
 * The stack the export tests share: 40 calls a day from Sep 1 to Oct 31, 2026, a clock standing
 * still after them (so nothing depends on the hour), Alice linked; closed after each test.
 * `older`: a Bot API server without the 10.x methods.
 */
export function exportStack(): (older?: boolean) => Promise<Harness> {
  const telegram = telegramPerTest();
  return async (older = false) => {
    const now = new Date('2026-11-28T12:00:00Z');
    const stack = { clock: () => now, sandbox: { data: seedSpread('2026-09-01', 61, 40) } };
    return (await telegram.onStack({ stack, telegram: { older } })).h;
  };
}
