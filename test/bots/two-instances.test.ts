import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ChatRef, Identity } from '../../src/core/identity.js';
import { createSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { keyringFromKeys } from '../../src/store/index.js';
import { createRedisKeyValueStore } from '../../src/store/redis-key-value-store.js';
import { type RedisServer, redisSkipped, startRedisServer } from '../helpers/redis-server.js';
import { createTestStack, type TestStack } from '../helpers/stack.js';

/**
 * docs/reliability.md §1.2, two instances on one Redis: two bot instances, each with its own Redis connection and
 * its own core, one provider (a shared sandbox), one keyring. When redis-server is missing, the
 * helper warns loudly (and fails under CI).
 */
describe.skipIf(redisSkipped)('two instances sharing one Redis', () => {
  let redis: RedisServer;
  let sandbox: Sandbox;
  const keyring = keyringFromKeys(randomBytes(32));
  const identity: Identity = { platform: 'telegram', tenant: '', user: '42', displayName: 'Two' };
  const chat: ChatRef = { id: '42', kind: 'private' };
  let stacks: TestStack[] = [];

  beforeAll(async () => {
    redis = await startRedisServer();
    sandbox = createSandbox();
    await sandbox.listen({ port: 0 });
  });
  afterAll(async () => {
    await sandbox?.close();
    await redis?.stop();
  });
  afterEach(async () => {
    await Promise.all(stacks.map((s) => s.close()));
    stacks = [];
    sandbox.resetStats();
  });

  /** Instances A and B: one Redis prefix per test, so the tests do not see each other's keys. */
  async function twoInstances(env: Record<string, string> = {}): Promise<[TestStack, TestStack]> {
    const prefix = `two-${randomBytes(4).toString('hex')}:`;
    const make = async () =>
      createTestStack({
        sharedSandbox: sandbox,
        keyring,
        env,
        kv: await createRedisKeyValueStore({ url: redis.url, prefix }),
      });
    const a = await make();
    const b = await make();
    stacks.push(a, b);
    return [a, b];
  }

  it('an update delivered to both instances runs its top-up once', async () => {
    const [a, b] = await twoInstances();
    await a.linkDemo(identity);
    const updateKey = 'telegram:update:1:42';
    // Each instance does what the Telegram adapter does with an update: claim it, then handle it.
    const deliver = async (stack: TestStack) => {
      if (!(await stack.stores.dedupe.claim(updateKey, 60_000))) return 'duplicate';
      const [prompt] = await stack.core.handleText({ identity, chat, text: '/topup 1000000002' });
      const confirm = prompt?.actions?.find((x) => x.actionId.startsWith('c:'));
      if (!confirm) throw new Error(`no confirmation: ${JSON.stringify(prompt)}`);
      const outcome = await stack.core.handleAction({ identity, chat, actionId: confirm.actionId });
      return outcome.update?.tone ?? 'none';
    };
    const results = await Promise.all([deliver(a), deliver(b)]);
    expect(results.sort()).toEqual(['duplicate', 'success']);
    expect(sandbox.stats().handled.topup).toBe(1);
  });

  it('a confirmation created on A is confirmed on B, and B sees the new balance', async () => {
    const [a, b] = await twoInstances();
    await a.linkDemo(identity);
    const before = await balanceOn(b);
    const [prompt] = await a.core.handleText({ identity, chat, text: '/topup 1000000001' });
    const confirm = prompt?.actions?.find((x) => x.actionId.startsWith('c:'));
    expect(confirm).toBeDefined();
    const outcome = await b.core.handleAction({ identity, chat, actionId: confirm!.actionId });
    expect(outcome.update?.tone).toBe('success');
    expect(sandbox.stats().handled.topup).toBe(1);
    // The same button pressed on A afterwards is spent.
    const again = await a.core.handleAction({ identity, chat, actionId: confirm!.actionId });
    expect(again.update?.tone).not.toBe('success');
    expect(sandbox.stats().handled.topup).toBe(1);
    const after = await balanceOn(b);
    expect(after - before).toBe(1000); // PIN 1000000001 is worth 10,00 EUR
  });

  it('a rate limit holds across both instances', async () => {
    const [a, b] = await twoInstances({ RATE_LIMIT_PER_MINUTE: '3' });
    const run = async (stack: TestStack) =>
      (await stack.core.handleText({ identity, chat, text: '/help' }))[0]?.text ?? '';
    const answers = [await run(a), await run(a), await run(b), await run(b)];
    for (const ok of answers.slice(0, 3)) expect(ok).not.toMatch(/faster than I can take them/);
    expect(answers[3]).toMatch(/You are sending commands faster than I can take them\. Please wait \d+ s/);
    // Another user is not affected.
    const other = { ...identity, user: '43' };
    const [reply] = await b.core.handleText({
      identity: other,
      chat: { id: '43', kind: 'private' },
      text: '/help',
    });
    expect(reply?.text ?? '').not.toMatch(/faster than I can take them/);
  });

  /** The balance in cents, read through the given instance. */
  async function balanceOn(stack: TestStack): Promise<number> {
    const [reply] = await stack.core.handleText({ identity, chat, text: '/balance' });
    const text = JSON.stringify(reply);
    const m = /(\d+)[,.](\d{2})/.exec(text);
    if (!m) throw new Error(`no amount in ${text}`);
    return Number(m[1]) * 100 + Number(m[2]);
  }
});
