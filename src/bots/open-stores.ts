import type { Logger } from 'pino';
import { errorSummary } from '../core/logs/safe-error.js';
import type { ChannelMemory } from '../core/ports/channel-memory.js';
import {
  checkKeyring,
  createChannelMemory,
  createInstallationStore,
  createKeyValueStoreFromConfig,
  createStores,
  type InstallationStore,
  type StoreConfig,
} from '../store/index.js';
import type { Stores } from '../store/stores.js';
import type { Config } from './config.js';
import { resolveKeyring, storeConfigOf } from './store-config.js';

/** Opens the configured store (SQLite or Redis) and checks the master key against it. */
export async function openStores(
  config: Config,
  logger: Logger,
  onWriterLost: () => void,
): Promise<{
  stores: Stores;
  installations: InstallationStore;
  channelMemory: ChannelMemory;
  keyCreatedAt: string | undefined;
}> {
  const { keyring, createdAt } = await resolveKeyring(config);
  const storeLog = logger.child({ component: 'store' });
  const kv = await createKeyValueStoreFromConfig(loud(storeConfigOf(config), storeLog, onWriterLost));
  // A wrong master key fails the start here, not every command later (docs/reliability.md §5.5).
  await checkKeyring(kv, keyring).catch(async (err: unknown) => {
    await kv.close();
    throw err;
  });
  return {
    stores: createStores({
      kv,
      keyring,
      // Loud, once per loss (docs/operations.md §7): users are told too, and /readyz names it.
      onDataLost: (since) =>
        storeLog.error(
          { markerSince: since },
          'shared store (Redis) LOST ITS DATA: the marker written at start is gone (FLUSHALL, an empty replica, or eviction; set maxmemory-policy noeviction). Linked accounts, settings and claims written before are gone; users are asked to /link again',
        ),
    }),
    installations: createInstallationStore({ kv, keyring }),
    // What a channel remembers (a surface refused, an agent view's choice), kept across restarts (docs/channels.md §2.3).
    channelMemory: createChannelMemory(kv),
    keyCreatedAt: createdAt,
  };
}

/** The configured store, with its faults said in the log: an outage, a lost lock (docs/reliability.md §5). */
function loud(where: StoreConfig, storeLog: Logger, onWriterLost: () => void): StoreConfig {
  switch (where.kind) {
    case 'redis':
      return {
        ...where,
        // docs/reliability.md §5.2: an outage is loud. /readyz turns 503 and commands are answered "temporarily
        // unavailable" meanwhile; the client reconnects by itself.
        onError: (err) =>
          storeLog.error(
            { err: errorSummary(err) },
            'shared store (Redis) unreachable: commands are refused until it returns',
          ),
        onRecovered: () => storeLog.info({}, 'shared store (Redis) reachable again'),
      };
    case 'sqlite':
      return {
        ...where,
        // docs/reliability.md §5.1: found by the heartbeat, by /readyz or by the fence before a never-retry send.
        onLockLost: () => {
          storeLog.error(
            { lock: `${where.path ?? 'the SQLite store'}.lock` },
            'store LOCK LOST: another instance took the SQLite single-writer lock over (this one stood still past its heartbeat); nothing never-retry is sent from here any more, and this instance stops (exit 1)',
          );
          onWriterLost();
        },
      };
    default:
      return where;
  }
}
