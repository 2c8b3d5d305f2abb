import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/core/logs/logger.js';
import { createBullmqJobs, QUEUE_NAME, QUEUE_PREFIX } from '../../src/jobs/bullmq-jobs.js';
import { freePort, runBot } from '../bots/cli-process.js';
import { type RedisServer, redisSkipped, startRedisServer } from '../helpers/redis-server.js';
import { SCHEDULES } from '../helpers/schedules.js';

/**
 * The proactive jobs from outside (docs/operations.md §7): a bot started on Redis declares its
 * schedules, shows the queue on `/readyz` and stops its worker on SIGTERM; `telephony-bot jobs
 * failed` lists a job that failed all its tries with its safe reason, and `jobs retry` runs it again.
 */
describe.skipIf(redisSkipped)('telephony-bot on Redis: jobs', () => {
  let redis: RedisServer;
  let dir: string;
  beforeAll(async () => {
    redis = await startRedisServer();
    dir = await mkdtemp(join(tmpdir(), 'tbot-jobs-'));
  });
  afterAll(async () => {
    await redis?.stop();
    await rm(dir, { recursive: true, force: true });
  });
  const run = async (args: string[], env: Record<string, string> = { REDIS_URL: redis.url }) => {
    const bot = runBot(['jobs', ...args], { DATA_DIR: dir, ...env });
    const { code } = await bot.exited;
    return { code, out: bot.stdout(), err: bot.stderr() };
  };

  it('`start` declares the schedules, shows the queue on /readyz, and exits 0 on SIGTERM', async () => {
    const port = await freePort();
    const bot = runBot(['start'], {
      DATA_DIR: join(dir, 'bot'),
      SANDBOX_PORT: '0',
      CONSOLE: 'false',
      HEALTH_PORT: String(port),
      REDIS_URL: redis.url,
      // Instances on one Redis share one key (docs/operations.md §3.3).
      BOT_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    });
    const queue = new Queue(QUEUE_NAME, { connection: { url: redis.url }, prefix: QUEUE_PREFIX });
    try {
      await bot.waitFor('telephony-bot is running');
      let body = '';
      for (let i = 0; i < 200 && !body.includes('jobs: '); i++) {
        body = await (await fetch(`http://127.0.0.1:${port}/readyz`)).text();
        await new Promise((r) => setTimeout(r, 25));
      }
      expect(body).toMatch(
        /^ready\njobs: \d+ waiting, \d+ active, \d+ delayed, 0 failed; here \d+ done, 0 failed\n$/,
      );
      expect((await queue.getJobSchedulers()).map((s) => s.key).sort()).toEqual([...SCHEDULES]);
      bot.child.kill('SIGTERM');
      expect(await bot.exited).toEqual({ code: 0, signal: null });
      expect(bot.stderr()).toContain('"msg":"stopped"');
      expect(bot.stderr()).not.toContain('abandoned');
    } finally {
      if (bot.child.exitCode === null) bot.child.kill('SIGKILL');
      // The next test starts from an empty queue: none of this bot's schedules or ticks.
      await queue.obliterate({ force: true });
      await queue.close();
    }
  }, 30_000);

  it('lists a job that kept failing and retries it; explains itself without Redis', async () => {
    // One digest job that fails on its only try (the kind throws), in the bot's own queue.
    const jobs = createBullmqJobs({
      url: redis.url,
      kinds: [
        {
          name: 'digests',
          pattern: '0 0 1 1 *',
          items: async () => ['d1'],
          run: async () => {
            throw Object.assign(new Error('+49 30 1234567 refused'), { code: 'TEL_TIMEOUT' });
          },
        },
      ],
      perSecond: 100,
      concurrency: 1,
      retry: { attempts: 1 },
      logger: silentLogger,
    });
    await jobs.start();
    await jobs.trigger('digests');
    for (let i = 0; i < 400 && (await jobs.readDepths()).failed === 0; i++)
      await new Promise((r) => setTimeout(r, 25));
    await jobs.stop();

    const listed = await run(['failed']);
    expect(listed.code).toBe(0);
    expect(listed.out).toMatch(/^1 failed job\n/);
    expect(listed.out).toMatch(/\tdigests item\t1 attempts\t.*\tError, code TEL_TIMEOUT\n/);
    // The error's message (a phone number here) never reaches the failed set.
    expect(listed.out).not.toContain('1234567');
    const id = listed.out.split('\n')[1]!.split('\t')[0]!;
    expect(await run(['retry', 'no-such-job'])).toMatchObject({ code: 1 });
    expect(await run(['retry', id])).toMatchObject({ code: 0, out: 'moved 1 failed job back to waiting\n' });
    expect((await run(['failed'])).out).toBe('0 failed jobs\n');

    expect(await run(['retry'])).toMatchObject({ code: 2 });
    // A mistyped option is refused, naming the fix, not read as the default.
    for (const bad of [
      ['failed', '--limit', 'ten'],
      ['failed', '--limt', '5'],
      ['failed', '--limit', '0'],
    ]) {
      const r = await run(bad);
      expect(r.code, bad.join(' ')).toBe(2);
      expect(r.err).toContain('--limit 50');
    }
    const without = await run(['failed'], {});
    expect(without.code).toBe(2);
    expect(without.err).toContain('Without REDIS_URL');
  });
});
