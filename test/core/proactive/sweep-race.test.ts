import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RedisServer, redisSkipped, startRedisServer } from '../../helpers/redis-server.js';
import { RACE_CASES } from './race-cases.js';
import {
  type Backend,
  memoryBackend,
  openWorld,
  type RaceWorld,
  redisBackend,
  sqliteBackend,
} from './race-harness.js';

const MONDAY = '2026-11-23T09:00:00Z';

/**
 * Jobs never undo people (docs/reliability.md §8): every job (alert, spend-limit and card-cap
 * sweeps, digests, call reports, approvals expiry) against every command that changes the same
 * record, the command forced in after the job's read and before its write, on each store the bot
 * runs on. A lost update (a value the person set undone, a removed record brought back) fails.
 */
function raceSuite(backend: Backend) {
  let w: RaceWorld | undefined;
  afterEach(async () => {
    await w?.close();
    w = undefined;
  });
  for (const c of RACE_CASES) {
    for (const point of c.points) {
      it(`${c.job} × ${c.command}, the command ${point === 'read' ? 'after the job read' : 'before the job writes'}`, async () => {
        w = await openWorld(backend, c.start ?? MONDAY);
        const world = w;
        await c.setUp(world);
        const act = () => c.act(world);
        if (point === 'read') world.hooks.clients.afterRead(act);
        else world.hooks.kv.beforeWrite(c.record, act);
        await c.run(world);
        expect(point === 'read' ? world.hooks.clients.fired() : world.hooks.kv.fired(), 'interleaved').toBe(
          true,
        );
        await c.check(world);
      }, 20_000);
    }
  }
}

describe('jobs never undo people: memory store', () => raceSuite(memoryBackend));
describe('jobs never undo people: SQLite store', () => raceSuite(sqliteBackend));
describe.skipIf(redisSkipped)('jobs never undo people: Redis store', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await redis?.stop();
  });
  raceSuite(redisBackend(() => redis.url));
});
