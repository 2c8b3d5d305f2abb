import { afterEach, describe, expect, it } from 'vitest';
import type { KeyValueStore } from '../../src/store/key-value-store.js';

/** What a contract run needs from one implementation. */
export interface KeyValueStoreHarness {
  kv: KeyValueStore;
  /** Closes `kv` and opens the same data again, to prove it persists. Only for durable stores. */
  reopen?: () => Promise<KeyValueStore>;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

/**
 * The behaviour every KeyValueStore must have (memory, keyv/SQLite, Redis). TTLs are short and
 * waited out with a margin; nothing asserts how long an operation took.
 */
export function keyValueStoreContract(
  name: string,
  factory: () => Promise<KeyValueStoreHarness>,
  options: { durable?: boolean } = {},
): void {
  describe(`KeyValueStore contract: ${name}`, () => {
    let open: KeyValueStore[] = [];
    const start = async () => {
      const harness = await factory();
      open.push(harness.kv);
      return harness;
    };
    afterEach(async () => {
      for (const kv of open) await kv.close().catch(() => undefined);
      open = [];
    });

    it('gets what was set, deletes it, and reports whether it existed', async () => {
      const { kv } = await start();
      expect(await kv.get('missing')).toBeUndefined();
      await kv.set('a', { n: 1, list: ['x', 'y'], nested: { ok: true } });
      expect(await kv.get('a')).toEqual({ n: 1, list: ['x', 'y'], nested: { ok: true } });
      await kv.set('a', 'replaced');
      expect(await kv.get('a')).toBe('replaced');
      expect(await kv.delete('a')).toBe(true);
      expect(await kv.get('a')).toBeUndefined();
      expect(await kv.delete('a')).toBe(false);
    });

    it('stores a copy, not the caller object', async () => {
      const { kv } = await start();
      const value = { items: [1, 2] };
      await kv.set('copy', value);
      value.items.push(3);
      expect(await kv.get('copy')).toEqual({ items: [1, 2] });
    });

    it('forgets a value after its TTL and keeps one without', async () => {
      const { kv } = await start();
      await kv.set('short', 'gone soon', 100);
      await kv.set('long', 'stays', 60_000);
      await kv.set('forever', 'stays');
      await sleep(150);
      expect(await kv.get('short')).toBeUndefined();
      expect(await kv.delete('short')).toBe(false);
      expect(await kv.get('long')).toBe('stays');
      expect(await kv.get('forever')).toBe('stays');
    });

    it('rejects a TTL that is not positive', async () => {
      const { kv } = await start();
      await expect(kv.setIfAbsent('k', 1, 0)).rejects.toThrow(RangeError);
      await expect(kv.increment('k', -5)).rejects.toThrow(RangeError);
      await expect(kv.set('k', 1, 0)).rejects.toThrow(RangeError);
    });

    it('setIfAbsent: exactly one of 50 concurrent claims wins, and its value is kept', async () => {
      const { kv } = await start();
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) => kv.setIfAbsent('claim', { by: i }, 60_000)),
      );
      const winners = results.flatMap((won, i) => (won ? [i] : []));
      expect(winners).toHaveLength(1);
      expect(await kv.get('claim')).toEqual({ by: winners[0] });
    });

    it('setIfAbsent does not overwrite a value, and wins again once the claim expired', async () => {
      const { kv } = await start();
      await kv.set('taken', 'first');
      expect(await kv.setIfAbsent('taken', 'second', 60_000)).toBe(false);
      expect(await kv.get('taken')).toBe('first');
      expect(await kv.setIfAbsent('brief', 1, 100)).toBe(true);
      await sleep(150);
      expect(await kv.setIfAbsent('brief', 2, 60_000)).toBe(true);
      expect(await kv.get('brief')).toBe(2);
    });

