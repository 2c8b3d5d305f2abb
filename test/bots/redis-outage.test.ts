import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeTelegram } from '../helpers/fake-telegram.js';
import { freePort } from '../helpers/free-port.js';
import { httpCall } from '../helpers/http-call.js';
import { type RedisServer, redisSkipped, startRedisServer } from '../helpers/redis-server.js';
import { runBot } from './cli-process.js';

/**
 * A store outage (docs/reliability.md §5.2) from outside: `telephony-bot start` in Telegram webhook mode on Redis; Redis is
 * killed and started again on the same port. While it is down: `/readyz` 503, the webhook 503 (so
 * Telegram redelivers later), and the loss is logged. Once it is back the bot is ready again by
 * itself, and a redelivered command older than COMMAND_MAX_AGE_MS is not run late.
 */
const SECRET = 'outage_secret-123456';

describe.skipIf(redisSkipped)('a Redis outage is loud and safe', () => {
  let dir: string;
  let redis: RedisServer | undefined;
  let telegram: FakeTelegram | undefined;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tbot-outage-'));
  });
  afterEach(async () => {
    await telegram?.close();
    await redis?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('webhook and /readyz answer 503 while Redis is down, the error is logged, and the bot recovers', async () => {
    redis = await startRedisServer();
    telegram = await FakeTelegram.start({ token: '123456:outage-test-token-abcdefgh' });
    const port = await freePort();
    const bot = runBot(['start'], {
      DATA_DIR: dir,
      SANDBOX_PORT: '0',
      REDIS_URL: redis.url,
      // Instances on one Redis share one key (docs/operations.md §3.3).
      BOT_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      TELEGRAM_BOT_TOKEN: telegram.token,
      TELEGRAM_API_ROOT: telegram.apiRoot,
      TELEGRAM_MODE: 'webhook',
      TELEGRAM_WEBHOOK_URL: 'https://bot.example/telegram/webhook',
      TELEGRAM_WEBHOOK_SECRET: SECRET,
      TELEGRAM_WEBHOOK_PORT: String(port),
      COMMAND_MAX_AGE_MS: '30000',
    });
    const now = () => Math.floor(Date.now() / 1000);
    const update = (id: number, text: string, date = now()) => ({
      update_id: id,
      message: {
        message_id: id,
        date,
        chat: { id: 7, type: 'private' },
        from: { id: 7, is_bot: false, first_name: 'Ann' },
        text,
      },
    });
    try {
      await bot.waitFor('telephony-bot is running');
      expect((await call(port, '/readyz')).status).toBe(200);

      const redisPort = redis.port;
      await redis.stop();
      // The bot notices the closed connection by itself; poll its answer, not a clock.
      let ready = 200;
      for (let i = 0; i < 200 && ready === 200; i++) {
        ready = (await call(port, '/readyz')).status;
        if (ready === 200) await new Promise((r) => setTimeout(r, 25));
      }
      expect(ready).toBe(503);
      expect((await call(port, '/telegram/webhook', update(1, '/help'))).status).toBe(503);
      // The log line is written asynchronously after the client's 'error' event: wait for it, not a clock.
      await untilLogged(bot, /shared store \(Redis\) unreachable/);
      expect(bot.stderr()).toMatch(/shared store \(Redis\) unreachable/);

      redis = await startRedisServer({ port: redisPort });
      for (let i = 0; i < 400 && ready !== 200; i++) {
        ready = (await call(port, '/readyz')).status;
        if (ready !== 200) await new Promise((r) => setTimeout(r, 25));
      }
      expect(ready).toBe(200);
      await untilLogged(bot, /shared store \(Redis\) reachable again/);
      expect(bot.stderr()).toMatch(/shared store \(Redis\) reachable again/);

      // Telegram redelivers the update now: it is fresh, so it runs.
      const mark = telegram.mark();
      expect((await call(port, '/telegram/webhook', update(1, '/help'))).status).toBe(200);
      const help = await telegram.waitForCall('sendMessage', () => true, { after: mark });
      expect(String(help.payload.text)).toMatch(/\/balance/);

      // A call sent 45 s ago (held through a longer outage) is not run late …
      const mark2 = telegram.mark();
      const lateCall = update(2, '/call +49 30 1234567 +49 176 1234567', now() - 45);
      expect((await call(port, '/telegram/webhook', lateCall)).status).toBe(200);
      const late = await telegram.waitForCall('sendMessage', () => true, { after: mark2 });
      expect(late.payload.text).toContain(
        'Your /call reached me late, so I did not run it. Send it again if you still want it.',
      );
      // … while a read of the same age answers: the age rule is for never-retry operations only.
      const mark3 = telegram.mark();
      expect((await call(port, '/telegram/webhook', update(3, '/help', now() - 45))).status).toBe(200);
      const read = await telegram.waitForCall('sendMessage', () => true, { after: mark3 });
      expect(String(read.payload.text)).not.toContain('reached me late');
      expect(String(read.payload.text)).toMatch(/\/balance/);
    } finally {
      bot.child.kill('SIGKILL');
      await bot.exited;
    }
  }, 60_000);
});

function call(port: number, path: string, body?: unknown) {
  return httpCall(port, path, body, { 'x-telegram-bot-api-secret-token': SECRET });
}

/** Polls the bot's stderr (bounded) until `pattern` shows; the assertion after it says what failed. */
async function untilLogged(bot: { stderr(): string }, pattern: RegExp): Promise<void> {
  for (let i = 0; i < 400 && !pattern.test(bot.stderr()); i++) await new Promise((r) => setTimeout(r, 25));
}
