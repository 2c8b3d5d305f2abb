import { afterEach, describe, expect, it } from 'vitest';
import { createRedisKeyValueStore } from '../../src/store/redis-key-value-store.js';
import { type RedisServer, redisSkipped, startRedisServer } from '../helpers/redis-server.js';
import { actionOf, alice, type CoreHarness, privateChat, startCore } from './core-harness.js';

/**
 * docs/reliability.md §5.2: while the shared store is down, a user gets a short "temporarily unavailable" answer
 * (not "something went wrong"), nothing reaches the provider, and once Redis is back the same
 * commands work without a restart. Real redis-server, killed and started again on its port.
 */
describe.skipIf(redisSkipped)('commands during a Redis outage', () => {
  let h: CoreHarness | undefined;
  let redis: RedisServer | undefined;
  afterEach(async () => {
    await h?.close();
    await redis?.stop();
  });

  it('answers "temporarily unavailable", sends nothing, and works again once Redis returns', async () => {
    redis = await startRedisServer();
    const kv = await createRedisKeyValueStore({ url: redis.url, prefix: 'core-outage:' });
    h = await startCore({ kv, env: { RATE_LIMIT_PER_MINUTE: '30' } });
    const { replies } = await h.send('/topup 1000000001');
    const confirm = actionOf(replies, 'Confirm');

    const port = redis.port;
    await redis.stop();
    while (h.stack.stores.reachable()) await new Promise((r) => setImmediate(r));
    const unavailable =
      'I am temporarily unavailable (my storage cannot be reached), so I did not do that. Please send it again in a minute.';
    expect((await h.send('/balance')).text).toBe(unavailable);
    const pressed = await h.stack.core.handleAction({
      identity: alice,
      chat: privateChat,
      actionId: confirm,
    });
    expect(pressed.notice).toBe(unavailable);
    expect(h.stack.sandbox.stats().received.topup ?? 0).toBe(0);
    expect(h.stack.sandbox.stats().received.account ?? 0).toBe(0);
    // A PIN, or what may be the password a /link waits for, is still deleted (the store cannot say).
    expect((await h.send('/topup 1000000002')).replies[0]?.deleteIncoming).toBe(true);
    expect((await h.send('my-secret-password')).replies[0]?.deleteIncoming).toBe(true);
    expect((await h.send('/balance')).replies[0]?.deleteIncoming).not.toBe(true);

    redis = await startRedisServer({ port });
    while (!h.stack.stores.reachable()) await new Promise((r) => setTimeout(r, 20));
    // The restarted server is empty (no persistence): link again, as after a real data loss.
    await h.stack.linkDemo(alice);
    expect((await h.send('/balance')).text).toContain('€18.40');
  }, 30_000);
});
