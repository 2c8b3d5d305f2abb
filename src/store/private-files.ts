import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';

/**
 * Files the bot writes hold personal data (balances, call records, audit, logs) and encrypted
 * credentials: owner only, whatever the umask (docs/reliability.md §5.4). A mode given to open/mkdir only applies
 * when the file is created and is cut by the umask, so existing files are chmod-ed as well.
 */
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

/** Creates `dir` (and parents) if needed and makes `dir` itself owner-only. */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  chmodSync(dir, PRIVATE_DIR_MODE);
}

/** Creates `path` empty if it does not exist, and makes it owner-only either way. */
export function ensurePrivateFile(path: string): void {
  closeSync(openSync(path, 'a', PRIVATE_FILE_MODE));
  chmodSync(path, PRIVATE_FILE_MODE);
}

/** Makes `path` owner-only when it exists (a -wal or -shm file left by an earlier run). */
export function restrictIfPresent(path: string): void {
  if (existsSync(path)) chmodSync(path, PRIVATE_FILE_MODE);
}
