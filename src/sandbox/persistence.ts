import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { PersistedState } from './state-schema.js';

/**
 * Writes the state after every change, synchronously and atomically (temporary file, then rename),
 * so the file on disk is always a whole state and a crash never leaves half a write.
 */
export function createStateWriter(path: string): (state: PersistedState) => void {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  return (state) => {
    // Owner-only like every file the bot writes (docs/reliability.md §5.4); a fresh temporary file each time.
    writeFileSync(tmp, `${JSON.stringify(state, null, 2)}\n`, { encoding: 'utf8', mode: 0o600 });
    renameSync(tmp, path);
  };
}
