import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { keyringFromKeys } from '../../../src/store/index.js';
import { createRedisKeyValueStore } from '../../../src/store/redis-key-value-store.js';
import { type FakeCall, FakeTelegram } from '../../helpers/fake-telegram.js';
import { ManualScheduler } from '../../helpers/manual-scheduler.js';
import { type RedisServer, redisSkipped, startRedisServer } from '../../helpers/redis-server.js';
import { createTestStack, type TestStack } from '../../helpers/stack.js';
import { alice, group, type Harness, startHarness } from './harness.js';

/**
 * An edit is judged by what its original did, as kept in the shared store (docs/privacy.md §2.2):
 * two instances, each a real core over one real redis-server, the original handled by the first,
 * its edit by the second (another replica, or the same bot after a restart). Before, the second
 * had never seen the original and refused every edit.
 */
describe.skipIf(redisSkipped)('an edit handled by another instance than its original', () => {
  let redis: RedisServer;
  let telegram: FakeTelegram;
  const open: { close(): Promise<void> }[] = [];

  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await redis?.stop();
  });
  afterEach(async () => {
    for (const o of open.splice(0).reverse()) await o.close();
  });

  /** Two cores on one Redis (same prefix and key), one sandbox; each with its own Telegram channel. */
  async function twoInstances(): Promise<[TestStack, TestStack]> {
    telegram = await FakeTelegram.start();
    open.push(telegram);
    const prefix = `edits-${randomBytes(4).toString('hex')}:`;
    const keyring = keyringFromKeys(randomBytes(32));
    const first = await createTestStack({
      kv: await createRedisKeyValueStore({ url: redis.url, prefix }),
      keyring,
    });
    open.push(first);
    const second = await createTestStack({
      kv: await createRedisKeyValueStore({ url: redis.url, prefix }),
      keyring,
      sharedSandbox: first.sandbox,
    });
    open.push(second);
    await first.linkDemo({ platform: 'telegram', tenant: '', user: String(alice.id) });
    return [first, second];
  }

  async function channelOf(stack: TestStack): Promise<Harness> {
    const h = await startHarness(
      stack.core,
      { dedupe: stack.stores.dedupe, edits: stack.stores.proactive.claims, scheduler: new ManualScheduler() },
      { telegram },
    );
    return h;
  }

  const to = (chatId: number) => (c: FakeCall) => Number(c.payload.chat_id) === chatId;
  type Sent = { message: { message_id: number; chat: { id: number; type: 'private' | 'supergroup' } } };

  async function said(h: Harness, text: string, chat?: typeof group) {
    const mark = telegram.mark();
    const update = telegram.message(alice, text, chat) as unknown as Sent;
    await telegram.waitForCall(['sendMessage', 'sendRichMessage'], to(chat?.id ?? alice.id), { after: mark });
    await h.close();
    return update.message;
  }

  it('a read on the first, edited into /topup <PIN> on the second: the PIN is deleted and the top-up asks afresh', async () => {
    const [first, second] = await twoInstances();
    const original = await said(await channelOf(first), '/help');
    const h = await channelOf(second);
    open.push(h);
    const mark = telegram.mark();
    telegram.edit(alice, original, '/topup 12345678901234');
    const deleted = await telegram.waitForCall('deleteMessage', to(alice.id), { after: mark });
    expect(deleted.payload.message_id).toBe(original.message_id);
    const ask = await telegram.waitForCall('sendMessage', to(alice.id), { after: mark });
    expect(String(ask.payload.text)).toMatch(/Top up your account with this PIN\?/);
  });

  it('a write on the first is not run again when edited on the second', async () => {
    const [first, second] = await twoInstances();
    telegram.setAdmins(group.id, [alice.id]);
    const original = await said(await channelOf(first), '/groupdata on', group);
    const h = await channelOf(second);
    open.push(h);
    const mark = telegram.mark();
    telegram.edit(alice, original, '/groupdata off');
    const answer = await telegram.waitForCall('sendMessage', to(group.id), { after: mark });
    expect(String(answer.payload.text)).toMatch(/already carried out; I did not run the edit/);
  });
});
