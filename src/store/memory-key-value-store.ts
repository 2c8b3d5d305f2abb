import { toJson } from './json-text.js';
import type { KeyValueStore } from './key-value-store.js';
import { assertOptionalTtl, assertTtl } from './ttl.js';

/** Options of {@link createMemoryKeyValueStore}. */
export interface MemoryKeyValueStoreOptions {
  /** The clock, in epoch milliseconds. Default `Date.now`; tests may inject their own. */
  now?: () => number;
}

interface Entry {
  /** JSON text: values round-trip through JSON as they do in SQLite and Redis, so a test cannot lean on shared objects. */
  json: string;
  expiresAt?: number;
}

/**
 * A KeyValueStore in one process's memory, for tests. Every operation runs synchronously between
 * awaits, which is what makes setIfAbsent and increment atomic here. Expired entries are dropped
 * when read and swept now and then on write, so a long test run does not grow without bound.
 */
export function createMemoryKeyValueStore(options: MemoryKeyValueStoreOptions = {}): KeyValueStore {
  const table = createEntryTable(options.now ?? Date.now);
  const { live, write } = table;
  const lists = new Map<string, string[]>();
  return {
    singleProcess: true,
    async get<T>(key: string) {
      const entry = live(key);
      return entry === undefined ? undefined : parse<T>(entry.json);
    },
    async set<T>(key: string, value: T, ttlMs?: number) {
      assertOptionalTtl(ttlMs, 'set');
      write(key, value, ttlMs);
    },
    async delete(key: string) {
      const existed = live(key) !== undefined;
      table.entries.delete(key);
      return existed;
    },
    async setIfAbsent<T>(key: string, value: T, ttlMs?: number) {
      assertOptionalTtl(ttlMs, 'setIfAbsent');
      if (live(key) !== undefined) return false;
      write(key, value, ttlMs);
      return true;
    },
    async increment(key: string, ttlMs: number) {
      assertTtl(ttlMs, 'increment');
      const entry = live(key);
      if (entry === undefined) {
        write(key, 1, ttlMs);
        return 1;
      }
      // Fixed window: the expiry set at creation stays, as with Redis INCR on a key that has a TTL.
      const next = Number(parse<number>(entry.json)) + 1;
      table.entries.set(key, { ...entry, json: JSON.stringify(next) });
      return next;
    },
    ...listOps(lists),
    async *keys(prefix: string) {
      yield* [...table.entries.keys()].filter((key) => key.startsWith(prefix) && live(key) !== undefined);
    },
    async close() {
      table.entries.clear();
      lists.clear();
    },
  };
}

const parse = <T>(json: string): T => JSON.parse(json) as T;

/** The plain entries, with expiry on read and a sweep every 1000 writes. */
function createEntryTable(now: () => number) {
  const entries = new Map<string, Entry>();
  let writesSinceSweep = 0;
  const live = (key: string): Entry | undefined => {
    const entry = entries.get(key);
    if (entry?.expiresAt !== undefined && entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  const write = (key: string, value: unknown, ttlMs?: number): void => {
    const json = toJson(value, key);
    entries.set(key, ttlMs === undefined ? { json } : { json, expiresAt: now() + ttlMs });
    if (++writesSinceSweep >= 1000) {
      writesSinceSweep = 0;
      for (const k of [...entries.keys()]) live(k);
    }
  };
  return { entries, live, write };
}

/** Lists as arrays of JSON text. */
function listOps(lists: Map<string, string[]>): Pick<KeyValueStore, 'append' | 'tail' | 'readList'> {
  return {
    async append<T>(listKey: string, value: T) {
      const json = toJson(value, listKey);
      const list = lists.get(listKey) ?? [];
      list.push(json);
      lists.set(listKey, list);
    },
    async tail<T>(listKey: string, n: number) {
      if (n <= 0) return [];
      return (lists.get(listKey) ?? []).slice(-n).map((json) => parse<T>(json));
    },
    async *readList<T>(listKey: string) {
      // A snapshot of the length, as the other implementations read up to the length they saw first.
      const list = lists.get(listKey) ?? [];
      const length = list.length;
      for (let i = 0; i < length; i++) yield parse<T>(list[i]!);
    },
  };
}
