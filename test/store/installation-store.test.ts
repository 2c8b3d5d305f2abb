import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkKeyring } from '../../src/store/check-keyring.js';
import { MasterKeyError, UnknownKeyIdError } from '../../src/store/errors.js';
import { createInstallationStore } from '../../src/store/installation-store.js';
import { generateMasterKey, keyringFromKeys } from '../../src/store/master-key.js';
import { createRedisKeyValueStore } from '../../src/store/redis-key-value-store.js';
import { rotateCredentials } from '../../src/store/rotate-credentials.js';
import { createSqliteKeyValueStore } from '../../src/store/sqlite-key-value-store.js';
import { type RedisServer, redisSkipped, startRedisServer } from '../helpers/redis-server.js';

/**
 * Installations (docs/operations.md §5.2) hold a workspace's bot token: sealed at rest with the credential cipher,
 * bound to their id, on a real SQLite file.
 */

const TOKEN = 'xoxb-1111-2222-installation-secret';
const record = { team: { id: 'T1', name: 'Alpha' }, bot: { token: TOKEN, userId: 'UB1' } };

let dir = '';
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = '';
});

async function open(keyring = keyringFromKeys(generateMasterKey())) {
  dir = await mkdtemp(join(tmpdir(), 'installations-'));
  const path = join(dir, 'bot.sqlite');
  const kv = createSqliteKeyValueStore({ path });
  const bytes = async () => {
    const parts = await Promise.all(
      ['', '-wal'].map((s) => readFile(`${path}${s}`).catch(() => Buffer.alloc(0))),
    );
    return Buffer.concat(parts).toString('latin1');
  };
  return { kv, keyring, store: createInstallationStore({ kv, keyring }), bytes };
}

describe('the installation store', () => {
  it('keeps a record, lists its id, and deletes it', async () => {
    const { kv, store } = await open();
    await store.set('team:T1', record);
    expect(await store.get('team:T1')).toEqual(record);
    const ids: string[] = [];
    for await (const id of store.ids()) ids.push(id);
    expect(ids).toEqual(['team:T1']);
    expect(await store.delete('team:T1')).toBe(true);
    expect(await store.get('team:T1')).toBeUndefined();
    expect(await store.delete('team:T1')).toBe(false);
    await kv.close();
  });

  it('never writes the token in plaintext to the SQLite file', async () => {
    const { kv, store, bytes } = await open();
    await store.set('team:T1', record);
    await kv.close();
    const onDisk = await bytes();
    // The scan must see what was written: the sealed record's key is there in clear.
    expect(onDisk).toContain('install:team:T1');
    expect(onDisk).not.toContain(TOKEN);
    expect(onDisk).not.toContain('Alpha');
  });

  it('refuses a record copied under another id (bound to its id)', async () => {
    const { kv, store } = await open();
    await store.set('team:T1', record);
    await kv.set('install:team:T2', await kv.get('install:team:T1'));
    await expect(store.get('team:T2')).rejects.toMatchObject({ code: 'ERR_INSTALLATION_DECRYPT' });
    await kv.close();
  });

  it('reads records of a previous key and names an unknown key id without the token', async () => {
    const old = generateMasterKey();
    const { kv, store } = await open(keyringFromKeys(old));
    await store.set('team:T1', record);
    const rotated = createInstallationStore({ kv, keyring: keyringFromKeys(generateMasterKey(), [old]) });
    expect(await rotated.get('team:T1')).toEqual(record);
    const lost = createInstallationStore({ kv, keyring: keyringFromKeys(generateMasterKey()) });
    const error = await lost.get('team:T1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnknownKeyIdError);
    expect(JSON.stringify(error) + String(error)).not.toContain(TOKEN);
    await kv.close();
  });
});

describe('installations and the master key', () => {
  it('`keys rotate` re-seals installations too; after it the new key alone reads them', async () => {
    const old = generateMasterKey();
    const fresh = generateMasterKey();
    const { kv, store, bytes } = await open(keyringFromKeys(old));
    await store.set('team:T1', record);
    const to = keyringFromKeys(fresh, [old]);
    const first = await rotateCredentials({ kv, from: keyringFromKeys(old), to });
    expect(first).toEqual({ total: 1, rotated: 1, unchanged: 0, failed: [] });
    expect(await rotateCredentials({ kv, from: keyringFromKeys(old), to })).toMatchObject({
      rotated: 0,
      unchanged: 1,
    });
    expect(await createInstallationStore({ kv, keyring: keyringFromKeys(fresh) }).get('team:T1')).toEqual(
      record,
    );
    await kv.close();
    expect(await bytes()).not.toContain(TOKEN);
  });

  it('a start with the wrong master key fails on installations alone, naming the fix', async () => {
    const { kv, store } = await open();
    await store.set('team:T1', record);
    await expect(checkKeyring(kv, keyringFromKeys(generateMasterKey()))).rejects.toBeInstanceOf(
      MasterKeyError,
    );
    await kv.close();
  });

  it('the refusal names what it could not read: Slack installations, not credentials', async () => {
    const { kv, store } = await open();
    await store.set('team:T1', record);
    await expect(checkKeyring(kv, keyringFromKeys(generateMasterKey()))).rejects.toThrow(
      /None of the 1 stored Slack installations decrypts with the configured master key[\s\S]*BOT_ENCRYPTION_KEY/,
    );
    await kv.close();
  });
});

describe.skipIf(redisSkipped)('on Redis (real redis-server)', () => {
  let server: RedisServer;
  beforeAll(async () => {
    server = await startRedisServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('keeps, reads across connections and deletes a sealed installation', async () => {
    const keyring = keyringFromKeys(generateMasterKey());
    const a = await createRedisKeyValueStore({ url: server.url, prefix: 'inst:' });
    const b = await createRedisKeyValueStore({ url: server.url, prefix: 'inst:' });
    await createInstallationStore({ kv: a, keyring }).set('team:T1', record);
    expect(JSON.stringify(await a.get('install:team:T1'))).not.toContain(TOKEN);
    const other = createInstallationStore({ kv: b, keyring });
    expect(await other.get('team:T1')).toEqual(record);
    expect(await other.delete('team:T1')).toBe(true);
    expect(await createInstallationStore({ kv: a, keyring }).get('team:T1')).toBeUndefined();
    await a.close();
    await b.close();
  });
});
