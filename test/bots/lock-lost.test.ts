import { utimesSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireInstanceLock, LOCK_STALE_MS } from '../../src/store/instance-lock.js';
import { type BotProcess, freePort, runBot } from './cli-process.js';

/**
 * docs/reliability.md §5.1, a lost lock stops the writer, run as a user runs it: `telephony-bot start` (the
 * console and the embedded sandbox, SQLite in DATA_DIR) as a child process. The takeover is forced
 * from here, as a second bot's start does once the first stood still past the stale bound (a
 * SIGSTOP): the lock file is aged and acquired. The next probe's fencing read finds it at once.
 */
let dir: string;
let bot: BotProcess | undefined;
afterEach(async () => {
  if (bot && bot.child.exitCode === null && bot.child.signalCode === null) bot.child.kill('SIGKILL');
  bot = undefined;
  await rm(dir, { recursive: true, force: true });
});

describe('a lost lock stops the writer', () => {
  it('another owner takes the lock over: /readyz 503 naming it, a log line, exit 1', async () => {
    dir = await mkdtemp(join(tmpdir(), 'tbot-lock-'));
    const port = await freePort();
    bot = runBot(['start'], { DATA_DIR: dir, SANDBOX_PORT: '0', HEALTH_PORT: String(port) });
    await bot.waitFor('telephony-bot is running');
    const readyz = () => fetch(`http://127.0.0.1:${port}/readyz`);
    expect((await readyz()).status).toBe(200);
    const lock = join(dir, 'telephony-bot.sqlite.lock');
    const past = new Date(Date.now() - LOCK_STALE_MS - 1000);
    utimesSync(lock, past, past);
    const second = acquireInstanceLock({ path: lock, store: lock, heartbeatMs: 3_600_000 });
    try {
      const answer = await readyz();
      expect(answer.status).toBe(503);
      expect(await answer.text()).toMatch(/not ready: .*store lock/);
      expect((await bot.exited).code).toBe(1);
      const log = await readFile(join(dir, 'telephony-bot.log'), 'utf8');
      expect(log).toMatch(/store LOCK LOST/);
    } finally {
      second.release();
    }
  }, 30_000);
});
