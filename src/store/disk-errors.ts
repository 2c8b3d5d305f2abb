import { StoreError } from './errors.js';
import type { KeyValueStore } from './key-value-store.js';

/** What went wrong with the disk, in the words the fix needs. */
export type DiskProblem = 'full' | 'read-only' | 'permission';

const FS_CODES: Record<string, DiskProblem> = {
  ENOSPC: 'full',
  EDQUOT: 'full',
  EROFS: 'read-only',
  EACCES: 'permission',
  EPERM: 'permission',
};

/** node-sqlite3 puts SQLite's result code in `code` (`SQLITE_FULL`), the message after it. */
const SQLITE_CODES: Record<string, DiskProblem> = {
  SQLITE_FULL: 'full',
  SQLITE_READONLY: 'read-only',
  SQLITE_CANTOPEN: 'permission',
  SQLITE_PERM: 'permission',
};

/**
 * A file the bot must write cannot be written: the disk is full, mounted read-only, or not ours
 * (docs/operations.md §7, disk errors). The message names the path and the fix, so a start prints one
 * line an operator can act on and a log line at run time says the same; neither holds user data.
 */
export class StoreDiskError extends StoreError {
  override name = 'StoreDiskError';
  readonly path: string;
  readonly problem: DiskProblem;
  /** The system's own code: `ENOSPC`, `SQLITE_READONLY` … */
  readonly systemCode: string;
  constructor(path: string, problem: DiskProblem, code: string, options?: { cause?: unknown }) {
    super('ERR_STORE_DISK', `${diskHead(path, problem, code)} ${diskFix(path, problem)}`, options);
    this.path = path;
    this.problem = problem;
    this.systemCode = code;
  }

  /** The fix alone, for a log line that carries the path in its own field. */
  get fix(): string {
    return diskFix(this.path, this.problem);
  }
}

function diskHead(path: string, problem: DiskProblem, code: string): string {
  if (problem === 'full') return `Cannot write ${path}: the disk is full (${code}).`;
  if (problem === 'read-only') return `Cannot write ${path}: the file system is read-only (${code}).`;
  const uid = process.getuid?.() ?? 0;
  return `Cannot write ${path}: no permission for this process (uid ${uid}) (${code}).`;
}

function diskFix(path: string, problem: DiskProblem): string {
  if (problem === 'full')
    return `Free space on the disk holding ${path} (or move DATA_DIR to a larger one); the bot goes on by itself once it can write.`;
  if (problem === 'read-only')
    return 'Mount DATA_DIR writable (a volume, not a read-only layer), or set DATA_DIR to a writable directory.';
  const uid = process.getuid?.() ?? 0;
  return `Give uid ${uid} write access (chown -R ${uid} on DATA_DIR), or set DATA_DIR to a directory it owns.`;
}

/** `err` as a {@link StoreDiskError} about `path` when it is a disk problem, else `undefined`. */
export function diskErrorOf(err: unknown, path: string): StoreDiskError | undefined {
  if (err instanceof StoreDiskError) return err;
  const e = err as { code?: unknown; path?: unknown } | undefined;
  const code = typeof e?.code === 'string' ? e.code : '';
  const problem = FS_CODES[code] ?? SQLITE_CODES[code];
  if (!problem) return undefined;
  // An fs error names its own file (`open`, `mkdir`); a `write` or SQLite's does not: `path` then.
  const where = typeof e?.path === 'string' ? e.path : path;
  return new StoreDiskError(where, problem, code, { cause: err });
}

/** Runs `work`, turning a disk problem into a {@link StoreDiskError} naming `path`. */
export async function namingDisk<T>(path: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw diskErrorOf(err, path) ?? err;
  }
}

/** The synchronous {@link namingDisk}. */
export function namingDiskSync<T>(path: string, work: () => T): T {
  try {
    return work();
  } catch (err) {
    throw diskErrorOf(err, path) ?? err;
  }
}

/**
 * `kv` with every write and read that can hit the disk turning a disk problem into a
 * {@link StoreDiskError} naming `path` (SQLite says `SQLITE_FULL`, not which file). Lists and key
 * walks pass through as they are.
 */
export function withDiskErrors(kv: KeyValueStore, path: string): KeyValueStore {
  const named =
    <A extends unknown[], R>(f: (...args: A) => Promise<R>) =>
    (...args: A) =>
      namingDisk(path, () => f(...args));
  return {
    ...kv,
    get: named(kv.get.bind(kv)) as KeyValueStore['get'],
    set: named(kv.set.bind(kv)) as KeyValueStore['set'],
    delete: named(kv.delete.bind(kv)),
    setIfAbsent: named(kv.setIfAbsent.bind(kv)) as KeyValueStore['setIfAbsent'],
    increment: named(kv.increment.bind(kv)),
    append: named(kv.append.bind(kv)) as KeyValueStore['append'],
    tail: named(kv.tail.bind(kv)) as KeyValueStore['tail'],
  };
}
