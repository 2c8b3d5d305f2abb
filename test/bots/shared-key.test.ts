import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMasterKey, generateMasterKey } from '../../src/store/master-key.js';
import { type RedisServer, redisSkipped, startRedisServer } from '../helpers/redis-server.js';
import { runBot } from './cli-process.js';

/**
 * With REDIS_URL the instances share one store, so they must share one key (docs/operations.md §3.3):
 * a key of its own per replica (compose's `${BOT_ENCRYPTION_KEY:-}` gives none) would lock the
 * second out once credentials exist. The start refuses instead of generating one; a key file
 * already in DATA_DIR still starts, with a warning to move it into BOT_ENCRYPTION_KEY.
 */
describe('REDIS_URL without BOT_ENCRYPTION_KEY', () => {
  let dir: string;
  let redis: RedisServer | undefined;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tbot-shared-key-'));
  });
  afterAll(async () => {
    await redis?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses the start (exit 2) naming BOT_ENCRYPTION_KEY, and generates no key', async () => {
    const data = join(dir, 'fresh');
    const bot = runBot(['start'], {
      DATA_DIR: data,
      REDIS_URL: 'redis://127.0.0.1:1',
      CONSOLE: '0',
      SANDBOX: '1',
    });
    const { code } = await bot.exited;
    expect(code).toBe(2);
    expect(bot.stderr()).toContain('BOT_ENCRYPTION_KEY');
    expect(bot.stderr()).toContain('REDIS_URL');
    expect(bot.stdout()).toBe('');
    expect(existsSync(join(data, 'master.key'))).toBe(false);
  }, 30_000);

  it.skipIf(redisSkipped)(
    'a key file already in DATA_DIR still starts, with a warning to move it',
    async () => {
      redis = await startRedisServer();
      const data = join(dir, 'old');
      mkdirSync(data, { mode: 0o700 });
      writeFileSync(join(data, 'master.key'), `${formatMasterKey(generateMasterKey())}\n`, { mode: 0o600 });
      const bot = runBot(['start'], { DATA_DIR: data, REDIS_URL: redis.url, CONSOLE: '0', HEALTH_PORT: '0' });
      try {
        await bot.waitFor('telephony-bot is running');
        expect(bot.stderr()).toContain(`${join(data, 'master.key')}`);
        expect(bot.stderr()).toContain('move it into BOT_ENCRYPTION_KEY');
        bot.child.kill('SIGTERM');
        expect((await bot.exited).code).toBe(0);
      } finally {
        bot.child.kill('SIGKILL');
      }
    },
    30_000,
  );
});
