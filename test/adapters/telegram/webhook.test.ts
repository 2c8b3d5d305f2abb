import { afterEach, describe, expect, it } from 'vitest';
import { createFakeCore, type FakeCore } from '../../helpers/fake-core.js';
import { FakeTelegram } from '../../helpers/fake-telegram.js';
import { httpCall } from '../../helpers/http-call.js';
import { alice, bob, gate, type Harness, startHarness } from './harness.js';

/** Webhook mode (docs/reliability.md §2.3): constant-time secret check, answer first, work after, health endpoints. */

const SECRET = 'wh_secret-123';
let h: Harness | undefined;
let core: FakeCore;

afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function start() {
  core = createFakeCore('telegram');
  const telegram = await FakeTelegram.start();
  h = await startHarness(
    core,
    {
      mode: 'webhook',
      webhook: { url: 'https://bot.example/telegram/webhook', secret: SECRET },
    },
    { telegram },
  );
  const close = h.close;
  h.close = async () => {
    await close();
    await telegram.close();
  };
  return h;
}

function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return httpCall(h!.server!.port, path, body, headers);
}

function update(id: number, text: string) {
  return {
    update_id: id,
    message: {
      message_id: id,
      date: 1,
      chat: { id: alice.id, type: 'private' },
      from: { ...alice, is_bot: false },
      text,
    },
  };
}

