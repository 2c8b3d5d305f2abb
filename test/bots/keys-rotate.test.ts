import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSqliteKeyValueStore,
  createStores,
  formatMasterKey,
  type Keyring,
  keyringFromKeys,
} from '../../src/store/index.js';
import type { CredentialRecord } from '../../src/store/records.js';
import { md5Hex } from '../../src/telephony/index.js';
import { runBot } from './cli-process.js';

/**
 * docs/accounts.md §2.4, key rotation through the real command line, both ways: before `keys rotate`, the bot
 * (new key current, old key previous) still reads records written under the old key; after it, the
 * new key alone reads them all.
 */
describe('`telephony-bot keys rotate` on the SQLite store', () => {
  const oldKey = randomBytes(32);
  const newKey = randomBytes(32);
  const OLD = formatMasterKey(oldKey);
  const NEW = formatMasterKey(newKey);
  let dir: string;
  // `console::tester` is who `start` runs as in runBot (USER=tester): the bot itself reads it.
  const owners = ['console::tester', 'telegram::1001', 'slack:T1:U2'];
  const record = (n: number): CredentialRecord => ({
    credentials: [
      {
        label: 'demo',
        kind: 'account',
        username: 'demo',
        md5: md5Hex('demo'),
        linkedAt: new Date(Date.UTC(2026, 0, n + 1)).toISOString(),
      },
      {
        label: 'demo-cards',
        kind: 'card',
        username: 'cards',
        md5: md5Hex('cards'),
        linkedAt: new Date(Date.UTC(2026, 0, n + 1)).toISOString(),
      },
    ],
    active: 'demo',
  });

  const withStores = async <T>(keyring: Keyring, use: (s: ReturnType<typeof createStores>) => Promise<T>) => {
    const stores = createStores({
      kv: createSqliteKeyValueStore({ path: join(dir, 'telephony-bot.sqlite') }),
      keyring,
    });
    try {
      return await use(stores);
    } finally {
      await stores.close();
    }
  };
  const readAll = (keyring: Keyring) =>
    withStores(keyring, async (s) => Promise.all(owners.map((o) => s.credentials.get(o))));

  const cli = async (args: string[], env: Record<string, string>, stdin?: string) => {
    const bot = runBot(args, { DATA_DIR: dir, ...env });
    if (stdin !== undefined) bot.child.stdin.end(stdin);
    const { code } = await bot.exited;
    return { code, stdout: bot.stdout(), stderr: bot.stderr() };
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tbot-keys-'));
    await withStores(keyringFromKeys(oldKey), async (s) => {
      for (const [i, owner] of owners.entries()) await s.credentials.set(owner, record(i));
    });
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses to run without both keys, and says how to make a new one', async () => {
    const { code, stderr } = await cli(['keys', 'rotate'], { BOT_ENCRYPTION_KEY: NEW });
    expect(code).toBe(2);
    expect(stderr).toContain('BOT_ENCRYPTION_KEY_PREVIOUS');
    expect(stderr).toContain('randomBytes(32)');
  });

  it('before the rotation: the new key alone cannot read the records, new + previous old can', async () => {
    await expect(readAll(keyringFromKeys(newKey))).rejects.toThrow();
    expect(await readAll(keyringFromKeys(newKey, [oldKey]))).toEqual(owners.map((_, i) => record(i)));
  });

  it('before the rotation: the bot with new current and old previous serves the old records', async () => {
    const { code, stdout, stderr } = await cli(
      ['start'],
      { BOT_ENCRYPTION_KEY: NEW, BOT_ENCRYPTION_KEY_PREVIOUS: OLD, SANDBOX_PORT: '0' },
      '/accounts\n/balance\n',
    );
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout).toContain('18.40');
  }, 30_000);

  it('rotates every record, after which the new key alone reads them all and the old key none', async () => {
    const run = await cli(['keys', 'rotate'], { BOT_ENCRYPTION_KEY: NEW, BOT_ENCRYPTION_KEY_PREVIOUS: OLD });
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toContain(`rotated ${owners.length}, already current 0, failed 0 of ${owners.length}`);
    expect(await readAll(keyringFromKeys(newKey))).toEqual(owners.map((_, i) => record(i)));
    await expect(readAll(keyringFromKeys(oldKey))).rejects.toThrow();
    // Idempotent: a second run finds everything current.
    const again = await cli(['keys', 'rotate'], {
      BOT_ENCRYPTION_KEY: NEW,
      BOT_ENCRYPTION_KEY_PREVIOUS: OLD,
    });
    expect(again.stdout).toContain(`rotated 0, already current ${owners.length}, failed 0`);
  }, 30_000);

  it('after the rotation: the bot runs with the new key alone', async () => {
    const { code, stdout, stderr } = await cli(
      ['start'],
      { BOT_ENCRYPTION_KEY: NEW, SANDBOX_PORT: '0' },
      '/balance\n',
    );
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout).toContain('18.40');
  }, 30_000);
});
