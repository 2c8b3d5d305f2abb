import { spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StoreLockedError } from '../../src/store/errors.js';
import { acquireInstanceLock, LOCK_STALE_MS } from '../../src/store/instance-lock.js';
import { createSqliteKeyValueStore } from '../../src/store/sqlite-key-value-store.js';

/**
 * docs/reliability.md §5.1 (one writer per SQLite store) and §5.4 (files are private). The keyv store's atomic
 * operations hold only within one process, so a second process on the same file must be refused;
 * a lock left by a dead process must not block the restart.
 */
const dir = mkdtempSync(join(tmpdir(), 'telephony-bot-writer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const fresh = () => join(dir, `case-${++n}`, 'telephony-bot.sqlite');
const mode = (path: string) => statSync(path).mode & 0o777;

/** Another process that opens the store on `path` and keeps it open, as a second bot would. */
function holder(path: string) {
  const source = `
    const { createSqliteKeyValueStore } = await import(${JSON.stringify(new URL('../../src/store/sqlite-key-value-store.ts', import.meta.url).href)});
    const kv = createSqliteKeyValueStore({ path: ${JSON.stringify(path)} });
    await kv.set('held', true);
    process.stdout.write('holding\\n');
    setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', source], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr.on('data', (c: Buffer) => {
    err += c.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (c: Buffer) => {
      if (c.toString().includes('holding')) resolve();
    });
    void exited.then(() => reject(new Error(`holder exited: ${err}`)));
  });
  return { child, ready, exited };
}

describe('one writer per SQLite store', () => {
  it('a second process on the same file is refused, naming REDIS_URL; a crashed owner does not block a restart', async () => {
    const path = fresh();
    const other = holder(path);
    try {
      await other.ready;
      let refusal: unknown;
      try {
        createSqliteKeyValueStore({ path });
      } catch (err) {
        refusal = err;
      }
      expect(refusal).toBeInstanceOf(StoreLockedError);
      expect((refusal as Error).message).toMatch(/REDIS_URL/);
      expect((refusal as Error).message).toContain(`pid ${other.child.pid}`);
      // kill -9: no exit hook runs, the lock file stays behind with a dead pid.
      other.child.kill('SIGKILL');
      await other.exited;
      expect(existsSync(`${path}.lock`)).toBe(true);
      const kv = createSqliteKeyValueStore({ path });
      expect(await kv.get('held')).toBe(true);
      await kv.close();
      expect(existsSync(`${path}.lock`)).toBe(false);
    } finally {
      if (other.child.exitCode === null) other.child.kill('SIGKILL');
    }
  }, 30_000);

  it('a second store on the same file in this process is refused until the first is closed', async () => {
    const path = fresh();
    const first = createSqliteKeyValueStore({ path });
    expect(() => createSqliteKeyValueStore({ path })).toThrow(StoreLockedError);
    await first.close();
    const second = createSqliteKeyValueStore({ path });
    await second.set('k', 1);
    await second.close();
  });

  it('a lock file that is not ours (garbage) or names a dead pid is taken over', async () => {
    const path = fresh();
    await createSqliteKeyValueStore({ path, exclusive: false }).close();
    writeFileSync(`${path}.lock`, 'not json');
    const a = createSqliteKeyValueStore({ path });
    await a.close();
    writeFileSync(
      `${path}.lock`,
      JSON.stringify({ pid: 2 ** 22 + 1, host: (await import('node:os')).hostname(), token: 'x', since: '' }),
    );
    const b = createSqliteKeyValueStore({ path });
    await b.close();
  });

  it('a lock from another host is refused while its heartbeat is fresh and taken over once stale', async () => {
    const path = fresh();
    await createSqliteKeyValueStore({ path, exclusive: false }).close();
    // A container killed hard on another host: its pid means nothing here.
    const other = { pid: 1, host: 'pod-elsewhere-7f9c', token: 'theirs', since: '2026-11-24T06:00:00.000Z' };
    writeFileSync(`${path}.lock`, JSON.stringify(other));
    let refusal: unknown;
    try {
      createSqliteKeyValueStore({ path });
    } catch (err) {
      refusal = err;
    }
    expect(refusal).toBeInstanceOf(StoreLockedError);
    expect((refusal as Error).message).toMatch(
      /pod-elsewhere-7f9c.*goes stale \d+ s from now.*takes it over by itself/s,
    );
    // Its heartbeat stopped 31 s ago: stale, whatever host wrote it.
    const past = new Date(Date.now() - LOCK_STALE_MS - 1000);
    utimesSync(`${path}.lock`, past, past);
    const kv = createSqliteKeyValueStore({ path });
    expect(JSON.parse(readFileSync(`${path}.lock`, 'utf8')).host).toBe(hostname());
    await kv.close();
    expect(existsSync(`${path}.lock`)).toBe(false);
  });

  it('the holder keeps its lock fresh with a heartbeat, and stops once another took it over', async () => {
    const path = fresh();
    await createSqliteKeyValueStore({ path, exclusive: false }).close();
    let lost = 0;
    const lock = acquireInstanceLock({
      path: `${path}.lock`,
      store: path,
      heartbeatMs: 10,
      onLost: () => lost++,
    });
    const past = new Date(Date.now() - 3_600_000);
    utimesSync(lock.path, past, past);
    // The next beat touches it again: a live holder is never stale.
    await vi.waitFor(() => expect(Date.now() - statSync(lock.path).mtimeMs).toBeLessThan(LOCK_STALE_MS));
    writeFileSync(lock.path, JSON.stringify({ pid: 1, host: 'elsewhere', token: 'new-owner', since: '' }));
    await vi.waitFor(() => expect(lost).toBe(1));
    // Released after losing it: the new owner's file stays.
    lock.release();
    expect(JSON.parse(readFileSync(lock.path, 'utf8')).token).toBe('new-owner');
  });

  it('a reader without the lock (audit export) opens beside the writer', async () => {
    const path = fresh();
    const writer = createSqliteKeyValueStore({ path });
    await writer.set('k', 'v');
    const reader = createSqliteKeyValueStore({ path, exclusive: false });
    expect(await reader.get('k')).toBe('v');
    await reader.close();
    await writer.close();
  });
});

describe('SQLite store files are private whatever the umask', () => {
  let previous: number;
  beforeEach(() => {
    previous = process.umask(0o022);
  });
  afterEach(() => {
    process.umask(previous);
  });

  it('the database, its -wal and -shm, the lock and a created directory are owner-only', async () => {
    const path = fresh();
    const kv = createSqliteKeyValueStore({ path });
    // The WAL pragma is queued beside the first write; SQLite creates -wal and -shm with the first
    // write after it.
    for (let i = 0; i < 50 && !existsSync(`${path}-wal`); i++) await kv.set('k', i);
    for (const file of [path, `${path}-wal`, `${path}-shm`, `${path}.lock`]) {
      expect({ file, mode: mode(file).toString(8) }).toEqual({ file, mode: '600' });
    }
    expect(mode(join(path, '..')).toString(8)).toBe('700');
    await kv.close();
  });

  it('a database file left world-readable by an earlier version is tightened', async () => {
    const path = fresh();
    const kv = createSqliteKeyValueStore({ path });
    await kv.set('k', 'v');
    await kv.close();
    chmodSync(path, 0o644);
    const again = createSqliteKeyValueStore({ path });
    expect(mode(path).toString(8)).toBe('600');
    await again.close();
  });
});
