import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChannelMemory } from '../../src/core/ports/channel-memory.js';
import { createSqliteKeyValueStore } from '../../src/store/sqlite-key-value-store.js';

/**
 * A channel's `ChannelMemory` on a real SQLite file, as the composition root backs it
 * with the bot's store (src/bots/open-stores.ts); `ttls` records each TTL asked for. Opening the
 * same path again is a restart of the bot on the same store.
 */
export function sqliteMemory(path: string): ChannelMemory & { ttls: (number | undefined)[] } {
  const kv = createSqliteKeyValueStore({ path, exclusive: false });
  const ttls: (number | undefined)[] = [];
  return {
    ttls,
    recall: (k) => kv.get<string>(k),
    remember: (k, v, ttlMs) => {
      ttls.push(ttlMs);
      return kv.set(k, v, ttlMs);
    },
  };
}

/** A fresh SQLite file's path in a new temporary directory. */
export function tempSqlitePath(prefix: string): string {
  return join(mkdtempSync(join(tmpdir(), prefix)), 'bot.sqlite');
}
