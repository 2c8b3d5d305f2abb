import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReservationBook } from '../../src/core/ports/reservations.js';
import type { KeyValueStore } from '../../src/store/key-value-store.js';
import { createMemoryKeyValueStore } from '../../src/store/memory-key-value-store.js';
import { createRedisKeyValueStore } from '../../src/store/redis-key-value-store.js';
import { createReservationStore } from '../../src/store/reservation-store.js';
import { createSqliteKeyValueStore } from '../../src/store/sqlite-key-value-store.js';
import { type RedisServer, redisSkipped, startRedisServer } from '../helpers/redis-server.js';

/**
 * The reservation store (docs/money-guard.md §1.5) changes one account's book only under its lock, on every
 * backend: ten reservations racing for room for three leave exactly three, whatever the
 * interleaving; on Redis, two connections (two instances) race too.
 */
const dir = mkdtempSync(join(tmpdir(), 'telephony-bot-resv-'));
let redis: RedisServer | undefined;
beforeAll(async () => {
  if (!redisSkipped) redis = await startRedisServer();
});
afterAll(async () => {
  await redis?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const entry = (id: string) => ({
  id,
  amount: { minor: 150, scale: 4, currency: 'EUR' },
  periods: ['day:2026-11-20'],
  allowedMinutes: 1,
  bNumber: '4930555666',
  placedAt: '2026-11-20T08:00:00.000Z',
  expiresAt: '2026-11-20T08:06:00.000Z',
});

/** Adds a reservation while fewer than `room` are held: the check and the write are one step. */
const reserveIn = (book: ReservationBook, id: string, room: number): ReservationBook =>
  book.entries.length >= room ? book : { ...book, entries: [...book.entries, entry(id)] };

async function race(kvs: KeyValueStore[]) {
  const stores = kvs.map(createReservationStore);
  await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      stores[i % stores.length]!.update('demo', (b) => reserveIn(b, `r${i}`, 3)),
    ),
  );
  expect((await stores[0]!.get('demo'))?.entries).toHaveLength(3);
  // Emptied, the book is gone.
  await stores[0]!.update('demo', (b) => ({ ...b, entries: [] }));
  expect(await stores[0]!.get('demo')).toBeUndefined();
}

describe('the reservation store holds under races', () => {
  it('memory', async () => {
    await race([createMemoryKeyValueStore()]);
  });

  it('SQLite (a real file)', async () => {
    const kv = createSqliteKeyValueStore({ path: join(dir, 'resv.sqlite') });
    try {
      await race([kv]);
    } finally {
      await kv.close();
    }
  });

  it.skipIf(redisSkipped)('Redis, two instances', async () => {
    const prefix = `resv-${Date.now()}:`;
    const a = await createRedisKeyValueStore({ url: redis!.url, prefix });
    const b = await createRedisKeyValueStore({ url: redis!.url, prefix });
    try {
      await race([a, b]);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
