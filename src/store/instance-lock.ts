import { randomBytes } from 'node:crypto';
import {
  closeSync,
  linkSync,
  openSync,
  readFileSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { StoreLockedError } from './errors.js';
import { PRIVATE_FILE_MODE } from './private-files.js';

/** Who holds a lock: written once into the lock file, read by the next starter. */
interface LockOwner {
  pid: number;
  host: string;
  token: string;
  since: string;
}

export interface InstanceLock {
  readonly path: string;
  /**
   * The fencing read (docs/reliability.md §5.1): whether the lock file names this holder right now, read from
   * the file, not remembered. Once it names another owner (or is gone) the lock is lost for good:
   * `onLost` is told, once, and every later answer is false. A file that cannot be read just now
   * answers false without declaring the loss.
   */
  held(): boolean;
  /** Removes the lock file if it is still ours; safe to call twice. */
  release(): void;
}

/** Options of {@link acquireInstanceLock}. */
export interface InstanceLockOptions {
  path: string;
  /** The store it guards, for the refusal's message. */
  store: string;
  /** How often the holder touches the lock file (its mtime is the heartbeat). Default 5 000 ms. */
  heartbeatMs?: number;
  /** A lock whose heartbeat is older than this is taken over, whoever wrote it. Default 30 000 ms. */
  staleMs?: number;
  /**
   * Told once when the lock file was taken from under this process (its heartbeat had stopped: a
   * freeze, a SIGSTOP), whether the heartbeat or a fencing read ({@link InstanceLock.held}) found it.
   */
  onLost?: () => void;
  now?: () => number;
}

export const LOCK_HEARTBEAT_MS = 5_000;
export const LOCK_STALE_MS = 30_000;

/** Locks this process holds, released on exit even when a store was never closed. */
const held = new Map<string, string>();
const heartbeats = new Map<string, NodeJS.Timeout>();
let exitHookInstalled = false;

/**
 * One writer per SQLite store (docs/reliability.md §5.1): the keyv store runs its "atomic" operations under an
 * in-process mutex, so a second process on the same file would double-run claims, pending takes
 * and the audit sequence. A lock file beside the database names its owner, and the owner touches
 * it every few seconds (the file's mtime is its heartbeat). A starter that finds a heartbeat older
 * than `staleMs` takes the lock over whatever host wrote it (a container re-created or a pod
 * rescheduled elsewhere after a hard kill, where no pid can be asked); one that finds a fresh
 * heartbeat refuses, unless the owner is a dead pid on this very host (a crash, a `kill -9`, a
 * restart that reused the pid), which is taken over at once.
 *
 * The file is written completely under a temporary name and hard-linked into place, so a reader
 * never sees half an owner. Two starters racing over the same stale lock can both take it over in a
 * window of microseconds; that needs two starts at once after a crash, and is accepted.
 */
export function acquireInstanceLock(options: InstanceLockOptions): InstanceLock {
  const { path } = options;
  const now = options.now ?? Date.now;
  const staleMs = options.staleMs ?? LOCK_STALE_MS;
  const owner: LockOwner = {
    pid: process.pid,
    host: hostname(),
    token: randomBytes(8).toString('hex'),
    since: new Date().toISOString(),
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    if (tryCreate(path, owner)) {
      held.set(path, owner.token);
      installExitHook();
      const fence = createFence(path, owner.token, options);
      beat(path, fence, options);
      return {
        path,
        held: fence.held,
        release: () => {
          fence.released = true;
          release(path, owner.token);
        },
      };
    }
    const current = readOwner(path);
    if (current === 'gone') continue;
    const age = heartbeatAge(path, now);
    if (age === undefined) continue;
    if (current !== 'unreadable' && age <= staleMs && isAlive(current, path))
      throw new StoreLockedError(options.store, { ...current, staleInMs: staleMs - age });
    // Stale: its owner is dead (or the file is not a lock we wrote). Remove it and try again.
    try {
      unlinkSync(path);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
  throw new StoreLockedError(options.store, undefined);
}

function tryCreate(path: string, owner: LockOwner): boolean {
  const temporary = `${path}.${owner.token}.tmp`;
  const fd = openSync(temporary, 'wx', PRIVATE_FILE_MODE);
  try {
    writeSync(fd, `${JSON.stringify(owner)}\n`);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(temporary, path);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  } finally {
    unlinkSync(temporary);
  }
}

function readOwner(path: string): LockOwner | 'gone' | 'unreadable' {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 'gone';
    throw err;
  }
  try {
    const parsed = JSON.parse(text) as Partial<LockOwner>;
    if (typeof parsed.pid === 'number' && typeof parsed.token === 'string') return parsed as LockOwner;
  } catch {
    // fall through: not a lock this code wrote
  }
  return 'unreadable';
}

function isAlive(owner: LockOwner, path: string): boolean {
  // On another host the pid says nothing; refuse, and the message says how to clear it.
  if (owner.host !== hostname()) return true;
  // Our own pid: held by this process (a second store on one file) or left by an earlier life of
  // this pid (pid 1 in a restarted container).
  if (owner.pid === process.pid) return held.get(path) === owner.token;
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** How long ago the lock file was last touched, ms; undefined when it is gone. */
function heartbeatAge(path: string, now: () => number): number | undefined {
  try {
    return Math.max(0, now() - statSync(path).mtimeMs);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/** One holder's view of its lock: the fencing read, and the loss told once. */
interface Fence {
  held(): boolean;
  /** Set by `release`: never "ours" again, and not a loss to tell. */
  released: boolean;
  /** What the file says now: ours, someone else's (lost, told), or unreadable right now. */
  read(): 'ours' | 'lost' | 'unreadable';
}

function createFence(path: string, token: string, options: InstanceLockOptions): Fence {
  let lost = false;
  const fence: Fence = {
    released: false,
    read: () => read(),
    held: () => read() === 'ours',
  };
  const read = (): 'ours' | 'lost' | 'unreadable' => {
    if (lost || fence.released) return 'lost';
    const current = readOwnerQuietly(path);
    if (current === undefined) return 'unreadable';
    if (current === token) return 'ours';
    lost = true;
    stopBeat(path);
    if (held.get(path) === token) held.delete(path);
    options.onLost?.();
    return 'lost';
  };
  return fence;
}

/**
 * Touches the lock file while it is ours; stops, and says so, once another process took it over
 * (this one stood still longer than `staleMs`). A touch that fails (a full or read-only disk) is
 * tried again on the next beat: the lock only goes stale if that lasts.
 */
function beat(path: string, fence: Fence, options: InstanceLockOptions): void {
  const timer = setInterval(() => {
    if (fence.read() !== 'ours') return;
    const at = new Date((options.now ?? Date.now)());
    try {
      utimesSync(path, at, at);
    } catch {
      // tried again on the next beat
    }
  }, options.heartbeatMs ?? LOCK_HEARTBEAT_MS);
  timer.unref();
  heartbeats.set(path, timer);
}

function stopBeat(path: string): void {
  clearInterval(heartbeats.get(path));
  heartbeats.delete(path);
}

/** The token in the lock file, `''` when it is not ours to read, undefined when unreadable now. */
function readOwnerQuietly(path: string): string | undefined {
  try {
    const owner = readOwner(path);
    return typeof owner === 'object' ? owner.token : '';
  } catch {
    return undefined;
  }
}

function release(path: string, token: string): void {
  if (held.get(path) !== token) return;
  held.delete(path);
  stopBeat(path);
  const current = readOwner(path);
  if (typeof current === 'object' && current.token === token) {
    try {
      unlinkSync(path);
    } catch {
      // already gone
    }
  }
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const [path, token] of [...held]) release(path, token);
  });
}