    it('setIfAbsent without a TTL: one of 20 concurrent claims wins, and the claim stays', async () => {
      const { kv } = await start();
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => kv.setIfAbsent('once', i)));
      expect(results.filter(Boolean)).toHaveLength(1);
      await sleep(50);
      expect(await kv.setIfAbsent('once', 'late')).toBe(false);
      expect(await kv.get('once')).toBe(results.indexOf(true));
    });

    it('increment: 50 concurrent increments count 1..50 with none lost', async () => {
      const { kv } = await start();
      const results = await Promise.all(Array.from({ length: 50 }, () => kv.increment('counter', 60_000)));
      expect([...results].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
      expect(await kv.increment('counter', 60_000)).toBe(51);
      expect(await kv.get('counter')).toBe(51);
    });

    it('increment keeps the TTL set at creation (a fixed window), then starts again at 1', async () => {
      const { kv } = await start();
      expect(await kv.increment('window', 300)).toBe(1);
      // A later increment with a long TTL must not stretch the window.
      expect(await kv.increment('window', 60_000)).toBe(2);
      await sleep(350);
      expect(await kv.increment('window', 60_000)).toBe(1);
    });

    it('append, tail and readList keep insertion order', async () => {
      const { kv } = await start();
      expect(await kv.tail('log', 5)).toEqual([]);
      expect(await collect(kv.readList('log'))).toEqual([]);
      for (let i = 1; i <= 25; i++) await kv.append('log', { i });
      expect(await kv.tail('log', 3)).toEqual([{ i: 23 }, { i: 24 }, { i: 25 }]);
      expect(await kv.tail('log', 0)).toEqual([]);
      expect((await kv.tail('log', 100)).map((e) => (e as { i: number }).i)).toEqual(
        Array.from({ length: 25 }, (_, i) => i + 1),
      );
      expect((await collect(kv.readList<{ i: number }>('log'))).map((e) => e.i)).toEqual(
        Array.from({ length: 25 }, (_, i) => i + 1),
      );
      expect(await kv.tail('other-log', 3)).toEqual([]);
    });

    it('readList pages through a long list without losing or repeating entries', async () => {
      const { kv } = await start();
      await Promise.all(Array.from({ length: 450 }, (_, i) => kv.append('long', i)));
      const all = await collect(kv.readList<number>('long'));
      expect(all).toHaveLength(450);
      expect([...all].sort((a, b) => a - b)).toEqual(Array.from({ length: 450 }, (_, i) => i));
      expect(await kv.tail('long', 450)).toEqual(all);
    });

    it('keys(prefix) lists live scalar keys with that prefix, not lists or expired keys', async () => {
      const { kv } = await start();
      await kv.set('a:1', 1);
      await kv.set('a:2', 2);
      await kv.set('b:1', 3);
      await kv.setIfAbsent('a:3', 'claim', 60_000);
      await kv.increment('a:4', 60_000);
      await kv.set('a:5', 'expires', 50);
      await kv.append('a:list', 'entry');
      await sleep(100);
      expect((await collect(kv.keys('a:'))).sort()).toEqual(['a:1', 'a:2', 'a:3', 'a:4']);
      expect(await collect(kv.keys('b:'))).toEqual(['b:1']);
      expect(await collect(kv.keys('none:'))).toEqual([]);
    });

    it('keys(prefix) treats glob and LIKE characters in the prefix literally', async () => {
      const { kv } = await start();
      await kv.set('x*[y]%_:1', 1);
      await kv.set('x*[y]%_:2', 2);
      await kv.set('xz[y]%_:1', 3);
      await kv.set('xabcd:1', 4);
      expect((await collect(kv.keys('x*[y]%_:'))).sort()).toEqual(['x*[y]%_:1', 'x*[y]%_:2']);
    });

    it('keys(prefix) finds every key of a large set', async () => {
      const { kv } = await start();
      await Promise.all(Array.from({ length: 1200 }, (_, i) => kv.set(`many:${i}`, i)));
      const keys = await collect(kv.keys('many:'));
      expect(new Set(keys).size).toBe(1200);
    });

    // Only durable stores get this test; their harness must then provide `reopen`.
    if (!options.durable) return;
    it('persists values, counters and lists across a reopen', async () => {
      const harness = await start();
      if (!harness.reopen) throw new Error(`${name} is declared durable but its harness has no reopen()`);
      await harness.kv.set('kept', { ok: true });
      await harness.kv.increment('kept-counter', 60_000);
      await harness.kv.append('kept-list', 'one');
      await harness.kv.append('kept-list', 'two');
      const again = await harness.reopen();
      open.push(again);
      expect(await again.get('kept')).toEqual({ ok: true });
      expect(await again.increment('kept-counter', 60_000)).toBe(2);
      expect(await collect(again.readList('kept-list'))).toEqual(['one', 'two']);
    });
  });
}
