import { decryptCredentials, type EncryptedRecord, keysOf } from './credential-cipher.js';
import { CREDENTIAL_PREFIX } from './credential-store.js';
import { MasterKeyError } from './errors.js';
import { INSTALLATION_PREFIX, openInstallation } from './installation-store.js';
import type { KeyValueStore } from './key-value-store.js';
import type { Keyring } from './master-key.js';

/** How many records {@link checkKeyring} tries at most; one readable record is enough. */
const SAMPLE = 50;

/**
 * Fails when credentials are stored and not one of them decrypts with the keyring: the bot was
 * started with the wrong master key (docs/reliability.md §5.5). Finding that per
 * command would leave a bot that reports ready and answers every user "something went wrong".
 * A single unreadable record among readable ones is a per-user problem, reported when used.
 */
export async function checkKeyring(kv: KeyValueStore, keyring: Keyring): Promise<void> {
  let tried = 0;
  const kids = new Set<string>();
  // Credentials first; a bot serving only Slack installations (docs/operations.md §5.1) has those to check.
  const kinds: [string, string, (id: string, stored: EncryptedRecord) => unknown][] = [
    ['credentials', CREDENTIAL_PREFIX, (id, stored) => decryptCredentials(id, stored, keyring)],
    ['Slack installations', INSTALLATION_PREFIX, (id, stored) => openInstallation(id, stored, keyring)],
  ];
  const seen = new Set<string>();
  for (const [what, prefix, open] of kinds) {
    for await (const key of kv.keys(prefix)) {
      const stored = await kv.get<EncryptedRecord>(key);
      if (stored === undefined) continue;
      seen.add(what);
      try {
        open(key.slice(prefix.length), stored);
        return;
      } catch {
        kids.add(stored.kid);
      }
      if (++tried >= SAMPLE) break;
    }
    if (tried >= SAMPLE) break;
  }
  if (tried === 0) return;
  const have = keysOf(keyring).map((k) => k.id);
  throw new MasterKeyError(
    `None of the ${tried === SAMPLE ? `first ${SAMPLE}` : tried} stored ${[...seen].join(' and ')} decrypts with the configured master key ` +
      `(stored under key id ${[...kids].join(', ')}; configured: ${have.join(', ')}). ` +
      'Set BOT_ENCRYPTION_KEY to the key they were stored with (or keep <DATA_DIR>/master.key), ' +
      'or put it in BOT_ENCRYPTION_KEY_PREVIOUS and run `telephony-bot keys rotate`.',
  );
}
