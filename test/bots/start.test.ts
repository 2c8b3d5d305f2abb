import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeSlack } from '../helpers/fake-slack.js';
import { startFakeSocketMode } from '../helpers/fake-slack-socket.js';
import { FakeTelegram } from '../helpers/fake-telegram.js';
import { type BotProcess, freePort, providerReached, runBot, sandboxRequests } from './cli-process.js';

/**
 * docs/operations.md §1.1, start is all or nothing, run as a user runs it: `telephony-bot start` as a child
 * process against the fake Bot API. A failed start prints one message naming the fix and exits
 * non-zero (the test awaits the exit: a process that lingers fails by the test's timeout); a
 * successful one reports ready only once the channel really receives.
 */
const TOKEN = '123456:TEST-token-0123456789abcdef';
const SECRET = 'wh_secret-0123456789';
let dir: string;
let telegram: FakeTelegram;
let bot: BotProcess | undefined;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tbot-start-'));
  telegram = await FakeTelegram.start({ token: TOKEN });
});
afterEach(async () => {
  if (bot && bot.child.exitCode === null && bot.child.signalCode === null) bot.child.kill('SIGKILL');
  bot = undefined;
  await telegram.close();
  await rm(dir, { recursive: true, force: true });
});

const telegramEnv = (extra: Record<string, string> = {}) => ({
  DATA_DIR: dir,
  SANDBOX_PORT: '0',
  TELEGRAM_BOT_TOKEN: TOKEN,
  TELEGRAM_API_ROOT: telegram.apiRoot,
  ...extra,
});

const slackEnv = (apiUrl: string, extra: Record<string, string> = {}) => ({
  DATA_DIR: dir,
  SANDBOX_PORT: '0',
  SLACK_BOT_TOKEN: 'xoxb-test',
  SLACK_APP_TOKEN: 'xapp-1-A1-test',
  SLACK_API_URL: apiUrl,
  ...extra,
});

const status = async (port: number, path: string) => (await fetch(`http://127.0.0.1:${port}${path}`)).status;

