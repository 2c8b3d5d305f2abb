import KeyvRedis from '@keyv/redis';
import { createClient } from '@redis/client';
import Keyv, { type DeserializedData } from 'keyv';
import { StoreUnavailableError } from './errors.js';
import { toJson } from './json-text.js';
import type { KeyValueStore } from './key-value-store.js';
import { assertOptionalTtl, assertTtl } from './ttl.js';

/** Options of {@link createRedisKeyValueStore}. */
export interface RedisKeyValueStoreOptions {
  /** `redis://[user:password@]host:port[/db]`, usually from `REDIS_URL`. */
  url: string;
  /** Put before every key, so several bots (or tests) can share one Redis. Default `telephony-bot:`. */
  prefix?: string;
  /** How long the first connection may take before start-up fails. Default 5000 ms. */
  connectTimeoutMs?: number;
  /**
   * Called once when the connection is lost after start-up, with the error (the client reconnects by
   * itself), and `onRecovered` once it is back. Default: ignored. docs/reliability.md §5.2: an outage must be loud.
   */
  onError?: (error: unknown) => void;
  onRecovered?: () => void;
}

/**
 * Counter with a fixed window: INCR, then give the key its TTL if it has none. One script, so no
 * other instance can see the counter without its expiry (a crash between INCR and PEXPIRE would
 * otherwise leave a window that never closes).
 */
const INCREMENT_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;

/**
 * keyv stores `{ value, expires }` as JSON. A counter written by INCR is a bare integer, so the
 * deserializer wraps it; that lets `get` read a counter as every other implementation does.
 */
const serialize = (data: unknown) => JSON.stringify(data);
const deserialize = <Value>(text: string): DeserializedData<Value> => {
  const parsed = JSON.parse(text) as unknown;
  return typeof parsed === 'number' ? { value: parsed as Value } : (parsed as DeserializedData<Value>);
};

const escapeGlob = (text: string) => text.replace(/[*?[\]\\]/g, '\\$&');

/**
 * A KeyValueStore on Redis, for several bot instances (docs/accounts.md §3.1). keyv (`@keyv/redis`) does the
 * plain get/set/delete; what keyv lacks goes to the client directly and is atomic in Redis itself:
 * `SET NX PX` for claims, a script for counters, RPUSH/LRANGE for lists, SCAN MATCH for keys (it
 * filters by prefix in Redis rather than walking the whole namespace through keyv).
 *
 * Connects before it resolves, so a wrong `REDIS_URL` fails at start-up with an error naming it.
 */
export async function createRedisKeyValueStore(options: RedisKeyValueStoreOptions): Promise<KeyValueStore> {
  const prefix = options.prefix ?? 'telephony-bot:';
  const client = await connectRedis(options);
  const adapter = new KeyvRedis(client as never, { throwOnErrors: true });
  // No keyv namespace: the prefix is applied here, once, so direct commands and keyv agree on keys.
  // keyv defaults a left-out namespace to `keyv` and takes an empty one as none (it tests it for truth).
  const keyv = new Keyv({
    store: adapter,
    namespace: '',
    useKeyPrefix: false,
    serialize,
    deserialize,
  });
  keyv.throwOnErrors = true;
  const k = (key: string) => prefix + key;
  const store: KeyValueStore = {
    reachable: () => client.isReady,
    async get<T>(key: string) {
      return keyv.get<T>(k(key));
    },
    async set<T>(key: string, value: T, ttlMs?: number) {
      assertOptionalTtl(ttlMs, 'set');
      await keyv.set(k(key), value, ttlMs);
    },
    async delete(key: string) {
      return (await client.del(k(key))) > 0;
    },
    ...atomicOps(client, k),
    ...listOps(client, k),
    keys: (keyPrefix) => scanKeys(client, prefix, keyPrefix),
    async close() {
      if (client.isOpen) await client.close();
    },
  };
  return guardOutages(store, () => client.isReady);
}

type RedisClient = ReturnType<typeof createClient>;

/**
 * Connects, or fails naming REDIS_URL (without its password). After the first connection the client
 * reconnects by itself, and an outage is reported once through `onError`/`onRecovered`.
 */
