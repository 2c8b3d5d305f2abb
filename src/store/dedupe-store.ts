import type { KeyValueStore } from './key-value-store.js';
import type { DedupeStore } from './stores.js';

/** Options of {@link createDedupeStore}. */
export interface DedupeStoreOptions {
  kv: KeyValueStore;
}

/** "Run once" claims (docs/accounts.md §3.2): the kv's atomic set-if-absent, so one instance wins across all. */
export function createDedupeStore(options: DedupeStoreOptions): DedupeStore {
  const { kv } = options;
  return {
    claim: (key, ttlMs) => kv.setIfAbsent(`dedupe:${key}`, 1, ttlMs),
  };
}
