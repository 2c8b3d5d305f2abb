export type { AuditLogOptions } from './audit-log.js';
export { createAuditLog } from './audit-log.js';
export { createChannelMemory } from './channel-memory.js';
export { checkKeyring } from './check-keyring.js';
export type { StoreConfig, StoresOptions } from './create-stores.js';
export { createKeyValueStoreFromConfig, createStores, createStoresFromConfig } from './create-stores.js';
export type { EncryptedRecord } from './credential-cipher.js';
export type { CredentialStoreOptions } from './credential-store.js';
export { createCredentialStore } from './credential-store.js';
export type { DedupeStoreOptions } from './dedupe-store.js';
export { createDedupeStore } from './dedupe-store.js';
export {
  CredentialDecryptError,
  MasterKeyError,
  StoreError,
  StoreLockedError,
  StoreUnavailableError,
  UnknownKeyIdError,
} from './errors.js';
export type { InstallationStore, InstallationStoreOptions } from './installation-store.js';
export { createInstallationStore } from './installation-store.js';
export type { InstanceLock } from './instance-lock.js';
export { acquireInstanceLock } from './instance-lock.js';
export type { KeyValueStore } from './key-value-store.js';
export type { KeyvKeyValueStoreOptions } from './keyv-key-value-store.js';
export { createKeyvKeyValueStore } from './keyv-key-value-store.js';
export type { Keyring, MasterKey, MasterKeyFile } from './master-key.js';
export {
  formatMasterKey,
  generateMasterKey,
  keyIdOf,
  keyringFromKeys,
  loadOrCreateMasterKeyFile,
  parseMasterKey,
} from './master-key.js';
export type { MemoryKeyValueStoreOptions } from './memory-key-value-store.js';
export { createMemoryKeyValueStore } from './memory-key-value-store.js';
export type { PendingStoreOptions } from './pending-store.js';
export { createPendingStore } from './pending-store.js';
export {
  ensurePrivateDir,
  ensurePrivateFile,
  PRIVATE_DIR_MODE,
  PRIVATE_FILE_MODE,
} from './private-files.js';
export type { RateLimiterOptions } from './rate-limiter.js';
export { createRateLimiter } from './rate-limiter.js';
export type * from './records.js';
// createRedisKeyValueStore is imported from './redis-key-value-store.js' directly: re-exported here it
// would load the Redis client into every start (docs/operations.md §1.4, bench:start).
export type { RedisKeyValueStoreOptions } from './redis-key-value-store.js';
export type { RotateCredentialsOptions, RotationResult } from './rotate-credentials.js';
export { rotateCredentials } from './rotate-credentials.js';
export type { SettingsStoreOptions } from './settings-store.js';
export { createSettingsStore } from './settings-store.js';
export type { SqliteKeyValueStoreOptions } from './sqlite-key-value-store.js';
export { createSqliteKeyValueStore, DEFAULT_SQLITE_PATH } from './sqlite-key-value-store.js';
export type * from './stores.js';
