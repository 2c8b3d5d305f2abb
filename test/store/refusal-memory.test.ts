import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chartRefusals } from '../../src/adapters/slack/native-chart.js';
import { Targeting } from '../../src/adapters/teams/targeting.js';
import { RefusalMemory } from '../../src/core/delivery/refusal-memory.js';
import type { ChannelMemory } from '../../src/core/ports/channel-memory.js';
import { createChannelMemory } from '../../src/store/channel-memory.js';
import type { KeyValueStore } from '../../src/store/key-value-store.js';
import { createRedisKeyValueStore } from '../../src/store/redis-key-value-store.js';
import { createSqliteKeyValueStore } from '../../src/store/sqlite-key-value-store.js';
import { type RedisServer, redisSkipped, startRedisServer } from '../helpers/redis-server.js';
import { tempSqlitePath } from '../helpers/sqlite-memory.js';

/**
 * "The platform refused this here" (docs/channels.md §2.4) is one memory in the bot's store: a second
 * instance on the same store sees a refusal the first one met, and the refusal ends with its lifetime.
 */
function refusalsOn(name: string, open: () => Promise<{ one: KeyValueStore; two: KeyValueStore }>) {
  describe(`refusals remembered in ${name}`, () => {
    let one: ChannelMemory;
    let two: ChannelMemory;
    const opened: KeyValueStore[] = [];
    beforeAll(async () => {
      const kv = await open();
      opened.push(kv.one, kv.two);
      one = createChannelMemory(kv.one);
      two = createChannelMemory(kv.two);
    });
    afterAll(async () => {
      for (const kv of opened) await kv.close?.();
    });

    it("Teams: a conversation's refusal of targeted messages reaches the other instance", async () => {
      const a = new Targeting('auto', one);
      const b = new Targeting('auto', two);
      expect((await b.can('19:conv-1')).showToOne).toBe(true);
      await a.refused('19:conv-1');
      expect((await b.can('19:conv-1')).showToOne).toBe(false);
      expect((await b.can('19:conv-2')).showToOne).toBe(true);
    });

    it("Slack: a workspace's refusal of the chart block reaches the other instance", async () => {
      expect(await chartRefusals(two).refused('T1')).toBe(false);
      await chartRefusals(one).remember('T1');
      expect(await chartRefusals(two).refused('T1')).toBe(true);
      expect(await chartRefusals(two).refused('T2')).toBe(false);
    });

    it('ends with its lifetime, read against the clock', async () => {
      let now = Date.parse('2026-01-05T10:00:00Z');
      const clock = () => now;
      await new RefusalMemory(one, 'test:surface', 60_000, clock).remember('here');
      const other = new RefusalMemory(two, 'test:surface', 60_000, clock);
      now += 59_999;
      expect(await other.refused('here')).toBe(true);
      now += 1;
      expect(await other.refused('here')).toBe(false);
    });
  });
}

refusalsOn('one SQLite file', async () => {
  const path = tempSqlitePath('refusals-');
  return {
    one: createSqliteKeyValueStore({ path, exclusive: false }),
    two: createSqliteKeyValueStore({ path, exclusive: false }),
  };
});

describe.skipIf(redisSkipped)('on Redis', () => {
  let server: RedisServer;
  beforeAll(async () => {
    server = await startRedisServer();
  });
  afterAll(async () => {
    await server?.stop();
  });
  refusalsOn('one Redis', async () => ({
    one: await createRedisKeyValueStore({ url: server.url, prefix: 'bot:' }),
    two: await createRedisKeyValueStore({ url: server.url, prefix: 'bot:' }),
  }));
});
