import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freePort, providerReached, runBot, sandboxRequests } from './cli-process.js';

/**
 * docs/reliability.md §6.1, graceful shutdown: a command in flight when SIGTERM arrives is finished and answered,
 * and the process exits 0. The embedded sandbox answers after SANDBOX_LATENCY_MS, so the command
 * is still waiting on the provider when the signal comes.
 */
describe('graceful shutdown of `telephony-bot start`', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tbot-shutdown-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('SIGTERM while /balance waits on the provider: the reply still arrives, exit code 0', async () => {
    const bot = runBot(['start'], {
      DATA_DIR: dir,
      SANDBOX_PORT: '0',
      SANDBOX_LATENCY_MS: '3000',
      SHUTDOWN_TIMEOUT_MS: '20000',
    });
    try {
      await bot.waitFor('Type /help for the commands');
      const before = await sandboxRequests(bot);
      bot.child.stdin.write('/balance\n');
      // Once the provider has the request it holds it for 3 s: the signal comes while it waits.
      await providerReached(bot, before);
      expect(bot.stdout()).not.toContain('== Balance ==');
      bot.child.kill('SIGTERM');
      const { code, signal } = await bot.exited;
      expect({ code, signal, stderr: bot.stderr() }).toEqual({ code: 0, signal: null, stderr: '' });
      expect(bot.stdout()).toContain('== Balance ==');
      expect(bot.stdout()).toContain('18.40');
      expect(bot.stdout()).not.toContain('restarting right now');
      const log = (await readFile(join(dir, 'telephony-bot.log'), 'utf8'))
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      const order = log.map((l) => (l.msg === 'command' ? `command:${l.outcome}` : l.msg));
      // The signal came first; the command finished during the drain; then the process stopped.
      expect(order.indexOf('shutting down')).toBeGreaterThanOrEqual(0);
      expect(order.indexOf('shutting down')).toBeLessThan(order.indexOf('command:ok'));
      expect(order.indexOf('command:ok')).toBeLessThan(order.indexOf('stopped'));
      expect(log.find((l) => l.msg === 'shutting down')?.signal).toBe('SIGTERM');
    } finally {
      if (bot.child.exitCode === null) bot.child.kill('SIGKILL');
    }
  }, 30_000);

  it('with HEALTH_PORT and no console: /healthz and /readyz answer 200; SIGTERM exits 0', async () => {
    const port = await freePort();
    const bot = runBot(['start'], {
      DATA_DIR: dir,
      SANDBOX_PORT: '0',
      CONSOLE: 'false',
      HEALTH_PORT: String(port),
    });
    try {
      await bot.waitFor('telephony-bot is running');
      const get = async (path: string) => (await fetch(`http://127.0.0.1:${port}${path}`)).status;
      expect(await get('/healthz')).toBe(200);
      expect(await get('/readyz')).toBe(200);
      bot.child.kill('SIGTERM');
      const { code, signal } = await bot.exited;
      expect({ code, signal }).toEqual({ code: 0, signal: null });
      // Without the console, the JSON log goes to stderr.
      const log = bot
        .stderr()
        .split('\n')
        .filter(Boolean)
        .map((l) => (JSON.parse(l) as { msg: string }).msg);
      expect(log).toEqual(expect.arrayContaining(['shutting down', 'stopped']));
      await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
    } finally {
      if (bot.child.exitCode === null) bot.child.kill('SIGKILL');
    }
  }, 30_000);

  it('SIGTERM when idle exits 0', async () => {
    const bot = runBot(['start'], { DATA_DIR: dir, SANDBOX_PORT: '0' });
    try {
      await bot.waitFor('Type /help for the commands');
      bot.child.kill('SIGTERM');
      const { code, signal } = await bot.exited;
      expect({ code, signal }).toEqual({ code: 0, signal: null });
    } finally {
      if (bot.child.exitCode === null) bot.child.kill('SIGKILL');
    }
  }, 30_000);
});
