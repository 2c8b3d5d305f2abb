import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordStore } from '../../src/core/ports/proactive.js';
import { createMemoryKeyValueStore } from '../../src/store/index.js';
import type { KeyValueStore } from '../../src/store/key-value-store.js';
import { createProactiveStores } from '../../src/store/proactive-store.js';
import { createRedisKeyValueStore } from '../../src/store/redis-key-value-store.js';
import { type RedisServer, redisSkipped, startRedisServer } from '../helpers/redis-server.js';

interface Counter {
  id: string;
  rev?: string;
  a: number;
  b: number;
  c?: number;
}

/**
 * `update()` is a read-modify-write no other writer can split, also from another instance: two
 * writers each changing only their own field, many times at once, lose none of the other's writes.
 */
async function race(one: RecordStore<Counter>, two: RecordStore<Counter>) {
  await one.put({ id: 'x', a: 0, b: 0 });
  await Promise.all([
    ...Array.from({ length: 40 }, () => one.update('x', (c) => c && { ...c, a: c.a + 1 })),
    ...Array.from({ length: 40 }, () => two.update('x', (c) => c && { ...c, b: c.b + 1 })),
  ]);
  expect(await one.get('x')).toMatchObject({ id: 'x', a: 40, b: 40 });
  // A job's write lands only on the revision it read; a person's write (here `update`) is a new one.
  const seen = (await one.get('x'))!;
  expect(await two.settle(seen, { a: 1 })).toMatchObject({ a: 1, rev: seen.rev });
  await one.update('x', (c) => c && { ...c, b: 7 });
  expect(await two.settle(seen, { a: 2 })).toBeUndefined();
  expect(await two.retire(seen)).toBe(false);
  expect(await one.get('x')).toMatchObject({ a: 1, b: 7 });
  // A claim is taken once: the second run finds its field set.
  const now = (await one.get('x'))!;
  expect(await one.settle(now, { c: 1 }, { claim: 'c' })).toMatchObject({ c: 1 });
  expect(await two.settle(now, { c: 2 }, { claim: 'c' })).toBeUndefined();
  // Deleting through update wins over a later writer that only changes an existing record.
  await one.update('x', () => undefined);
  expect(await two.update('x', (c) => c && { ...c, a: 99 })).toBeUndefined();
  expect(await one.get('x')).toBeUndefined();
}

const storesOn = (kv: KeyValueStore) =>
  createProactiveStores({ kv }).alerts as unknown as RecordStore<Counter>;

describe('proactive records: update() loses no write', () => {
  it('two stores on one memory store', async () => {
    const kv = createMemoryKeyValueStore();
    await race(storesOn(kv), storesOn(kv));
  });

  describe.skipIf(redisSkipped)('two instances on one Redis', () => {
    let redis: RedisServer;
    beforeAll(async () => {
      redis = await startRedisServer();
    });
    afterAll(async () => {
      await redis?.stop();
    });

    it('each with its own connection', async () => {
      const [k1, k2] = [
        await createRedisKeyValueStore({ url: redis.url, prefix: 'ru:' }),
        await createRedisKeyValueStore({ url: redis.url, prefix: 'ru:' }),
      ];
      try {
        await race(storesOn(k1), storesOn(k2));
      } finally {
        await k1.close();
        await k2.close();
      }
    });
  });
});