async function connectRedis(options: RedisKeyValueStoreOptions): Promise<RedisClient> {
  let connected = false;
  const client = createClient({
    url: options.url,
    // docs/reliability.md §5.2: while Redis is down, a command fails at once instead of waiting in a queue and
    // running a minute later (a /call sent at 01:03:44 reached the provider at 01:04:46).
    disableOfflineQueue: true,
    socket: {
      connectTimeout: options.connectTimeoutMs ?? 5000,
      // Before the first connection, give up at once so start-up fails; after it, reconnect with backoff.
      reconnectStrategy: (retries: number, cause: Error) =>
        connected ? Math.min(50 * 2 ** retries, 3000) : cause,
    },
  });
  // An 'error' event without a listener would crash the process on the first dropped connection.
  // Reconnect attempts repeat the error every few seconds: it is reported once per outage.
  let down = false;
  client.on('error', (error: unknown) => {
    if (!connected || down) return;
    down = true;
    options.onError?.(error);
  });
  client.on('ready', () => {
    if (!down) return;
    down = false;
    options.onRecovered?.();
  });
  try {
    await client.connect();
    connected = true;
    return client as RedisClient;
  } catch (error) {
    if (client.isOpen) client.destroy();
    throw new Error(
      `Could not connect to Redis at REDIS_URL (${redactUrl(options.url)}): check REDIS_URL and that Redis is running`,
      {
        cause: error,
      },
    );
  }
}

/** Claims and counters, each one atomic Redis command, so every instance sees the same answer. */
function atomicOps(
  client: RedisClient,
  k: (key: string) => string,
): Pick<KeyValueStore, 'setIfAbsent' | 'increment'> {
  return {
    async setIfAbsent<T>(key: string, value: T, ttlMs?: number) {
      assertOptionalTtl(ttlMs, 'setIfAbsent');
      // Written in keyv's own envelope, so `get` reads a claim like any other value.
      if (ttlMs === undefined) {
        const text = toJson({ value, expires: null }, key);
        return (await client.set(k(key), text, { condition: 'NX' })) === 'OK';
      }
      const text = toJson({ value, expires: Date.now() + ttlMs }, key);
      const reply = await client.set(k(key), text, {
        condition: 'NX',
        expiration: { type: 'PX', value: Math.ceil(ttlMs) },
      });
      return reply === 'OK';
    },
    async increment(key: string, ttlMs: number) {
      assertTtl(ttlMs, 'increment');
      const n = await client.eval(INCREMENT_SCRIPT, {
        keys: [k(key)],
        arguments: [String(Math.ceil(ttlMs))],
      });
      return Number(n);
    },
  };
}

/** Append-only lists as Redis lists (RPUSH/LRANGE), one JSON value per item. */
function listOps(
  client: RedisClient,
  k: (key: string) => string,
): Pick<KeyValueStore, 'append' | 'tail' | 'readList'> {
  return {
    async append<T>(listKey: string, value: T) {
      await client.rPush(k(listKey), toJson(value, listKey));
    },
    async tail<T>(listKey: string, n: number) {
      if (n <= 0) return [];
      const items = await client.lRange(k(listKey), -n, -1);
      return items.map((item) => JSON.parse(item) as T);
    },
    async *readList<T>(listKey: string) {
      // The length first, so a reader stops where the list ended when it began, like the others.
      const length = await client.lLen(k(listKey));
      const page = 200;
      for (let start = 0; start < length; start += page) {
        const stop = Math.min(start + page, length) - 1;
        for (const item of await client.lRange(k(listKey), start, stop)) yield JSON.parse(item) as T;
      }
    },
  };
}

/** Keys under `keyPrefix`, without the store's prefix. TYPE string leaves lists out, as the others do. */
async function* scanKeys(client: RedisClient, prefix: string, keyPrefix: string): AsyncIterable<string> {
  // SCAN may repeat a key.
  const seen = new Set<string>();
  for await (const batch of client.scanIterator({
    MATCH: `${escapeGlob(prefix + keyPrefix)}*`,
    TYPE: 'string',
    COUNT: 500,
  })) {
    for (const key of batch) {
      const bare = key.slice(prefix.length);
      if (!seen.has(bare)) {
        seen.add(bare);
        yield bare;
      }
    }
  }
}

/**
 * Every operation's failure while Redis is not ready becomes a StoreUnavailableError, so the core
 * can answer "temporarily unavailable" (matched on its code) rather than "something went wrong".
 */
function guardOutages(store: KeyValueStore, ready: () => boolean): KeyValueStore {
  const wrap = (error: unknown) =>
    !ready() && !(error instanceof StoreUnavailableError)
      ? new StoreUnavailableError({ cause: error })
      : error;
  const guarded = { ...store } as Record<string, unknown>;
  for (const [name, fn] of Object.entries(store)) {
    if (typeof fn !== 'function' || name === 'close' || name === 'reachable') continue;
    const method = fn as (...args: unknown[]) => unknown;
    if (name === 'readList' || name === 'keys') {
      guarded[name] = async function* (...args: unknown[]) {
        try {
          yield* method(...args) as AsyncIterable<unknown>;
        } catch (error) {
          throw wrap(error);
        }
      };
    } else {
      guarded[name] = async (...args: unknown[]) => {
        try {
          return await method(...args);
        } catch (error) {
          throw wrap(error);
        }
      };
    }
  }
  return guarded as unknown as KeyValueStore;
}

/** The URL without its password, for error messages (a secret never reaches an error). */
function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(not a valid URL)';
  }
}