describe('webhook mode', () => {
  it('registers the webhook with its secret and no polling', async () => {
    const { telegram } = await start();
    expect(telegram.webhook).toEqual({ url: 'https://bot.example/telegram/webhook', secret_token: SECRET });
    expect(telegram.callsOf('deleteWebhook')).toHaveLength(0);
  });

  it('answers 401 to a wrong or missing secret and processes nothing', async () => {
    await start();
    expect(
      (await post('/telegram/webhook', update(1, 'hi'), { 'x-telegram-bot-api-secret-token': 'wrong' }))
        .status,
    ).toBe(401);
    expect(
      (await post('/telegram/webhook', update(2, 'hi'), { 'x-telegram-bot-api-secret-token': `${SECRET}x` }))
        .status,
    ).toBe(401);
    expect((await post('/telegram/webhook', update(3, 'hi'))).status).toBe(401);
    expect(core.texts).toHaveLength(0);
  });

  it('answers 200 before the slow work is done, then processes the update', async () => {
    const { telegram } = await start();
    const held = gate();
    const entered = gate();
    core.onText = async () => {
      entered.open();
      await held.promise;
      return [{ text: 'slow answer' }];
    };
    const res = await post('/telegram/webhook', update(10, '/balance'), {
      'x-telegram-bot-api-secret-token': SECRET,
    });
    // Telegram has its answer although the core cannot finish until `held` opens below.
    expect(res.status).toBe(200);
    await entered.promise;
    expect(core.texts.map((t) => t.text)).toEqual(['/balance']);
    expect(telegram.callsOf('sendMessage')).toHaveLength(0);
    held.open();
    expect((await telegram.waitForCall('sendMessage')).payload.text).toBe('slow answer');
  });

  it("answers 503 while the provider's backlog is full, runs nothing, and takes the redelivery once it drained", async () => {
    const { telegram } = await start();
    let busy = true;
    core.busy = () => busy;
    const headers = { 'x-telegram-bot-api-secret-token': SECRET };
    for (let i = 0; i < 50; i++)
      expect((await post('/telegram/webhook', update(30 + i, '/balance'), headers)).status).toBe(503);
    expect(core.texts).toHaveLength(0);
    // One warn line for the 50 turned away, not 50.
    expect(h!.logs.filter((l) => /backlog full/.test(l.msg ?? ''))).toHaveLength(1);
    busy = false;
    expect((await post('/telegram/webhook', update(30, '/balance'), headers)).status).toBe(200);
    await telegram.waitForCall('sendMessage');
    expect(core.texts.map((t) => t.text)).toEqual(['/balance']);
  });

  it('takes two waiting updates per sender: the third waits at Telegram (503) while another sender is taken', async () => {
    const { telegram } = await start();
    const held = gate();
    core.onText = async () => {
      await held.promise;
      return [{ text: 'done' }];
    };
    const headers = { 'x-telegram-bot-api-secret-token': SECRET };
    const from = (id: number, user: typeof alice) => {
      const u = update(id, '/balance');
      return {
        ...u,
        message: { ...u.message, chat: { id: user.id, type: 'private' }, from: { ...user, is_bot: false } },
      };
    };
    const statuses = [];
    for (const id of [40, 41, 42])
      statuses.push((await post('/telegram/webhook', from(id, alice), headers)).status);
    expect(statuses).toEqual([200, 200, 503]);
    expect((await post('/telegram/webhook', from(43, bob), headers)).status).toBe(200);
    held.open();
    await telegram.waitForCalls('sendMessage', 3);
    // Telegram's redelivery of the third is taken once the first two were handled.
    expect((await post('/telegram/webhook', from(42, alice), headers)).status).toBe(200);
  });

  it('keeps a quarter of the backlog for senders with nothing taken: a heavy sender waits first', async () => {
    core = createFakeCore('telegram');
    const telegram = await FakeTelegram.start();
    h = await startHarness(
      core,
      {
        mode: 'webhook',
        webhook: { url: 'https://bot.example/telegram/webhook', secret: SECRET },
        backlog: 8,
      },
      { telegram },
    );
    const held = gate();
    core.onText = async () => {
      await held.promise;
      return [{ text: 'done' }];
    };
    const headers = { 'x-telegram-bot-api-secret-token': SECRET };
    let id = 60;
    const from = (user: number) => {
      const u = update(id++, '/balance');
      const who = { id: user, is_bot: false, first_name: `U${user}` };
      return { ...u, message: { ...u.message, chat: { id: user, type: 'private' }, from: who } };
    };
    const status = async (user: number) => (await post('/telegram/webhook', from(user), headers)).status;
    // Three heavy senders fill three quarters of the backlog of 8, two each.
    for (const user of [101, 102, 103]) expect([await status(user), await status(user)]).toEqual([200, 200]);
    // A fourth sender's first update is taken, its second waits: the last quarter is for newcomers.
    expect([await status(104), await status(104)]).toEqual([200, 503]);
    expect(await status(105)).toBe(200);
    // Full: even a newcomer waits now.
    expect(await status(106)).toBe(503);
    held.open();
    await telegram.waitForCalls('sendMessage', 8);
    await h.close();
    await telegram.close();
    h = undefined;
  });

  it('drops the same update posted twice', async () => {
    const { telegram } = await start();
    const headers = { 'x-telegram-bot-api-secret-token': SECRET };
    expect((await post('/telegram/webhook', update(20, '/topup 1'), headers)).status).toBe(200);
    await telegram.waitForCall('sendMessage');
    expect((await post('/telegram/webhook', update(20, '/topup 1'), headers)).status).toBe(200);
    expect((await post('/telegram/webhook', update(21, 'next'), headers)).status).toBe(200);
    await telegram.waitForCall('sendMessage', (c) => c.payload.text === 'echo: next');
    expect(core.texts.map((t) => t.text)).toEqual(['/topup 1', 'next']);
  });

  it('rejects a body that is not an update', async () => {
    await start();
    const res = await post('/telegram/webhook', { hello: 1 }, { 'x-telegram-bot-api-secret-token': SECRET });
    expect(res.status).toBe(400);
  });

  it('serves /healthz and /readyz, and stop() waits for work in flight', async () => {
    const { telegram, channel } = await start();
    expect((await post('/healthz', undefined)).status).toBe(200);
    expect((await post('/readyz', undefined)).status).toBe(200);
    const held = gate();
    const entered = gate();
    core.onText = async () => {
      entered.open();
      await held.promise;
      return [{ text: 'finished' }];
    };
    await post('/telegram/webhook', update(30, 'work'), { 'x-telegram-bot-api-secret-token': SECRET });
    await entered.promise;
    const stopped = channel.stop();
    held.open();
    await stopped;
    expect(telegram.callsOf('sendMessage').map((c) => c.payload.text)).toEqual(['finished']);
  });

  it('is not ready when the core says so', async () => {
    core = createFakeCore('telegram');
    const telegram = await FakeTelegram.start();
    let coreReady = false;
    h = await startHarness(
      core,
      {
        mode: 'webhook',
        webhook: { url: 'https://bot.example/telegram/webhook', secret: SECRET },
        ready: () => coreReady,
      },
      { telegram },
    );
    try {
      // Telegram gets 503 and redelivers later; nothing is processed meanwhile.
      expect(
        (await post('/telegram/webhook', update(40, 'x'), { 'x-telegram-bot-api-secret-token': SECRET }))
          .status,
      ).toBe(503);
      coreReady = true;
      expect(
        (await post('/telegram/webhook', update(41, 'x'), { 'x-telegram-bot-api-secret-token': SECRET }))
          .status,
      ).toBe(200);
      await h.telegram.waitForCall('sendMessage');
      expect(core.texts.map((t) => t.text)).toEqual(['x']);
    } finally {
      await h.close();
      h = undefined;
      await telegram.close();
    }
  });
});

describe('options', () => {
  it('names the fix when webhook settings are missing or the secret is malformed', async () => {
    const { createTelegramChannel } = await import('../../../src/adapters/telegram/index.js');
    const base = { core: createFakeCore('telegram'), token: '1:x', dedupe: { claim: async () => true } };
    expect(() => createTelegramChannel({ ...base, mode: 'webhook' })).toThrow(/TELEGRAM_WEBHOOK_URL/);
    expect(() =>
      createTelegramChannel({
        ...base,
        mode: 'webhook',
        webhook: { url: 'https://x', secret: 'bad secret!' },
      }),
    ).toThrow(/TELEGRAM_WEBHOOK_SECRET/);
    expect(() => createTelegramChannel({ ...base, token: '', mode: 'polling' })).toThrow(
      /TELEGRAM_BOT_TOKEN/,
    );
  });
});