describe('telephony-bot start', () => {
  it('Telegram polling with HEALTH_PORT (the Docker set-up): one server, ready, exit 0 on SIGTERM', async () => {
    const port = await freePort();
    bot = runBot(['start'], telegramEnv({ HEALTH_PORT: String(port) }));
    await bot.waitFor('telephony-bot is running');
    expect(bot.stdout()).toContain(`http:     port ${port}`);
    expect(await status(port, '/healthz')).toBe(200);
    expect(await status(port, '/readyz')).toBe(200);
    bot.child.kill('SIGTERM');
    expect(await bot.exited).toEqual({ code: 0, signal: null });
  }, 30_000);

  it('a webhook Telegram refuses for good: one message with its description, exit 1, nothing left', async () => {
    const port = await freePort();
    bot = runBot(
      ['start'],
      telegramEnv({
        TELEGRAM_MODE: 'webhook',
        TELEGRAM_WEBHOOK_URL: 'https://bot.example:8444/telegram/webhook',
        TELEGRAM_WEBHOOK_SECRET: SECRET,
        TELEGRAM_WEBHOOK_PORT: String(port),
      }),
    );
    expect(await bot.exited).toEqual({ code: 1, signal: null });
    const stderr = bot.stderr();
    expect(stderr).toContain(
      'telephony-bot could not start: Telegram refused setWebhook: Bad Request: bad webhook: Webhook can be set up only on ports 80, 88, 443 or 8443',
    );
    expect(stderr).toContain('Check TELEGRAM_WEBHOOK_URL');
    expect(stderr.match(/could not start/g)).toHaveLength(1);
    expect(telegram.callsOf('setWebhook')).toHaveLength(1);
    expect(bot.stdout()).not.toContain('is running');
    // The port it served during the start is closed again.
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  }, 30_000);

  it('setWebhook answered 429 once: waits retry_after, registers, serves the webhook and is ready', async () => {
    const port = await freePort();
    telegram.failNext('setWebhook', 1);
    bot = runBot(
      ['start'],
      telegramEnv({
        TELEGRAM_MODE: 'webhook',
        TELEGRAM_WEBHOOK_URL: 'https://bot.example/hook',
        TELEGRAM_WEBHOOK_SECRET: SECRET,
        TELEGRAM_WEBHOOK_PORT: String(port),
      }),
    );
    await bot.waitFor('telephony-bot is running');
    expect(telegram.callsOf('setWebhook').map((c) => c.response.ok)).toEqual([false, true]);
    expect(telegram.webhook).toEqual({ url: 'https://bot.example/hook', secret_token: SECRET });
    expect(await status(port, '/readyz')).toBe(200);
    // The path of the URL is what the server serves.
    const res = await fetch(`http://127.0.0.1:${port}/hook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': SECRET },
      body: JSON.stringify({ update_id: 5 }),
    });
    expect(res.status).toBe(200);
    bot.child.kill('SIGTERM');
    expect(await bot.exited).toEqual({ code: 0, signal: null });
  }, 30_000);

  it('deleteWebhook answered 429 once: a polling bot retries and starts', async () => {
    telegram.failNext('deleteWebhook', 1);
    bot = runBot(['start'], telegramEnv());
    await bot.waitFor('telephony-bot is running');
    expect(telegram.callsOf('deleteWebhook').map((c) => c.response.ok)).toEqual([false, true]);
    bot.child.kill('SIGTERM');
    expect(await bot.exited).toEqual({ code: 0, signal: null });
  }, 30_000);

  it('a refused bot token exits 1 at once, naming BotFather', async () => {
    bot = runBot(['start'], telegramEnv({ TELEGRAM_BOT_TOKEN: '999:wrong-token-0123456789abcdef' }));
    expect(await bot.exited).toEqual({ code: 1, signal: null });
    expect(bot.stderr()).toContain('Telegram refused getMe: Unauthorized');
    expect(bot.stderr()).toContain('@BotFather');
  }, 30_000);

  it('the HTTP port in use: exits 1 naming the variable to change', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '0.0.0.0', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      bot = runBot(['start'], telegramEnv({ HEALTH_PORT: String(port) }));
      expect(await bot.exited).toEqual({ code: 1, signal: null });
      expect(bot.stderr()).toContain(`the port ${port} is in use`);
      expect(bot.stderr()).toContain('HEALTH_PORT');
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  }, 30_000);

  it('a master key that decrypts none of the stored credentials: exits 1 naming the fix (docs/reliability.md §5.5)', async () => {
    // A first run links the demo account under the generated key file.
    const first = runBot(['start'], { DATA_DIR: dir, SANDBOX_PORT: '0' });
    await first.waitFor('Type /help');
    first.child.stdin.end();
    expect((await first.exited).code).toBe(0);
    bot = runBot(['start'], {
      DATA_DIR: dir,
      SANDBOX_PORT: '0',
      BOT_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    });
    expect(await bot.exited).toEqual({ code: 1, signal: null });
    expect(bot.stderr()).toContain(
      'None of the 1 stored credentials decrypts with the configured master key',
    );
    expect(bot.stderr()).toContain('BOT_ENCRYPTION_KEY');
    expect(bot.stdout()).not.toContain('is running');
  }, 30_000);

  it('production mode refuses the demo sandbox and a bot with no channel, unless SANDBOX=1', async () => {
    bot = runBot(['start'], { DATA_DIR: dir, NODE_ENV: 'production' });
    expect(await bot.exited).toEqual({ code: 2, signal: null });
    expect(bot.stderr()).toContain('TELEPHONY_BASE_URL: NODE_ENV=production needs the provider address');
    expect(bot.stderr()).toContain('TELEGRAM_BOT_TOKEN or SLACK_BOT_TOKEN');
    bot = runBot(['start'], { DATA_DIR: dir, SANDBOX_PORT: '0', NODE_ENV: 'production', SANDBOX: '1' });
    await bot.waitFor('embedded sandbox');
    bot.child.kill('SIGTERM');
    expect((await bot.exited).code).toBe(0);
  }, 30_000);

  it('an http webhook URL is refused by the configuration check, before any call', async () => {
    bot = runBot(
      ['start'],
      telegramEnv({
        TELEGRAM_MODE: 'webhook',
        TELEGRAM_WEBHOOK_URL: 'http://bot.example/telegram/webhook',
        TELEGRAM_WEBHOOK_SECRET: SECRET,
      }),
    );
    expect(await bot.exited).toEqual({ code: 2, signal: null });
    expect(bot.stderr()).toContain('TELEGRAM_WEBHOOK_URL must start with https://');
    expect(telegram.calls).toHaveLength(0);
  }, 30_000);
});

describe('Slack start-up through the process', () => {
  it('Socket Mode on SLACK_API_URL: ready on HEALTH_PORT once the socket said hello', async () => {
    const socket = await startFakeSocketMode();
    const slack = await startFakeSlack({ socketModeUrl: () => socket.nextUrl() });
    const port = await freePort();
    try {
      bot = runBot(['start'], slackEnv(slack.apiUrl, { HEALTH_PORT: String(port) }));
      await bot.waitFor('telephony-bot is running');
      expect(bot.stdout()).toContain('slack (Socket Mode)');
      expect(socket.connections).toBe(1);
      expect(await status(port, '/readyz')).toBe(200);
      bot.child.kill('SIGTERM');
      expect(await bot.exited).toEqual({ code: 0, signal: null });
    } finally {
      await slack.close();
      await socket.close();
    }
  }, 30_000);

  it('apps.connections.open refused: exit 1 naming SLACK_APP_TOKEN', async () => {
    const slack = await startFakeSlack({});
    try {
      bot = runBot(['start'], slackEnv(slack.apiUrl));
      expect(await bot.exited).toEqual({ code: 1, signal: null });
      expect(bot.stderr()).toContain('Slack refused apps.connections.open: invalid_auth');
      expect(bot.stderr()).toContain('Check SLACK_APP_TOKEN');
    } finally {
      await slack.close();
    }
  }, 30_000);
});

describe('shutdown always ends (docs/reliability.md §6.2)', () => {
  it('a command stuck on the provider past SHUTDOWN_TIMEOUT_MS is abandoned by name, exit 1', async () => {
    bot = runBot(['start'], {
      DATA_DIR: dir,
      SANDBOX_PORT: '0',
      SANDBOX_LATENCY_MS: '600000',
      TELEPHONY_TIMEOUT_MS: '120000',
      SHUTDOWN_TIMEOUT_MS: '300',
    });
    await bot.waitFor('Type /help');
    const before = await sandboxRequests(bot);
    bot.child.stdin.write('/balance\n');
    // The provider holds the request once it has it (as in shutdown.test.ts).
    await providerReached(bot, before);
    bot.child.kill('SIGTERM');
    expect(await bot.exited).toEqual({ code: 1, signal: null });
    const log = await readFile(join(dir, 'telephony-bot.log'), 'utf8');
    const line = log
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { msg: string; abandoned?: string[] })
      .find((l) => l.msg.startsWith('shutdown timed out'));
    expect(line?.abandoned).toContain('commands in flight');
  }, 30_000);
});
