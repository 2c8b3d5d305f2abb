import type { KeyValueStore } from './key-value-store.js';

/** Options of {@link withReadCache}. */
export interface ReadCacheOptions {
  /** The store whose reads are cached. Its process must be its only user (`singleProcess`). */
  kv: KeyValueStore;
  /** Reads a value with its expiry (epoch ms; absent: none), as `kv.get` would read it. */
  read: (key: string) => Promise<{ value: unknown; expiresAt?: number | undefined } | undefined>;
  /** The most values kept; the least recently written go first. Default 10 000. */
  maxEntries?: number;
  /** The clock, in epoch milliseconds, for expiry. Default `Date.now`. */
  now?: () => number;
}

interface Cached {
  /** Absent: the key holds no value (an absence is as stable as a value under one writer). */
  json: string | undefined;
  expiresAt: number | undefined;
}

/**
 * Serves repeated reads of a single-process store from memory (docs/performance.md §3.2). Each command reads its
 * settings and its credentials; through keyv and SQLite each read costs about 0.2–0.3 ms of CPU,
 * most of a command's own cost. When this process is the store's only writer (the SQLite store
 * holds the single-writer lock), a value it wrote or read is still the stored value until it
 * writes that key again, so the cache is exact:
 * - every write goes to the store first; `set` then keeps the value, any other write forgets it;
 * - a read that raced a write keeps nothing (a write generation tells), so a stale value never
 *   lands in the cache;
 * - an absent key is kept as absent until written (a user without settings asks on every command);
 * - values are kept as JSON and parsed per read, so no caller shares an object with another;
 * - an entry expires with its TTL, as the stored value does.
 */
export function withReadCache(options: ReadCacheOptions): KeyValueStore {
  const { kv } = options;
  const maxEntries = options.maxEntries ?? 10_000;
  const now = options.now ?? Date.now;
  const cache = new Map<string, Cached>();
  let generation = 0;

  const keep = (key: string, json: string | undefined, expiresAt: number | undefined) => {
    cache.delete(key);
    cache.set(key, { json, expiresAt });
    if (cache.size > maxEntries) cache.delete(cache.keys().next().value!);
  };
  const forget = (key: string) => {
    generation++;
    cache.delete(key);
  };
  /** Runs a write; the key is forgotten before (a racing read keeps nothing) and on failure. */
  async function write<R>(key: string, run: () => Promise<R>): Promise<R> {
    forget(key);
    try {
      return await run();
    } finally {
      // Anything read between the start of the write and now may predate it.
      forget(key);
    }
  }

  return {
    ...kv,
    async get<T>(key: string) {
      const hit = cache.get(key);
      if (hit !== undefined) {
        if (hit.expiresAt === undefined || hit.expiresAt > now())
          return hit.json === undefined ? undefined : (JSON.parse(hit.json) as T);
        cache.delete(key);
      }
      const seen = generation;
      const found = await options.read(key);
      const value = found?.value;
      if (seen === generation)
        keep(key, value === undefined ? undefined : JSON.stringify(value), found?.expiresAt);
      return value as T | undefined;
    },
    async set<T>(key: string, value: T, ttlMs?: number) {
      // The expiry is taken before the write, so the cache never outlives the stored value.
      const expiresAt = ttlMs === undefined ? undefined : now() + ttlMs;
      await write(key, () => kv.set(key, value, ttlMs));
      keep(key, JSON.stringify(value), expiresAt);
    },
    delete: (key) => write(key, () => kv.delete(key)),
    setIfAbsent: (key, value, ttlMs) => write(key, () => kv.setIfAbsent(key, value, ttlMs)),
    increment: (key, ttlMs) => write(key, () => kv.increment(key, ttlMs)),
  };
}
