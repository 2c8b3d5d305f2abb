import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import KeyvSqlite from '@keyv/sqlite';
import Keyv from 'keyv';
import type { KeyValueStore } from './key-value-store.js';
import { createKeyvKeyValueStore } from './keyv-key-value-store.js';

/** Options of {@link createSqliteKeyValueStore}. */
export interface SqliteKeyValueStoreOptions {
  /** The database file; its directory is created. Default `./data/telephony-bot.sqlite` (issue 4). */
  path?: string;
  /** How long a write waits for a lock held by another connection. Default 5000 ms. */
  busyTimeoutMs?: number;
  /** Passed on to the keyv store: how often expired rows are swept. Default 10 minutes. */
  sweepIntervalMs?: number;
}

export const DEFAULT_SQLITE_PATH = './data/telephony-bot.sqlite';

/**
 * The embedded default store: keyv with @keyv/sqlite on one file. Single instance only (see
 * createKeyvKeyValueStore); several instances share Redis instead.
 */
export function createSqliteKeyValueStore(options: SqliteKeyValueStoreOptions = {}): KeyValueStore {
  const path = resolve(options.path ?? DEFAULT_SQLITE_PATH);
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
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
  return createKeyvKeyValueStore({
    keyv,
    ...(options.sweepIntervalMs === undefined ? {} : { sweepIntervalMs: options.sweepIntervalMs }),
  });
}
