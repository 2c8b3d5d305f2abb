import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import KeyvSqlite from '@keyv/sqlite';
import Keyv from 'keyv';
import { namingDiskSync, withDiskErrors } from './disk-errors.js';
import { acquireInstanceLock, type InstanceLock } from './instance-lock.js';
import type { KeyValueStore } from './key-value-store.js';
import { createKeyvKeyValueStore } from './keyv-key-value-store.js';
import { ensurePrivateFile, PRIVATE_DIR_MODE, restrictIfPresent } from './private-files.js';
import { withReadCache } from './read-cache-key-value-store.js';

/** Options of {@link createSqliteKeyValueStore}. */
export interface SqliteKeyValueStoreOptions {
  /** The database file; its directory is created. Default `./data/telephony-bot.sqlite` (docs/accounts.md §3.1). */
  path?: string;
  /** How long a write waits for a lock held by another connection. Default 5000 ms. */
  busyTimeoutMs?: number;
  /** Passed on to the keyv store: how often expired rows are swept. Default 10 minutes. */
  sweepIntervalMs?: number;
  /**
   * Take the single-writer lock (`<path>.lock`). Default true. Only a reader that writes nothing
   * (`telephony-bot audit export`) opens the file beside a running instance without it.
   */
  exclusive?: boolean;
  /**
   * Told once when another process took the single-writer lock over (this one stood still past the
   * stale bound): this process must stop writing (docs/reliability.md §5.1).
   */
  onLockLost?: () => void;
}

export const DEFAULT_SQLITE_PATH = './data/telephony-bot.sqlite';

/**
 * The embedded default store: keyv with @keyv/sqlite on one file. Single instance only (see
 * createKeyvKeyValueStore); several instances share Redis instead.
 */
export function createSqliteKeyValueStore(options: SqliteKeyValueStoreOptions = {}): KeyValueStore {
  const path = resolve(options.path ?? DEFAULT_SQLITE_PATH);
  // Created directories are owner-only (the mode is cut by the umask, never widened); an existing
  // one is left alone here, since it may be shared (DATA_DIR itself is made private in src/bots).
  const lock = prepareFiles(path, options.exclusive !== false, options.onLockLost);
  const adapter = new KeyvSqlite({
    uri: `sqlite://${path}`,
    busyTimeout: options.busyTimeoutMs ?? 5000,
    // keyv's default pages keys 10 at a time; a key rotation over many credentials wants bigger pages.
    iterationLimit: 500,
  });
  // WAL with synchronous=NORMAL: each write no longer waits for its own fsync (about 100x faster on
  // a disk), and the file stays consistent after a crash of the process; only a power loss can drop
  // the last writes. Queries queue on the one connection, so these run before any store operation.
  void adapter.query('PRAGMA journal_mode=WAL').catch(() => undefined);
  void adapter.query('PRAGMA synchronous=NORMAL').catch(() => undefined);
  const keyv = new Keyv({ store: adapter, namespace: 'telephony-bot' });
  const kv = withDiskErrors(
    createKeyvKeyValueStore({
      keyv,
      ...(options.sweepIntervalMs === undefined ? {} : { sweepIntervalMs: options.sweepIntervalMs }),
    }),
    path,
  );
  // Holding the single-writer lock, this process writes every change, so its reads can be served
  // from memory (docs/performance.md §3.2); a reader beside a running instance (no lock) always reads the file.
  const store: KeyValueStore = lock
    ? withReadCache({
        kv,
        read: async (key) => {
          const raw = (await keyv.get(key, { raw: true })) as
            | { value?: unknown; expires?: number | null }
            | undefined;
          return raw === undefined
            ? undefined
            : { value: raw.value, expiresAt: typeof raw.expires === 'number' ? raw.expires : undefined };
        },
      })
    : kv;
  return {
    ...store,
    // Without the lock (a reader) nothing is fenced: it writes nothing.
    ...(lock ? { holdsWriterLock: () => lock.held() } : {}),
    async close() {
      try {
        await kv.close();
      } finally {
        lock?.release();
      }
    },
  };
}

/**
 * Creates the directory, takes the single-writer lock (unless `exclusive` is false) and makes the
 * files owner-only; a full, read-only or foreign disk is named with its path and fix, not a bare
 * errno (disk-errors.ts).
 */
function prepareFiles(
  path: string,
  exclusive: boolean,
  onLost: (() => void) | undefined,
): InstanceLock | undefined {
  namingDiskSync(dirname(path), () => mkdirSync(dirname(path), { recursive: true, mode: PRIVATE_DIR_MODE }));
  const lock = exclusive
    ? namingDiskSync(`${path}.lock`, () =>
        acquireInstanceLock({ path: `${path}.lock`, store: path, ...(onLost ? { onLost } : {}) }),
      )
    : undefined;
  // SQLite creates -wal and -shm with the database file's own mode, so a 0600 database keeps them
  // 0600 too; files left by an earlier run are tightened as well.
  try {
    namingDiskSync(path, () => {
      ensurePrivateFile(path);
      for (const suffix of ['-wal', '-shm', '-journal']) restrictIfPresent(`${path}${suffix}`);
    });
  } catch (err) {
    lock?.release();
    throw err;
  }
  return lock;
}
