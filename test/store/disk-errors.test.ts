import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { startFailureMessage } from '../../src/bots/start-errors.js';
import { diskErrorOf, StoreDiskError, withDiskErrors } from '../../src/store/disk-errors.js';
import { createMemoryKeyValueStore } from '../../src/store/index.js';
import { loadOrCreateMasterKeyFile } from '../../src/store/master-key.js';
import { startCore } from '../core/core-harness.js';

/**
 * Disk errors name the path and the fix (docs/operations.md §7): the errno is injected at the seam
 * (an fs or SQLite error as Node and node-sqlite3 raise it); `test/bots/disk-errors.test.ts` starts
 * the bot on a real full and read-only file system where this machine allows mounting one.
 */
const dir = mkdtempSync(join(tmpdir(), 'tbot-disk-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const errno = (code: string, extra: object = {}) =>
  Object.assign(new Error(`${code}: refused`), { code, ...extra });

describe('a disk the bot cannot write', () => {
  it('names the path and the fix for a full, read-only or foreign disk, from fs and from SQLite', () => {
    const db = '/data/telephony-bot.sqlite';
    const cases: [Error, RegExp][] = [
      [
        errno('ENOSPC', { syscall: 'write' }),
        /Cannot write \/data\/telephony-bot\.sqlite: the disk is full \(ENOSPC\)\. Free space/,
      ],
      [errno('SQLITE_FULL'), /the disk is full \(SQLITE_FULL\)/],
      [
        errno('EROFS', { path: '/data/master.key' }),
        /Cannot write \/data\/master\.key: the file system is read-only \(EROFS\)\. Mount DATA_DIR writable/,
      ],
      [errno('SQLITE_READONLY'), /read-only \(SQLITE_READONLY\)/],
      [errno('EACCES', { path: '/data' }), /Cannot write \/data: no permission .*chown -R \d+ on DATA_DIR/],
    ];
    for (const [err, message] of cases) expect(diskErrorOf(err, db)?.message).toMatch(message);
    expect(diskErrorOf(errno('ECONNRESET'), db)).toBeUndefined();
  });

  it('a start that meets one prints that one line, not the bare errno', () => {
    const line = startFailureMessage(errno('ENOSPC', { syscall: 'write' }), {
      DATA_DIR: '/srv/bot',
    } as never);
    expect(line).toMatch(
      /^telephony-bot could not start: Cannot write \/srv\/bot: the disk is full \(ENOSPC\)\. Free space/,
    );
  });

  it('the SQLite store turns its errors into one naming its file', async () => {
    const kv = createMemoryKeyValueStore();
    const failing = withDiskErrors(
      { ...kv, set: async () => Promise.reject(errno('SQLITE_FULL')) },
      '/d/x.sqlite',
    );
    await expect(failing.set('k', 1)).rejects.toMatchObject({
      name: 'StoreDiskError',
      path: '/d/x.sqlite',
      problem: 'full',
    });
    expect(await failing.get('k')).toBeUndefined();
  });

  it('an existing master key is read back, and nothing is left beside it', async () => {
    const path = join(dir, 'master.key');
    const first = await loadOrCreateMasterKeyFile(path);
    expect(first.created).toBe(true);
    const again = await loadOrCreateMasterKeyFile(path);
    expect(again).toMatchObject({ created: false });
    expect(again.key.equals(first.key)).toBe(true);
    // Nothing was left beside it (a failed write used to leave an empty temporary file).
    expect(readdirSync(dir).filter((f) => f.startsWith('master.key'))).toEqual(['master.key']);
  });
});

describe('a command that meets a full disk at run time', () => {
  it('is answered in plain words, and the log says where and how to fix it, once a minute', async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = pino({ level: 'info' }, { write: (l: string) => lines.push(JSON.parse(l)) });
    const h = await startCore({ logger });
    try {
      h.stack.stores.settings.updateUser = async () => {
        throw new StoreDiskError('/data/telephony-bot.sqlite', 'full', 'SQLITE_FULL');
      };
      for (let i = 0; i < 5; i++) {
        const { text } = await h.send('/timezone Europe/Berlin');
        expect(text).toMatch(/I cannot save anything right now \(my storage cannot be written\)/);
        expect(text).not.toMatch(/Something went wrong/);
      }
      const disk = lines.filter((l) => l.msg === 'store cannot write');
      expect(disk).toHaveLength(1);
      expect(disk[0]).toMatchObject({ path: '/data/telephony-bot.sqlite', problem: 'full' });
      expect(String(disk[0]!.fix)).toMatch(/Free space/);
    } finally {
      await h.close();
    }
  });
});
