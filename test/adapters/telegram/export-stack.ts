import { afterEach } from 'vitest';
import { seedSpread } from '../../core/export-seed.js';
import type { FakeTelegram } from '../../helpers/fake-telegram.js';
import { createTestStack, type TestStack } from '../../helpers/stack.js';
import { alice, type Harness, startHarness } from './harness.js';

/**
 * The stack the export tests share: 40 calls a day from Sep 1 to Oct 31, 2026, a clock standing
 * still after them (so nothing depends on the hour), Alice linked; closed after each test.
 */
export function exportStack(): (telegram?: FakeTelegram) => Promise<Harness> {
  let stack: TestStack | undefined;
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    await stack?.close();
    h = undefined;
    stack = undefined;
  });
  return async (telegram) => {
    const now = new Date('2026-11-28T12:00:00Z');
    stack = await createTestStack({ clock: () => now, sandbox: { data: seedSpread('2026-09-01', 61, 40) } });
    h = await startHarness(stack.core, { dedupe: stack.stores.dedupe }, telegram ? { telegram } : undefined);
    await stack.linkDemo({ platform: 'telegram', tenant: '', user: String(alice.id) });
    return h;
  };
}
