import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Identity } from '../../../src/core/identity.js';
import { createProactive, type Proactive } from '../../../src/core/proactive/proactive.js';
import type { KeyValueStore } from '../../../src/store/key-value-store.js';
import { createRedisKeyValueStore } from '../../../src/store/redis-key-value-store.js';
import {
  afterEachPost,
  createRecordingNotifier,
  type RecordingNotifier,
} from '../../helpers/recording-notifier.js';
import { createRedisGate, type RedisGate } from '../../helpers/redis-gate.js';
import { type RedisServer, redisSkipped, startRedisServer } from '../../helpers/redis-server.js';
import { createTestStack, type TestStack } from '../../helpers/stack.js';

const alice: Identity = { platform: 'console', tenant: '', user: 'alice', displayName: 'Alice' };
const settle = () => new Promise((r) => setTimeout(r, 20));

/**
 * A lost confirm is not a resend (docs/reliability.md §8.4), with a real redis-server behind a gate
 * cut right after the alert went out, before its claim is confirmed. The confirm write is tried
 * again (never the alert); what cannot be confirmed is logged and counted, and this process does
 * not send it again. Before: the confirm failed, the hold expired, the next sweep sent it twice.
 */
describe.skipIf(redisSkipped)('a lost confirm is not a resend (Redis cut mid-sweep)', () => {
  let redis: RedisServer;
  let gate: RedisGate;
  let kv: KeyValueStore;
  let stack: TestStack;
  let proactive: Proactive;
  let notifier: RecordingNotifier;
  const unsettled: string[] = [];
  const errors: string[] = [];
  /** Runs instead of the wait before each retry of the confirm. */
  let onRetry: () => Promise<void> = async () => {};

  beforeAll(async () => {
    redis = await startRedisServer();
    gate = await createRedisGate(redis.port);
  });
  afterAll(async () => {
    await gate?.close();
    await redis?.stop();
  });
  afterEach(async () => {
    await gate.restore();
    await stack?.close();
    unsettled.length = 0;
    errors.length = 0;
  });

  const cut = async () => {
    await gate.cut();
    while (kv.reachable?.()) await new Promise((r) => setImmediate(r));
  };
  const restore = async () => {
    await gate.restore();
    while (!kv.reachable?.()) await settle();
  };

  async function start() {
    kv = await createRedisKeyValueStore({ url: gate.url, prefix: `lost-${randomBytes(4).toString('hex')}:` });
    stack = await createTestStack({ kv });
    await stack.linkDemo(alice);
    const logger = {
      info() {},
      debug() {},
      warn() {},
      error: (_o: object, msg?: string) => void errors.push(msg ?? ''),
    };
    proactive = createProactive({
      stores: stack.stores,
      clientFactory: stack.clientFactory,
      pace: { perSecond: 0 },
      // A short hold: an unconfirmed claim expires at once, as it would after 2 minutes.
      claimHoldMs: 100,
      logger,
      metrics: { claimUnsettled: (job) => void unsettled.push(job) },
      confirmRetry: { delaysMs: [1, 1, 1], sleep: () => onRetry() },
    });
    notifier = createRecordingNotifier('console');
    // Redis goes away right after the alert went out: before its claim is confirmed.
    let cutOnce = true;
    afterEachPost(notifier, async () => {
      if (cutOnce) await cut();
      cutOnce = false;
    });
    proactive.attach(notifier);
    await stack.core.handleText({ identity: alice, chat: { id: 'dm', kind: 'private' }, text: '/alert 5' });
    stack.sandbox.setBalance('demo', '4,00');
    const [sub] = await all();
    return `claim:alert:${sub!.id}:0`;
  }
  const all = async () => {
    const subs = [];
    for await (const s of stack.stores.proactive.alerts.list()) subs.push(s);
    return subs;
  };
  /** Until the claim is no longer merely held: confirmed, or (unconfirmed) its hold expired. */
  const pastHold = async (key: string) => {
    while ((await kv.get(key)) === 'held') await settle();
  };

  it('Redis back within the retries: the confirm is written, the alert is sent once', async () => {
    const key = await start();
    onRetry = restore;
    const first = await proactive.sweepAlerts();
    await pastHold(key);
    await proactive.sweepAlerts();
    expect(notifier.sent, 'sent once, not again once the hold expired').toHaveLength(1);
    expect(first.alerted).toBe(1);
    expect(await kv.get(key)).toBe(1);
    expect(unsettled).toEqual([]);
    expect((await all())[0]).toMatchObject({ armed: false, generation: 1 });
  });

  it('Redis still down after every retry: logged and counted, and not sent again from here', async () => {
    const key = await start();
    onRetry = async () => {};
    const first = await proactive.sweepAlerts();
    expect(notifier.sent).toHaveLength(1);
    await restore();
    await pastHold(key);
    // The hold expired unconfirmed; this process knows it sent it: confirmed now, not sent again.
    await proactive.sweepAlerts();
    expect(notifier.sent, 'sent once, not again once the hold expired').toHaveLength(1);
    expect(first.failed).toBe(1);
    expect(unsettled).toEqual(['alert']);
    expect(errors.some((e) => e.includes('could not be confirmed'))).toBe(true);
    expect(await kv.get(key)).toBe(1);
    expect((await all())[0]).toMatchObject({ armed: false, generation: 1 });
  });
});
