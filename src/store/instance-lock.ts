import { randomBytes } from 'node:crypto';
import { closeSync, linkSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
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
  /** Removes the lock file if it is still ours; safe to call twice. */
  release(): void;
}

/** Locks this process holds, released on exit even when a store was never closed. */
const held = new Map<string, string>();
let exitHookInstalled = false;

/**
 * One writer per SQLite store (issue 10): the keyv store runs its "atomic" operations under an
 * in-process mutex, so a second process on the same file would double-run claims, pending takes
 * and the audit sequence. A lock file beside the database names its owner's pid; a starter that
 * finds a live owner refuses, one that finds a dead owner (a crash, a `kill -9`, a container
 * restart that reused the pid) takes the lock over.
 *
 * The file is written completely under a temporary name and hard-linked into place, so a reader
 * never sees half an owner. Two starters racing over the same stale lock can both take it over in a
 * window of microseconds; that needs two starts at once after a crash, and is accepted.
 */
export function acquireInstanceLock(options: { path: string; store: string }): InstanceLock {
  const { path } = options;
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
      return { path, release: () => release(path, owner.token) };
    }
    const current = readOwner(path);
    if (current === 'gone') continue;
    if (current !== 'unreadable' && isAlive(current, path))
      throw new StoreLockedError(options.store, current);
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

function release(path: string, token: string): void {
  if (held.get(path) !== token) return;
  held.delete(path);
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
