import { assertKeyring, type EncryptedRecord, openWithKeyring, sealJson } from './credential-cipher.js';
import { StoreError } from './errors.js';
import type { KeyValueStore } from './key-value-store.js';
import type { Keyring, MasterKey } from './master-key.js';

/** Options of {@link createInstallationStore}. */
export interface InstallationStoreOptions {
  kv: KeyValueStore;
  /** New records are sealed with `current`; `previous` keys still open older ones. */
  keyring: Keyring;
}

/**
 * A chat platform's installations of the app (docs/operations.md §5.1: Slack workspaces installed through OAuth),
 * by installation id. A record holds that installation's tokens, so the whole record is sealed
 * with the credential cipher: the store sees neither a token nor which team holds which scopes.
 * Records are opaque JSON to this layer; the adapter that wrote one knows its shape.
 */
export interface InstallationStore {
  get<T>(id: string): Promise<T | undefined>;
  set<T>(id: string, record: T): Promise<void>;
  /** Returns whether the installation existed. */
  delete(id: string): Promise<boolean>;
  /** Every installation id, for `keys rotate` and the operator's overview. */
  ids(): AsyncIterable<string>;
}

export const INSTALLATION_PREFIX = 'install:';
const installationKey = (id: string) => INSTALLATION_PREFIX + id;

/**
 * Bound to the id, like credentials to their owner: a record copied under another workspace's id
 * fails to open, so nobody who can write the store but holds no key can hand one team another's token.
 */
const installationAad = (id: string) => `telephony-bot:installation:v1:${id}`;

export function createInstallationStore(options: InstallationStoreOptions): InstallationStore {
  const { kv, keyring } = options;
  assertKeyring(keyring);
  return {
    async get<T>(id: string) {
      const stored = await kv.get<EncryptedRecord>(installationKey(id));
      return stored === undefined ? undefined : openInstallation<T>(id, stored, keyring);
    },
    async set(id, record) {
      await kv.set(installationKey(id), sealInstallation(id, record, keyring.current));
    },
    delete: (id) => kv.delete(installationKey(id)),
    async *ids() {
      for await (const key of kv.keys(INSTALLATION_PREFIX)) yield key.slice(INSTALLATION_PREFIX.length);
    },
  };
}

/** Seals an installation record under `key`, bound to its id. */
export function sealInstallation(id: string, record: unknown, key: MasterKey): EncryptedRecord {
  return sealJson(installationAad(id), record, key);
}

/** Opens a sealed installation with whichever key of the ring sealed it; errors name no secret. */
export function openInstallation<T>(id: string, stored: EncryptedRecord, keyring: Keyring): T {
  const owner = `installation ${id}`;
  return openWithKeyring<T>(
    owner,
    installationAad(id),
    stored,
    keyring,
    (cause) =>
      new StoreError(
        'ERR_INSTALLATION_DECRYPT',
        `The ${owner} (key id ${stored.kid}) does not decrypt: the record was altered or copied from ` +
          'another installation. Install the app in that workspace again (/slack/install).',
        { cause },
      ),
  );
}
