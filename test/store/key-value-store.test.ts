import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Keyv from 'keyv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeyvKeyValueStore } from '../../src/store/keyv-key-value-store.js';
import { createMemoryKeyValueStore } from '../../src/store/memory-key-value-store.js';
import { createRedisKeyValueStore } from '../../src/store/redis-key-value-store.js';
import { createSqliteKeyValueStore } from '../../src/store/sqlite-key-value-store.js';
import { type RedisServer, redisSkipped, startRedisServer } from '../helpers/redis-server.js';
import { keyValueStoreContract } from './key-value-store.contract.js';

const dir = mkdtempSync(join(tmpdir(), 'telephony-bot-kv-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

keyValueStoreContract('memory', async () => ({ kv: createMemoryKeyValueStore() }));

keyValueStoreContract('keyv (in-memory Map adapter)', async () => ({
  kv: createKeyvKeyValueStore({ keyv: new Keyv() }),
}));

keyValueStoreContract(
  'keyv + SQLite file',
  async () => {
    // A nested directory that does not exist yet: the factory must create it.
    const path = join(dir, `nested-${++files}`, 'store.sqlite');
    const kv = createSqliteKeyValueStore({ path });
    return {
      kv,
      reopen: async () => {
        await kv.close();
        return createSqliteKeyValueStore({ path });
      },
    };
  },
  { durable: true },
);

describe('SQLite store file', () => {
  it('writes a real file under a created directory', async () => {
    const path = join(dir, 'deep', 'er', 'bot.sqlite');
    const kv = createSqliteKeyValueStore({ path });
    await kv.set('x', 1);
    await kv.close();
    expect(existsSync(path)).toBe(true);
    expect(statSync(path).size).toBeGreaterThan(0);
  });
});

describe.skipIf(redisSkipped)('Redis (real redis-server)', () => {
  let server: RedisServer;
  let prefixes = 0;
  beforeAll(async () => {
    server = await startRedisServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  // A prefix per test keeps tests apart on one server, as the prefix keeps bots apart in production.
  keyValueStoreContract(
    'Redis',
    async () => {
      const prefix = `contract-${++prefixes}:`;
      const kv = await createRedisKeyValueStore({ url: server.url, prefix });
      return {
        kv,
        reopen: async () => {
          await kv.close();
          return createRedisKeyValueStore({ url: server.url, prefix });
        },
      };
    },
    { durable: true },
  );

  it('keeps keys of different prefixes apart', async () => {
    const one = await createRedisKeyValueStore({ url: server.url, prefix: 'one:' });
    const two = await createRedisKeyValueStore({ url: server.url, prefix: 'two:' });
    try {
      await one.set('shared', 'one');
      expect(await two.get('shared')).toBeUndefined();
      expect(await two.setIfAbsent('shared', 'two', 60_000)).toBe(true);
      expect(await one.get('shared')).toBe('one');
    } finally {
      await one.close();
      await two.close();
    }
  });

  it('fails at start-up with an error naming REDIS_URL and without the password', async () => {
    const error = await createRedisKeyValueStore({
      url: 'redis://user:hunter2@127.0.0.1:1',
      connectTimeoutMs: 1000,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toContain('REDIS_URL');
    expect((error as Error).message).not.toContain('hunter2');
  });
});
