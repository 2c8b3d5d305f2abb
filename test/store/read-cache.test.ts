import { describe, expect, it } from 'vitest';
import { createMemoryKeyValueStore } from '../../src/store/memory-key-value-store.js';
import { withReadCache } from '../../src/store/read-cache-key-value-store.js';

/** docs/performance.md §3.2: a single-process store's reads are served from memory, and never a stale value. */
describe('read cache over a single-process store', () => {
  function setup() {
    let clock = 1_000_000;
    const now = () => clock;
    const kv = createMemoryKeyValueStore({ now });
    const expiries = new Map<string, number>();
    let reads = 0;
    let gate: Promise<void> | undefined;
    const cached = withReadCache({
      kv,
      now,
      maxEntries: 3,
      read: async (key) => {
        reads++;
        const value = await kv.get(key);
        await gate;
        return value === undefined ? undefined : { value, expiresAt: expiries.get(key) };
      },
    });
    return {
      kv,
      cached,
      expiries,
      reads: () => reads,
      advance: (ms: number) => {
        clock += ms;
      },
      hold: () => {
        let open!: () => void;
        gate = new Promise<void>((r) => {
          open = r;
        });
        return () => {
          gate = undefined;
          open();
        };
      },
    };
  }

  it('reads a key once, then from memory, and hands out copies', async () => {
    const s = setup();
    await s.kv.set('cred:a', { user: 'alice', tags: ['x'] });
    const first = await s.cached.get<{ user: string; tags: string[] }>('cred:a');
    first!.tags.push('mutated');
    expect(await s.cached.get('cred:a')).toEqual({ user: 'alice', tags: ['x'] });
    expect(s.reads()).toBe(1);
    expect(await s.cached.get('missing')).toBeUndefined();
    expect(await s.cached.get('missing')).toBeUndefined();
    expect(s.reads()).toBe(2); // absence is kept too, until the key is written
    await s.cached.setIfAbsent('missing', 'now', 60_000);
    expect(await s.cached.get('missing')).toBe('now');
  });

  it('keeps what it writes, and forgets what delete, setIfAbsent and increment touch', async () => {
    const s = setup();
    await s.cached.set('settings:a', { locale: 'de' });
    expect(await s.cached.get('settings:a')).toEqual({ locale: 'de' });
    expect(s.reads()).toBe(0);
    expect(await s.cached.delete('settings:a')).toBe(true);
    expect(await s.cached.get('settings:a')).toBeUndefined();
    expect(await s.cached.setIfAbsent('claim', 1, 60_000)).toBe(true);
    expect(await s.cached.get('claim')).toBe(1);
    expect(await s.cached.increment('n', 60_000)).toBe(1);
    expect(await s.cached.increment('n', 60_000)).toBe(2);
    expect(await s.cached.get('n')).toBe(2);
  });

  it('lets a value expire with its TTL, whether written or read', async () => {
    const s = setup();
    await s.cached.set('pending:1', { id: 1 }, 1000);
    s.advance(999);
    expect(await s.cached.get('pending:1')).toEqual({ id: 1 });
    s.advance(1);
    expect(await s.cached.get('pending:1')).toBeUndefined();
    await s.kv.set('pending:2', { id: 2 }, 500);
    s.expiries.set('pending:2', 1_000_000 + 1000 + 500);
    expect(await s.cached.get('pending:2')).toEqual({ id: 2 });
    s.advance(500);
    expect(await s.cached.get('pending:2')).toBeUndefined();
  });

  it('never keeps a value read while the same key was being written', async () => {
    const s = setup();
    await s.kv.set('cred:a', { v: 'old' });
    const release = s.hold();
    const racing = s.cached.get('cred:a');
    await Promise.resolve();
    await s.kv.set('cred:a', { v: 'new-elsewhere' });
    const write = s.cached.set('cred:a', { v: 'new' });
    release();
    expect(await racing).toEqual({ v: 'old' });
    await write;
    expect(await s.cached.get('cred:a')).toEqual({ v: 'new' });
    await s.cached.delete('cred:a');
    const release2 = s.hold();
    const racing2 = s.cached.get('cred:b');
    await s.cached.set('cred:c', 1);
    release2();
    await racing2;
    expect(await s.cached.get('cred:a')).toBeUndefined();
  });

  it('holds at most maxEntries values', async () => {
    const s = setup();
    for (const k of ['a', 'b', 'c', 'd']) await s.cached.set(k, k);
    for (const k of ['b', 'c', 'd']) await s.cached.get(k);
    expect(s.reads()).toBe(0);
    expect(await s.cached.get('a')).toBe('a');
    expect(s.reads()).toBe(1);
  });
});
