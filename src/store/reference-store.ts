import type { ConversationReferenceStore } from '../core/ports/stores.js';
import type { KeyValueStore } from './key-value-store.js';

/**
 * Conversation references on the one KeyValueStore, kept until overwritten (docs/proactive.md
 * §4.1): a restart, or another instance on the same store, reaches the conversation too.
 */
export function createReferenceStore(kv: KeyValueStore): ConversationReferenceStore {
  const keyOf = (channel: string, key: string) => `ref:${channel}:${key}`;
  return {
    get: (channel, key) => kv.get(keyOf(channel, key)),
    set: (channel, key, value) => kv.set(keyOf(channel, key), value),
  };
}
