import { createAuditLog } from './audit-log.js';
import { createCredentialStore } from './credential-store.js';
import { watchForDataLoss } from './data-marker.js';
import { createDedupeStore } from './dedupe-store.js';
import { createGuardStores } from './guard-store.js';
import type { KeyValueStore } from './key-value-store.js';
import type { Keyring } from './master-key.js';
import { createMemoryKeyValueStore } from './memory-key-value-store.js';
import { createPendingStore } from './pending-store.js';
import { createProactiveStores } from './proactive-store.js';
import { createRateLimiter } from './rate-limiter.js';
import { createReferenceStore } from './reference-store.js';
import { createReservationStore } from './reservation-store.js';
import { createSettingsStore } from './settings-store.js';
import { createSqliteKeyValueStore } from './sqlite-key-value-store.js';
import type { Stores } from './stores.js';
import { createTokenStore } from './token-store.js';

/** Options of {@link createStores}. */
export interface StoresOptions {
  /** The one storage seam every domain store shares; `Stores.close()` closes it. */
  kv: KeyValueStore;
  /** Encrypts credentials; see `keyringFromKeys` and `loadOrCreateMasterKeyFile`. */
  keyring: Keyring;
  /** The longest a pending action is kept. Default 15 minutes. */
  pendingTtlMs?: number;
  /** The clock, in epoch milliseconds, for pending expiry and rate windows. Default `Date.now`. */
  now?: () => number;
  /**
   * A shared store (not `singleProcess`) is watched for data loss through a marker
   * (data-marker.ts); this is told once per loss. Default: watched, nobody told.
   */
  onDataLost?: (since: string) => void;
  /** How often the marker is looked for, ms. Default 15 000. */
  dataCheckEveryMs?: number;
}

/** Every domain store on one KeyValueStore. */
export function createStores(options: StoresOptions): Stores {
  const { kv, keyring } = options;
  const clock = options.now ? { now: options.now } : {};
  const marker =
    kv.singleProcess === true
      ? undefined
      : watchForDataLoss({
          kv,
          onLost: options.onDataLost ?? (() => {}),
          ...(options.dataCheckEveryMs === undefined ? {} : { everyMs: options.dataCheckEveryMs }),
          ...clock,
        });
  return {
    credentials: createCredentialStore({ kv, keyring }),
    pending: createPendingStore({
      kv,
      keyring,
      ...clock,
      ...(options.pendingTtlMs === undefined ? {} : { maxTtlMs: options.pendingTtlMs }),
    }),
    settings: createSettingsStore({ kv }),
    audit: createAuditLog({ kv }),
    dedupe: createDedupeStore({ kv }),
    rateLimit: createRateLimiter({ kv, ...clock }),
    reachable: () => kv.reachable?.() ?? true,
    dataLostAt: () => marker?.lostAt(),
    holdsWriterLock: () => kv.holdsWriterLock?.() ?? true,
    proactive: createProactiveStores({ kv, keyring }),
    guard: createGuardStores({ kv }),
    reservations: createReservationStore(kv),
    references: createReferenceStore(kv),
    tokens: createTokenStore({ kv, ...clock }),
    close: () => {
      marker?.stop();
      return kv.close();
    },
  };
}

/** Where the stores live: memory for tests, SQLite for one instance, Redis for several (docs/accounts.md §3.1). */
export type StoreConfig =
  | { kind: 'memory' }
  | {
      kind: 'sqlite';
      path?: string;
      exclusive?: boolean;
      /** Told once when another process took the single-writer lock over (docs/reliability.md §5.1). */
      onLockLost?: () => void;
    }
  | {
      kind: 'redis';
      url: string;
      prefix?: string;
      /** Told once per outage, and once it recovered (docs/reliability.md §5.2: an outage is loud). */
      onError?: (error: unknown) => void;
      onRecovered?: () => void;
    };

export async function createKeyValueStoreFromConfig(config: StoreConfig): Promise<KeyValueStore> {
  switch (config.kind) {
    case 'memory':
      return createMemoryKeyValueStore();
    case 'sqlite':
      return createSqliteKeyValueStore({
        ...(config.path === undefined ? {} : { path: config.path }),
        ...(config.exclusive === undefined ? {} : { exclusive: config.exclusive }),
        ...(config.onLockLost ? { onLockLost: config.onLockLost } : {}),
      });
    case 'redis': {
      // Loaded only when configured: the Redis client is a large part of a start that does not use it.
      const { createRedisKeyValueStore } = await import('./redis-key-value-store.js');
      return createRedisKeyValueStore({
        url: config.url,
        ...(config.prefix === undefined ? {} : { prefix: config.prefix }),
        ...(config.onError ? { onError: config.onError } : {}),
        ...(config.onRecovered ? { onRecovered: config.onRecovered } : {}),
      });
    }
  }
}

export async function createStoresFromConfig(
  config: StoreConfig,
  keyring: Keyring,
  options: Omit<StoresOptions, 'kv' | 'keyring'> = {},
): Promise<Stores> {
  return createStores({ ...options, kv: await createKeyValueStoreFromConfig(config), keyring });
}
