import { mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { ensurePrivateDir } from '../store/index.js';

/**
 * DATA_DIR must be the bot's own: it is made owner-only (0700) and written to. When this process
 * may not (a bind mount owned by another uid, the image runs as `node`, uid 1000), the start is
 * refused with one line naming the owner it needs, instead of a bare `EPERM … chmod`.
 */
export class DataDirError extends Error {
  override name = 'DataDirError';
}

/** Creates DATA_DIR when missing and makes it private; a refusal becomes a {@link DataDirError}. */
export function prepareDataDir(dir: string): void {
  try {
    ensurePrivateDir(dir);
  } catch (err) {
    const code = realCode(dir, err);
    if (code !== 'EPERM' && code !== 'EACCES' && code !== 'EROFS') throw err;
    throw new DataDirError(dataDirMessage(resolve(dir), code));
  }
}

/**
 * Node's recursive mkdir reports ENOENT where the parent exists but refuses (a read-only mount); a
 * plain mkdir of the last step tells the real reason (EROFS, EACCES).
 */
function realCode(dir: string, err: unknown): string | undefined {
  const code = (err as NodeJS.ErrnoException).code;
  if (code !== 'ENOENT') return code;
  try {
    mkdirSync(dir);
    return code;
  } catch (again) {
    return (again as NodeJS.ErrnoException).code ?? code;
  }
}

function dataDirMessage(dir: string, code: string): string {
  const uid = process.getuid?.() ?? 0;
  const gid = process.getgid?.() ?? 0;
  const head = `telephony-bot could not start: DATA_DIR ${dir} is not writable by this process (uid ${uid}, gid ${gid}`;
  if (code === 'EROFS') return `${head}; the file system is read-only). Mount a writable volume there.`;
  const owner = ownerOf(dir);
  return (
    `${head}${owner ? `; it belongs to uid ${owner.uid}, gid ${owner.gid}` : ''}). ` +
    `Give it to the bot: chown -R ${uid}:${gid} ${owner?.path ?? dir} (on the host, for a bind mount), or set DATA_DIR to a directory uid ${uid} owns.`
  );
}

/** The owner of `dir`, or of its nearest existing parent when it could not be created. */
function ownerOf(dir: string): { uid: number; gid: number; path: string } | undefined {
  for (let path = dir; ; path = dirname(path)) {
    try {
      const s = statSync(path);
      return { uid: s.uid, gid: s.gid, path };
    } catch {
      if (dirname(path) === path) return undefined;
    }
  }
}
