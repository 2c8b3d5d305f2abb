import { afterEach, describe, expect, it } from 'vitest';
import { TelegramSetupError } from '../../../src/adapters/telegram/index.js';
import { createFakeCore } from '../../helpers/fake-core.js';
import { FakeTelegram } from '../../helpers/fake-telegram.js';
import { gate, type Harness, startHarness } from './harness.js';

/**
 * docs/operations.md §1.2, channel set-up that survives the platform's refusals: a "later" answer (429 with
 * `retry_after`, 5xx, no answer) is retried with backoff; a permanent refusal fails the start at
 * once with Telegram's own description; `receiving()` (and so `/readyz`) is false until the webhook
 * is really registered. The waits are recorded by an injected sleep, never measured.
 */
const SECRET = 'wh_secret-123';
let h: Harness | undefined;
let telegram: FakeTelegram;

afterEach(async () => {
  await h?.close();
  h = undefined;
  await telegram?.close();
});

/** A sleep that records each delay and resolves at once, or when the test releases it. */
function recordingSleep(hold?: Promise<void>) {
  const delays: number[] = [];
  return {
    delays,
    sleep: async (ms: number) => {
      delays.push(ms);
      if (hold) await hold;
    },
  };
}

async function webhookHarness(url: string, sleep: (ms: number) => Promise<void>) {
  telegram = await FakeTelegram.start();
  h = await startHarness(
    createFakeCore('telegram'),
    { mode: 'webhook', webhook: { url, secret: SECRET }, setupRetry: { sleep } },
    { telegram },
    false,
  );
  return h;
}

const readyz = async (harness: Harness) =>
  (await fetch(`http://127.0.0.1:${harness.server!.port}/readyz`)).status;

describe('Telegram start-up', () => {
  it('setWebhook answered 429: waits retry_after, retries, and is not ready until registered', async () => {
    const release = gate();
    const { sleep, delays } = recordingSleep(release.promise);
    const harness = await webhookHarness('https://bot.example/telegram/webhook', sleep);
    telegram.failNext('setWebhook', 1, {
      ok: false,
      error_code: 429,
      description: 'Too Many Requests: retry after 3',
      parameters: { retry_after: 3 },
    });
    const starting = harness.channel.start();
    await telegram.waitForCall('setWebhook');
    // Held in the retry wait: the webhook is not registered, so not receiving and not ready.
    await expect.poll(() => delays).toEqual([3000]);
    expect(harness.channel.receiving()).toBe(false);
    expect(await readyz(harness)).toBe(503);
    release.open();
    await starting;
    expect(telegram.callsOf('setWebhook').map((c) => c.response.ok)).toEqual([false, true]);
    expect(telegram.webhook?.url).toBe('https://bot.example/telegram/webhook');
    expect(harness.channel.receiving()).toBe(true);
    expect(await readyz(harness)).toBe(200);
  });

  it("an http webhook URL fails the start at once with Telegram's description", async () => {
    const { sleep, delays } = recordingSleep();
    const harness = await webhookHarness('http://bot.example/telegram/webhook', sleep);
    const error = await harness.channel.start().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TelegramSetupError);
    expect(error).toMatchObject({
      method: 'setWebhook',
      errorCode: 400,
      description: 'Bad Request: bad webhook: An HTTPS URL must be provided for webhook',
    });
    expect(telegram.callsOf('setWebhook')).toHaveLength(1);
    expect(delays).toEqual([]);
    expect(harness.channel.receiving()).toBe(false);
  });

  it('a port Telegram does not post to is refused for good too', async () => {
    const { sleep } = recordingSleep();
    const harness = await webhookHarness('https://bot.example:8444/telegram/webhook', sleep);
    await expect(harness.channel.start()).rejects.toMatchObject({
      description: 'Bad Request: bad webhook: Webhook can be set up only on ports 80, 88, 443 or 8443',
    });
  });

  it('serves the path of the webhook URL, so what Telegram posts to is never a 404', async () => {
    const { sleep } = recordingSleep();
    const harness = await webhookHarness('https://bot.example/hook', sleep);
    await harness.channel.start();
    const res = await fetch(`http://127.0.0.1:${harness.server!.port}/hook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': SECRET },
      body: JSON.stringify({ update_id: 1 }),
    });
    expect(res.status).toBe(200);
  });

  it('answers an oversized webhook body with 413 instead of resetting the connection', async () => {
    const { sleep } = recordingSleep();
    const harness = await webhookHarness('https://bot.example/telegram/webhook', sleep);
    await harness.channel.start();
    const res = await fetch(`http://127.0.0.1:${harness.server!.port}/telegram/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': SECRET },
      body: JSON.stringify({ update_id: 2, pad: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.status).toBe(413);
  });

  it('deleteWebhook answered 429 in polling mode: retried, then polling starts', async () => {
    const { sleep, delays } = recordingSleep();
    telegram = await FakeTelegram.start();
    telegram.failNext('deleteWebhook', 1);
    h = await startHarness(createFakeCore('telegram'), { setupRetry: { sleep } }, { telegram });
    expect(delays).toEqual([1000]);
    expect(telegram.callsOf('deleteWebhook').map((c) => c.response.ok)).toEqual([false, true]);
    expect(h.channel.receiving()).toBe(true);
  });

  it('5xx answers are retried with a doubling backoff', async () => {
    const { sleep, delays } = recordingSleep();
    telegram = await FakeTelegram.start();
    telegram.failNext('getMe', 2, { ok: false, error_code: 502, description: 'Bad Gateway' });
    h = await startHarness(createFakeCore('telegram'), { setupRetry: { sleep } }, { telegram });
    expect(delays).toEqual([500, 1000]);
    expect(h.channel.receiving()).toBe(true);
  });

  it('a refused token fails at once with 401 and retries nothing', async () => {
    const { sleep, delays } = recordingSleep();
    telegram = await FakeTelegram.start();
    const harness = await startHarness(
      createFakeCore('telegram'),
      { token: '999:wrong-token-wrong-token', setupRetry: { sleep } },
      { telegram },
      false,
    );
    h = harness;
    await expect(harness.channel.start()).rejects.toMatchObject({
      name: 'TelegramSetupError',
      method: 'getMe',
      errorCode: 401,
      description: 'Unauthorized',
    });
    expect(delays).toEqual([]);
  });

  it('no answer at all: retried up to the bound, then fails naming the network', async () => {
    const { sleep, delays } = recordingSleep();
    telegram = await FakeTelegram.start();
    const apiRoot = telegram.apiRoot;
    await telegram.close();
    const harness = await startHarness(
      createFakeCore('telegram'),
      { apiRoot, setupRetry: { sleep, maxAttempts: 3 } },
      await (async () => {
        telegram = await FakeTelegram.start();
        return { telegram };
      })(),
      false,
    );
    h = harness;
    await expect(harness.channel.start()).rejects.toMatchObject({
      name: 'TelegramSetupError',
      method: 'getMe',
      errorCode: undefined,
    });
    expect(delays).toEqual([500, 1000]);
  });
});
