import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ChatRef, Identity } from '../../src/core/identity.js';
import { createProactive, type Proactive } from '../../src/core/proactive/proactive.js';
import { createSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { keyringFromKeys } from '../../src/store/index.js';
import { createRedisKeyValueStore } from '../../src/store/redis-key-value-store.js';
import { createRecordingNotifier, type RecordingNotifier } from '../helpers/recording-notifier.js';
import { type RedisServer, redisSkipped, startRedisServer } from '../helpers/redis-server.js';
import { createTestStack, type TestStack } from '../helpers/stack.js';

const alice: Identity = { platform: 'telegram', tenant: '', user: '42', displayName: 'Alice' };
const dm: ChatRef = { id: '42', kind: 'private' };

/**
 * docs/proactive.md §6.1: two instances on one real redis-server send exactly one alert and one call
 * report, even when both run the job at the same moment (the lease and the per-alert claim).
 */
describe.skipIf(redisSkipped)('two instances on one Redis speak once', () => {
  let redis: RedisServer;
  let sandbox: Sandbox;
  let now = Date.parse('2026-11-20T10:00:00Z');
  const clock = () => new Date(now);
  const keyring = keyringFromKeys(randomBytes(32));
  let stacks: TestStack[] = [];

  beforeAll(async () => {
    redis = await startRedisServer();
    sandbox = createSandbox({ clock });
    await sandbox.listen({ port: 0 });
  });
  afterAll(async () => {
    await sandbox?.close();
    await redis?.stop();
  });
  afterEach(async () => {
    await Promise.all(stacks.map((s) => s.close()));
    stacks = [];
  });

  async function instances(): Promise<
    { stack: TestStack; proactive: Proactive; notifier: RecordingNotifier }[]
  > {
    const prefix = `pro-${randomBytes(4).toString('hex')}:`;
    const out = [];
    for (let i = 0; i < 2; i++) {
      const stack = await createTestStack({
        sharedSandbox: sandbox,
        keyring,
        clock,
        kv: await createRedisKeyValueStore({ url: redis.url, prefix }),
      });
      stacks.push(stack);
      const proactive = createProactive({
        stores: stack.stores,
        clientFactory: stack.clientFactory,
        clock,
        pace: { perSecond: 0 },
      });
      const notifier = createRecordingNotifier('telegram');
      proactive.attach(notifier);
      out.push({ stack, proactive, notifier });
    }
    return out;
  }

  it('one alert: both sweep at once, directly and through the leased scheduler', async () => {
    const [a, b] = await instances();
    await a!.stack.linkDemo(alice);
    await a!.stack.core.handleText({ identity: alice, chat: dm, text: '/alert 5' });
    expect(sandbox.setBalance('demo', '4,00')).toBe(true);
    const [ra, rb] = await Promise.all([a!.proactive.sweepAlerts(), b!.proactive.sweepAlerts()]);
    expect(ra.alerted + rb.alerted).toBe(1);
    expect(a!.notifier.sent.length + b!.notifier.sent.length).toBe(1);
    // Re-armed, low again: the scheduler's lease lets one instance run the sweep.
    sandbox.setBalance('demo', '9,00');
    await a!.proactive.sweepAlerts();
    sandbox.setBalance('demo', '4,00');
    const sa = a!.proactive.schedule({ holder: 'a' });
    const sb = b!.proactive.schedule({ holder: 'b' });
    const ran = await Promise.all([sa.runOnce('alerts'), sb.runOnce('alerts')]);
    expect(ran.filter(Boolean).length).toBeGreaterThanOrEqual(1);
    expect(a!.notifier.sent.length + b!.notifier.sent.length).toBe(2);
    sandbox.setBalance('demo', '18,40');
  });

  it('one call report: both look for the record at once, one edits the card', async () => {
    const [a, b] = await instances();
    await a!.stack.linkDemo(alice);
    const [card] = await a!.stack.core.handleText({
      identity: alice,
      chat: dm,
      text: '/call +49 30 1234567 +49 176 1234567',
    });
    await b!.stack.core.messageSent({
      track: card!.track!,
      message: { platform: 'telegram', tenant: '', chatId: '42', messageId: '9' },
    });
    now += 90_000;
    await b!.stack.core.handleText({ identity: alice, chat: dm, text: '/hangup' });
    now += 10_000;
    const [ra, rb] = await Promise.all([a!.proactive.checkCallReports(), b!.proactive.checkCallReports()]);
    expect(ra.reported + rb.reported).toBe(1);
    const edits = [...a!.notifier.edits, ...b!.notifier.edits];
    expect(edits).toHaveLength(1);
    expect(edits[0]!.message.messageId).toBe('9');
    expect(edits[0]!.reply.fields?.find((f) => f.label === 'Duration')?.value).toBe('1:30');
  });
});
