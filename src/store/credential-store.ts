import {
  assertKeyring,
  decryptCredentials,
  type EncryptedRecord,
  encryptCredentials,
} from './credential-cipher.js';
import type { KeyValueStore } from './key-value-store.js';
import type { Keyring } from './master-key.js';
import type { CredentialStore } from './stores.js';

/** Options of {@link createCredentialStore}. */
export interface CredentialStoreOptions {
  kv: KeyValueStore;
  /** New records are written with `current`; `previous` keys still read older ones. */
  keyring: Keyring;
}

export const CREDENTIAL_PREFIX = 'cred:';
export const credentialKey = (owner: string) => CREDENTIAL_PREFIX + owner;

/** Credentials encrypted at rest (docs/accounts.md §2.2); the kv only ever sees an {@link EncryptedRecord}. */
export function createCredentialStore(options: CredentialStoreOptions): CredentialStore {
  const { kv, keyring } = options;
  assertKeyring(keyring);
  return {
    async get(owner) {
      const stored = await kv.get<EncryptedRecord>(credentialKey(owner));
      return stored === undefined ? undefined : decryptCredentials(owner, stored, keyring);
    },
    async set(owner, record) {
      await kv.set(credentialKey(owner), encryptCredentials(owner, record, keyring.current));
    },
    async delete(owner) {
      return kv.delete(credentialKey(owner));
    },
    async *owners() {
      for await (const key of kv.keys(CREDENTIAL_PREFIX)) yield key.slice(CREDENTIAL_PREFIX.length);
    },
  };
}
