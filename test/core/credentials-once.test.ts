import { afterEach, describe, expect, it } from 'vitest';
import type { KeyValueStore } from '../../src/store/key-value-store.js';
import { createMemoryKeyValueStore } from '../../src/store/memory-key-value-store.js';
import { type CoreHarness, startCore } from './core-harness.js';

/**
 * docs/performance.md §3.2: a command reads and decrypts its credentials once, however often the dispatcher and
 * the handler ask for its client; a command that fails for want of them still asks again next time.
 */
describe('credentials per command', () => {
  let h: CoreHarness | undefined;
  afterEach(async () => h?.close());

  function counting(): { kv: KeyValueStore; reads: () => number; reset: () => void } {
    const base = createMemoryKeyValueStore();
    let reads = 0;
    const kv: KeyValueStore = {
      ...base,
      get: <T>(key: string) => {
        if (key.startsWith('cred:')) reads++;
        return base.get<T>(key);
      },
    };
    return { kv, reads: () => reads, reset: () => (reads = 0) };
  }

  it('reads the credential record once for /balance and once for /rate', async () => {
    const c = counting();
    h = await startCore({ kv: c.kv, env: { RATE_LIMIT_PER_MINUTE: '30' } });
    c.reset();
    expect((await h.send('/balance')).text).toContain('€18.40');
    expect(c.reads()).toBe(1);
    c.reset();
    await h.send('/rate +49 30 1234567');
    expect(c.reads()).toBe(1);
  });

  it('still answers "not linked" on every try, and works once linked', async () => {
    const c = counting();
    h = await startCore({ kv: c.kv, link: false });
    const first = (await h.send('/balance')).text;
    expect(first).toBe((await h.send('/balance')).text);
    expect(first).toMatch(/link/i);
    await h.stack.linkDemo({ platform: 'console', tenant: '', user: 'alice', displayName: 'Alice' });
    expect((await h.send('/balance')).text).toContain('€18.40');
  });
});
