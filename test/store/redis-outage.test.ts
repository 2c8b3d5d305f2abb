import { afterEach, describe, expect, it } from 'vitest';
import { StoreUnavailableError } from '../../src/store/errors.js';
import type { KeyValueStore } from '../../src/store/key-value-store.js';
import { createRedisKeyValueStore } from '../../src/store/redis-key-value-store.js';
import { type RedisServer, redisSkipped, startRedisServer } from '../helpers/redis-server.js';

/**
 * docs/reliability.md §5.2, a Redis outage is loud: with a real redis-server killed and started again on the
 * same port. While it is down every operation fails at once with StoreUnavailableError (before,
 * commands queued and ran a minute later), the loss is reported once, and the store comes back by
 * itself.
 */
describe.skipIf(redisSkipped)('Redis outage (real redis-server, killed and restarted)', () => {
  let server: RedisServer | undefined;
  let kv: KeyValueStore | undefined;
  afterEach(async () => {
    await kv?.close();
    await server?.stop();
  });

  it('fails fast and loud while down, queues nothing, and recovers by itself', async () => {
    server = await startRedisServer();
    const errors: unknown[] = [];
    let recovered = 0;
    kv = await createRedisKeyValueStore({
      url: server.url,
      prefix: 'outage:',
      onError: (e) => errors.push(e),
      onRecovered: () => recovered++,
    });
    await kv.set('before', 1);
    expect(kv.reachable?.()).toBe(true);

    const port = server.port;
    await server.stop();
    // The client notices the closed socket; poll on the state, not on a clock.
    while (kv.reachable?.()) await new Promise((r) => setImmediate(r));
    expect(kv.reachable?.()).toBe(false);
    await expect(kv.setIfAbsent('claim', 1, 60_000)).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(kv.get('before')).rejects.toBeInstanceOf(StoreUnavailableError);
    const late = kv.set('queued', 'must not run later');
    await expect(late).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(kv.append('list', 1)).rejects.toMatchObject({ code: 'ERR_STORE_UNAVAILABLE' });
    expect(errors).toHaveLength(1);

    server = await startRedisServer({ port });
    while (!kv.reachable?.()) await new Promise((r) => setTimeout(r, 20));
    expect(recovered).toBe(1);
    // Nothing sent during the outage ran afterwards (the server restarted empty, without persistence).
    expect(await kv.get('queued')).toBeUndefined();
    expect(await kv.setIfAbsent('claim', 1, 60_000)).toBe(true);
  }, 30_000);
});
