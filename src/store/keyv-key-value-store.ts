import type Keyv from 'keyv';
import { createKeyMutex } from './key-mutex.js';
import type { KeyValueStore } from './key-value-store.js';
import { assertOptionalTtl, assertTtl } from './ttl.js';

/** Options of {@link createKeyvKeyValueStore}. */
export interface KeyvKeyValueStoreOptions {
  /**
   * Any keyv 5 instance (SQLite, Map, …). Its `throwOnErrors` is switched on: keyv otherwise turns
   * a failed read into "absent", which would let a second dedupe claim or pending take win.
   */
  keyv: Keyv;
  /** How often expired entries are swept out of the backing store; 0 turns sweeping off. Default 10 minutes. */
  sweepIntervalMs?: number;
  /** How many list entries one read fetches at once. Default 200. */
  listPageSize?: number;
}

/**
 * Lists live under this reserved prefix, one key per entry plus a sequence counter, so `keys()`
 * can leave them out and list keys never collide with ordinary ones.
 */
const LIST_PREFIX = '__list__:';
const seqKey = (list: string) => `${LIST_PREFIX}${list}:seq`;
const entryKey = (list: string, seq: number) => `${LIST_PREFIX}${list}:${seq}`;

interface Raw<T> {
  value: T;
  expires?: number | null;
}

/**
 * A KeyValueStore on keyv 5, for any keyv adapter.
 *
 * keyv has no atomic set-if-absent, increment or list append, so these run as read-modify-write
 * under an in-process mutex per key. That is correct for ONE bot instance only: several instances
 * sharing one store must use Redis (`createRedisKeyValueStore`), which has real atomic commands.
 * Likewise, open one store per SQLite file per process; two stores on one file do not share a mutex.
 */
export function createKeyvKeyValueStore(options: KeyvKeyValueStoreOptions): KeyValueStore {
  const { keyv } = options;
  keyv.throwOnErrors = true;
  const mutex = createKeyMutex();
  const sweeper = startSweeper(keyv, options.sweepIntervalMs ?? 10 * 60_000);
  return {
    // One bot instance only (see above), so counters may live in this process.
    singleProcess: true,
    async get<T>(key: string) {
      return keyv.get<T>(key);
    },
    async set<T>(key: string, value: T, ttlMs?: number) {
      assertOptionalTtl(ttlMs, 'set');
      await keyv.set(key, value, ttlMs);
    },
    ...lockedOps(keyv, mutex),
    ...listOps(keyv, mutex, options.listPageSize ?? 200),
    async *keys(prefix: string) {
      for (const key of await allKeys(keyv)) {
        if (key.startsWith(LIST_PREFIX) || !key.startsWith(prefix)) continue;
        if ((await keyv.get(key)) !== undefined) yield key;
      }
    },
    async close() {
      await sweeper.stop();
      await keyv.disconnect();
    },
  };
}

type KeyMutex = ReturnType<typeof createKeyMutex>;

/** Read-modify-write operations, each under the key's mutex so two callers never interleave. */
function lockedOps(keyv: Keyv, mutex: KeyMutex): Pick<KeyValueStore, 'delete' | 'setIfAbsent' | 'increment'> {
  return {
    async delete(key: string) {
      // keyv.delete reports "existed" even for an expired row; only a live value counts.
      return mutex.run(key, async () => {
        const existed = (await keyv.get(key)) !== undefined;
        await keyv.delete(key);
        return existed;
      });
    },
    async setIfAbsent<T>(key: string, value: T, ttlMs?: number) {
      assertOptionalTtl(ttlMs, 'setIfAbsent');
      return mutex.run(key, async () => {
        if ((await keyv.get(key)) !== undefined) return false;
        await keyv.set(key, value, ttlMs);
        return true;
      });
    },
    async increment(key: string, ttlMs: number) {
      assertTtl(ttlMs, 'increment');
      return mutex.run(key, async () => {
        const raw = (await keyv.get<number>(key, { raw: true })) as Raw<number> | undefined;
        const now = Date.now();
        const remaining = typeof raw?.expires === 'number' ? raw.expires - now : undefined;
        if (raw === undefined || (remaining !== undefined && remaining <= 0)) {
          await keyv.set(key, 1, ttlMs);
          return 1;
        }
        // Fixed window: keep the expiry set when the counter was created, as Redis INCR does.
        const next = Number(raw.value) + 1;
        await keyv.set(key, next, remaining);
        return next;
      });
    },
  };
}

