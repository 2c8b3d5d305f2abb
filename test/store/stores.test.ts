import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe } from 'vitest';
import { createMemoryKeyValueStore } from '../../src/store/memory-key-value-store.js';
import { createRedisKeyValueStore } from '../../src/store/redis-key-value-store.js';
import { createSqliteKeyValueStore } from '../../src/store/sqlite-key-value-store.js';
import { type RedisServer, redisSkipped, startRedisServer } from '../helpers/redis-server.js';
import { storesContract } from './stores.contract.js';

const dir = mkdtempSync(join(tmpdir(), 'telephony-bot-stores-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

storesContract('memory', async () => ({ kv: createMemoryKeyValueStore() }));

storesContract('keyv + SQLite file', async () => ({
  kv: createSqliteKeyValueStore({ path: join(dir, `stores-${++files}.sqlite`) }),
}));

describe.skipIf(redisSkipped)('Redis (real redis-server)', () => {
  let server: RedisServer;
  let prefixes = 0;
  beforeAll(async () => {
    server = await startRedisServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  // Each Stores object gets its own client on one prefix, as two bot instances would.
  storesContract('Redis, two connections', async () => {
    const prefix = `stores-${++prefixes}:`;
    return {
      kv: await createRedisKeyValueStore({ url: server.url, prefix }),
      peer: () => createRedisKeyValueStore({ url: server.url, prefix }),
    };
  });
});
