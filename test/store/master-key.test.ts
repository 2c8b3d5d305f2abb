import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MasterKeyError } from '../../src/store/errors.js';
import {
  formatMasterKey,
  generateMasterKey,
  keyIdOf,
  keyringFromKeys,
  loadOrCreateMasterKeyFile,
  parseMasterKey,
} from '../../src/store/master-key.js';

const dir = mkdtempSync(join(tmpdir(), 'telephony-bot-key-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('parseMasterKey', () => {
  const key = generateMasterKey();

  it('reads hex, base64 and URL-safe base64 of 32 bytes, with surrounding whitespace', () => {
    expect(parseMasterKey(key.toString('hex'))).toEqual(key);
    expect(parseMasterKey(` ${key.toString('base64')}\n`)).toEqual(key);
    expect(parseMasterKey(key.toString('base64url'))).toEqual(key);
  });

  it.each([
    ['empty', ''],
    ['too short', generateMasterKey().subarray(0, 16).toString('base64')],
    ['too long hex', Buffer.alloc(33).toString('hex')],
    ['a passphrase', 'correct horse battery staple'],
  ])('refuses %s and names the setting and the fix', (_, text) => {
    expect(() => parseMasterKey(text)).toThrow(MasterKeyError);
    expect(() => parseMasterKey(text)).toThrow(/BOT_ENCRYPTION_KEY.*openssl rand -base64 32/s);
    expect(() => parseMasterKey(text, 'BOT_ENCRYPTION_KEY_PREVIOUS')).toThrow(/BOT_ENCRYPTION_KEY_PREVIOUS/);
  });

  it('never puts the key text into the error', () => {
    const almost = key.toString('hex').slice(0, 62);
    const error = (() => {
      try {
        parseMasterKey(almost);
      } catch (e) {
        return e as Error;
      }
      throw new Error('parseMasterKey accepted a short key');
    })();
    expect(error.message).not.toContain(almost);
  });
});

describe('key ids', () => {
  it('derives a stable id per key and different ids for different keys', () => {
    const a = generateMasterKey();
    expect(keyIdOf(a)).toBe(keyIdOf(Buffer.from(a)));
    expect(keyIdOf(a)).not.toBe(keyIdOf(generateMasterKey()));
    expect(keyIdOf(a)).not.toContain(a.toString('hex').slice(0, 8));
    const ring = keyringFromKeys(a, [generateMasterKey()]);
    expect(ring.current.id).toBe(keyIdOf(a));
    expect(ring.previous).toHaveLength(1);
  });
});

describe('loadOrCreateMasterKeyFile', () => {
  it('generates a key with mode 0600 on first start and reuses it on the second', async () => {
    const path = join(dir, 'first', 'data', 'master.key');
    const first = await loadOrCreateMasterKeyFile(path);
    expect(first.created).toBe(true);
    expect(first.key).toHaveLength(32);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const second = await loadOrCreateMasterKeyFile(path);
    expect(second.created).toBe(false);
    expect(second.key).toEqual(first.key);
  });

  it('creates one key when several processes start at once', async () => {
    const path = join(dir, 'race', 'master.key');
    const results = await Promise.all(Array.from({ length: 8 }, () => loadOrCreateMasterKeyFile(path)));
    expect(results.filter((r) => r.created)).toHaveLength(1);
    for (const r of results) expect(r.key).toEqual(results[0]!.key);
  });

  it('refuses a damaged key file and names it', async () => {
    const path = join(dir, 'damaged.key');
    writeFileSync(path, 'not a key\n', { mode: 0o600 });
    await expect(loadOrCreateMasterKeyFile(path)).rejects.toThrow(MasterKeyError);
    await expect(loadOrCreateMasterKeyFile(path)).rejects.toThrow(path);
  });

  it('reads a key file written by hand', async () => {
    const path = join(dir, 'manual.key');
    const key = generateMasterKey();
    writeFileSync(path, formatMasterKey(key), { mode: 0o600 });
    expect(await loadOrCreateMasterKeyFile(path)).toMatchObject({ created: false, key });
  });
});
