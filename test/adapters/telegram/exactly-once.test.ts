import { randomBytes } from 'node:crypto';
import { createClient } from '@redis/client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCore } from '../../../src/core/index.js';
import { createSandbox, type Sandbox } from '../../../src/sandbox/index.js';
import { createStores, generateMasterKey, keyringFromKeys } from '../../../src/store/index.js';
import { createRedisKeyValueStore } from '../../../src/store/redis-key-value-store.js';
import type { Stores } from '../../../src/store/stores.js';
import {
  createTelephonyClient,
  createTransport,
  md5Hex,
  type Transport,
} from '../../../src/telephony/index.js';
import { FakeTelegram } from '../../helpers/fake-telegram.js';
import { httpCall } from '../../helpers/http-call.js';
import { type RedisServer, redisSkipped, startRedisServer } from '../../helpers/redis-server.js';
import { alice, type Harness, startHarness } from './harness.js';

/**
 * Exactly-once that survives Redis (docs/operations.md §7): a `/call` update redelivered after its
 * dedupe claim was evicted, or after `FLUSHALL`, never places a second call. The webhook, grammY,
 * the real core and client, the sandbox and a real redis-server; the key is deleted and the server
 * flushed with Redis's own commands.
 */
describe.skipIf(redisSkipped)('a redelivered /call after Redis lost its keys', () => {
  const SECRET = 'exactly-once-secret';
  let redis: RedisServer;
  let sandbox: Sandbox;
  let h: Harness | undefined;
  let stores: Stores | undefined;
  let transport: Transport | undefined;
  const admin = () => createClient({ url: redis.url }).connect();

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
    await h?.close();
    await stores?.close();
    await transport?.close();
    h = undefined;
    sandbox.resetStats();
  });

  async function start() {
    const prefix = `once-${randomBytes(4).toString('hex')}:`;
    const kv = await createRedisKeyValueStore({ url: redis.url, prefix });
    const lost: string[] = [];
    stores = createStores({
      kv,
      keyring: keyringFromKeys(generateMasterKey()),
      dataCheckEveryMs: 20,
      onDataLost: (since) => lost.push(since),
    });
    const t = createTransport({ connections: 4 });
    transport = t;
    const core = createCore({
      stores,
      rateLimit: false,
      clientFactory: (credentials) =>
        createTelephonyClient({ baseUrl: sandbox.url, credentials: credentials.account, transport: t }),
    });
    const telegram = await FakeTelegram.start();
    h = await startHarness(
      core,
      { mode: 'webhook', webhook: { url: 'https://bot.example/telegram/webhook', secret: SECRET } },
      { telegram, dedupe: stores.dedupe },
    );
    const close = h.close;
    h.close = async () => {
      await close();
      await telegram.close();
    };
    await stores.credentials.set(`telegram::${alice.id}`, {
      credentials: [
        {
          label: 'demo',
          kind: 'account',
          username: 'demo',
          md5: md5Hex('demo'),
          linkedAt: new Date().toISOString(),
        },
      ],
      active: 'demo',
    });
    return { h, telegram, prefix, lost, stores };
  }

  const callUpdate = (id: number) => ({
    update_id: id,
    message: {
      message_id: id,
      date: Math.floor(Date.now() / 1000),
      chat: { id: alice.id, type: 'private' },
      from: { ...alice, is_bot: false },
      text: '/call +49 30 1234567 +49 176 1234567',
    },
  });

  /** Posts the update as Telegram does and returns the text the bot answered with. */
  async function deliver(s: { h: Harness; telegram: FakeTelegram }, id: number): Promise<string> {
    const mark = s.telegram.mark();
    const res = await httpCall(s.h.server!.port, '/telegram/webhook', callUpdate(id), {
      'x-telegram-bot-api-secret-token': SECRET,
    });
    expect(res.status).toBe(200);
    const sent = await s.telegram.waitForCall('sendMessage', () => true, { after: mark });
    return String(sent.payload.text);
  }

  const calls = () => sandbox.stats().handled['webcallback.trycallback'] ?? 0;

  it('the dedupe claim evicted (volatile-lru takes keys with a TTL first): no second call', async () => {
    const s = await start();
    expect(await deliver(s, 501)).toMatch(/Calling \+49301234567/);
    expect(calls()).toBe(1);
    const r = await admin();
    const claims = await r.keys(`${s.prefix}dedupe:telegram:update:*`);
    expect(claims).toHaveLength(1);
    await r.del(claims);
    await r.close();
    expect(await deliver(s, 501)).toMatch(/already sent that once.*\/cdrs/s);
    expect(calls()).toBe(1);
  });

  it('FLUSHALL: no second call, the loss is logged, and the user is told it, not "not linked"', async () => {
    const s = await start();
    await deliver(s, 601);
    expect(calls()).toBe(1);
    const r = await admin();
    await r.flushAll();
    await r.close();
    await vi.waitFor(() => expect(s.stores.dataLostAt?.()).toBeInstanceOf(Date));
    expect(s.lost).toHaveLength(1);
    const answer = await deliver(s, 601);
    expect(answer).toMatch(/my storage lost its data/);
    expect(answer).not.toMatch(/You have not linked an account yet/);
    expect(calls()).toBe(1);
  });
});
