import { join } from 'node:path';
import {
  type Keyring,
  keyringFromKeys,
  loadOrCreateMasterKeyFile,
  parseMasterKey,
  type StoreConfig,
} from '../store/index.js';
import type { Config } from './config.js';

/*
 * Where the stores live and which keys read them, from the configuration. Its own module so the
 * small CLI commands (`audit export`, `keys rotate`) load the stores without the core, the client
 * and the sandbox (docs/operations.md §1.4).
 */

export async function resolveKeyring(config: Config): Promise<{ keyring: Keyring; createdAt?: string }> {
  const previous = (config.BOT_ENCRYPTION_KEY_PREVIOUS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((k) => parseMasterKey(k, 'BOT_ENCRYPTION_KEY_PREVIOUS'));
  if (config.BOT_ENCRYPTION_KEY)
    return { keyring: keyringFromKeys(parseMasterKey(config.BOT_ENCRYPTION_KEY), previous) };
  const file = await loadOrCreateMasterKeyFile(join(config.DATA_DIR, 'master.key'));
  const keyring = keyringFromKeys(file.key, previous);
  return file.created ? { keyring, createdAt: file.path } : { keyring };
}

export function storeConfigOf(config: Config): StoreConfig {
  return config.REDIS_URL
    ? { kind: 'redis', url: config.REDIS_URL }
    : { kind: 'sqlite', path: join(config.DATA_DIR, 'telephony-bot.sqlite') };
}
