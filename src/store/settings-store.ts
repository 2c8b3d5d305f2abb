import { createKeyMutex } from './key-mutex.js';
import type { KeyValueStore } from './key-value-store.js';
import type { ChatSettings, UserSettings } from './records.js';
import type { SettingsPatch, SettingsStore } from './stores.js';

/** Options of {@link createSettingsStore}. */
export interface SettingsStoreOptions {
  kv: KeyValueStore;
}

/**
 * Per-user and per-chat settings as JSON, updated by shallow merge. A key set to `undefined` in a
 * patch is removed (JSON drops it). Updates of one key are serialised within a process; across
 * instances the last writer wins, which suits settings that one person changes at a time.
 */
export function createSettingsStore(options: SettingsStoreOptions): SettingsStore {
  const { kv } = options;
  const mutex = createKeyMutex();
  const update = <T extends object>(key: string, patch: SettingsPatch<T>) =>
    mutex.run(key, async () => {
      const merged = JSON.parse(JSON.stringify({ ...((await kv.get<T>(key)) ?? {}), ...patch })) as T;
      await kv.set(key, merged);
      return merged;
    });
  return {
    async user(identity) {
      return (await kv.get<UserSettings>(`settings:user:${identity}`)) ?? {};
    },
    updateUser: (identity, patch) => update<UserSettings>(`settings:user:${identity}`, patch),
    async chat(chat) {
      return (await kv.get<ChatSettings>(`settings:chat:${chat}`)) ?? {};
    },
    updateChat: (chat, patch) => update<ChatSettings>(`settings:chat:${chat}`, patch),
  };
}
