import { describe, expect, it } from 'vitest';
import { lapseAfter, raceBudget } from '../../src/core/index.js';

/** docs/reliability.md §2.5: one rule for a platform that waits a bounded time for its answer. */
function deferred() {
  let resolve!: () => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('withinBudget', () => {
  it('is done when the work settles before the budget lapses, late otherwise', async () => {
    const work = deferred();
    const lapse = deferred();
    const first = raceBudget(work.promise, lapse.promise);
    work.resolve();
    expect(await first).toBe('done');

    const slow = deferred();
    const lapsed = deferred();
    const second = raceBudget(slow.promise, lapsed.promise);
    lapsed.resolve();
    expect(await second).toBe('late');
  });

  it('throws a failure in time to the caller, not after the budget', async () => {
    const work = deferred();
    const first = raceBudget(work.promise, new Promise(() => {}));
    work.reject(new Error('provider down'));
    await expect(first).rejects.toThrow('provider down');
  });

  it('a lapse cleared by its work keeps nothing pending', async () => {
    const work = deferred();
    const lapse = lapseAfter(60_000, work.promise);
    work.resolve();
    expect(await raceBudget(work.promise, lapse)).toBe('done');
  });
});
