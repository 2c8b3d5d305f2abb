import type { ChannelMemory } from '../core/ports/channel-memory.js';
import type { KeyValueStore } from './key-value-store.js';

/**
 * The channels' small memory (a surface a platform refused somewhere, an agent view's choice) in the
 * bot's store: every instance on the same SQLite file or Redis shares it (docs/channels.md §2.4).
 */
export function createChannelMemory(kv: KeyValueStore): ChannelMemory {
  return {
    recall: (key) => kv.get<string>(key),
    remember: (key, value, ttlMs) => kv.set(key, value, ttlMs),
  };
}