/** Lists as one key per entry plus a sequence counter (see LIST_PREFIX). */
function listOps(
  keyv: Keyv,
  mutex: KeyMutex,
  listPageSize: number,
): Pick<KeyValueStore, 'append' | 'tail' | 'readList'> {
  const readSeq = async (list: string) => (await keyv.get<number>(seqKey(list))) ?? 0;
  return {
    async append<T>(listKey: string, value: T) {
      await mutex.run(seqKey(listKey), async () => {
        const seq = (await readSeq(listKey)) + 1;
        // Entry first, then the counter: a reader never sees a counter pointing at a missing entry.
        await keyv.set(entryKey(listKey, seq), value);
        await keyv.set(seqKey(listKey), seq);
      });
    },
    async tail<T>(listKey: string, n: number) {
      if (n <= 0) return [];
      const seq = await readSeq(listKey);
      const first = Math.max(1, seq - n + 1);
      const keys: string[] = [];
      for (let i = first; i <= seq; i++) keys.push(entryKey(listKey, i));
      if (keys.length === 0) return [];
      const values = await keyv.getMany<T>(keys);
      return values.filter((v): v is Awaited<T> => v !== undefined) as T[];
    },
    async *readList<T>(listKey: string) {
      const seq = await readSeq(listKey);
      for (let start = 1; start <= seq; start += listPageSize) {
        const keys: string[] = [];
        for (let i = start; i < start + listPageSize && i <= seq; i++) keys.push(entryKey(listKey, i));
        for (const value of await keyv.getMany<T>(keys)) if (value !== undefined) yield value as T;
      }
    },
  };
}

/**
 * Every live key in the store, collected before anything is yielded. keyv's own iterator deletes
 * expired rows while paging with OFFSET over SQLite, which skips live rows; a key rotation must
 * not skip a credential. So this walks the adapter's raw iterator (no deletes) and checks
 * liveness afterwards, through keyv.get, which drops expired rows safely.
 */
async function allKeys(keyv: Keyv): Promise<string[]> {
  const store = keyv.store as unknown;
  const namespace = keyv.namespace;
  const raw: string[] = [];
  if (store instanceof Map) {
    for (const key of store.keys()) raw.push(String(key));
  } else if (typeof (store as { iterator?: unknown }).iterator === 'function') {
    const iterate = (store as { iterator(ns?: string): AsyncIterable<[string, unknown]> }).iterator(
      namespace,
    );
    for await (const [key] of iterate) raw.push(key);
  } else {
    throw new Error('keys(): this keyv adapter cannot list its keys; use the SQLite or Redis store');
  }
  const strip = namespace && keyv.useKeyPrefix !== false ? `${namespace}:` : '';
  const keys: string[] = [];
  for (const key of raw) {
    if (strip && !key.startsWith(strip)) continue;
    keys.push(key.slice(strip.length));
  }
  return keys;
}

/**
 * Dedupe claims and rate-limit windows are written once and never read again; without a sweep
 * their expired rows would pile up in SQLite, which only expires on read. Every `intervalMs`
 * (0: never) each plain key is read once, which drops it when expired.
 */
function startSweeper(keyv: Keyv, intervalMs: number): { stop(): Promise<void> } {
  const sweep = async () => {
    for (const key of await allKeys(keyv)) {
      if (!key.startsWith(LIST_PREFIX)) await keyv.get(key);
    }
  };
  let sweeping: Promise<void> | undefined;
  const timer =
    intervalMs > 0
      ? setInterval(() => {
          sweeping ??= sweep()
            .catch(() => undefined)
            .finally(() => {
              sweeping = undefined;
            });
        }, intervalMs)
      : undefined;
  timer?.unref();
  return {
    async stop() {
      if (timer) clearInterval(timer);
      await sweeping;
    },
  };
}
