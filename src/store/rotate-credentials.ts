import {
  assertKeyring,
  decryptCredentials,
  type EncryptedRecord,
  encryptCredentials,
} from './credential-cipher.js';
import { CREDENTIAL_PREFIX } from './credential-store.js';
import { INSTALLATION_PREFIX, openInstallation, sealInstallation } from './installation-store.js';
import type { KeyValueStore } from './key-value-store.js';
import type { Keyring } from './master-key.js';

/** Options of {@link rotateCredentials}. */
export interface RotateCredentialsOptions {
  kv: KeyValueStore;
  /** The keys the records may be under now (usually the old current key). */
  from: Keyring;
  /** The keyring after the rotation; every record ends under `to.current`. */
  to: Keyring;
}

export interface RotationResult {
  /** Credential and installation records seen. */
  total: number;
  /** Re-encrypted under the new key by this run. */
  rotated: number;
  /** Already under the new key (a second run, or written by a bot that already had the new key). */
  unchanged: number;
  /** Records that decrypt with no key of either ring; they stay as they were. */
  failed: Array<{ owner: string; code: string; message: string }>;
}

/**
 * Re-encrypts every credential, and every chat-platform installation (docs/accounts.md §2.4), under `to.current`
 * (docs/accounts.md §2.4, `telephony-bot keys rotate`).
 *
 * Idempotent and restartable: a record already under the new key is skipped, so a run that was
 * interrupted is simply run again. Reads use both rings, so it does not matter which key a record
 * is under. Run it once the bot instances already use the new key as current and keep the old one
 * as previous: then they read both while this runs, and remove the old key only when `failed` is empty.
 */
export async function rotateCredentials(options: RotateCredentialsOptions): Promise<RotationResult> {
  const { kv, from, to } = options;
  assertKeyring(to);
  const reading: Keyring = {
    current: to.current,
    previous: [...(to.previous ?? []), from.current, ...(from.previous ?? [])],
  };
  assertKeyring(reading);
  const result: RotationResult = { total: 0, rotated: 0, unchanged: 0, failed: [] };
  await rotateUnder(kv, CREDENTIAL_PREFIX, result, to.current.id, (owner, stored) =>
    encryptCredentials(owner, decryptCredentials(owner, stored, reading), to.current),
  );
  // Chat-platform installations (Slack OAuth, docs/operations.md §5.1) hold bot tokens under the same keys.
  await rotateUnder(kv, INSTALLATION_PREFIX, result, to.current.id, (id, stored) =>
    sealInstallation(id, openInstallation<unknown>(id, stored, reading), to.current),
  );
  return result;
}

/** Re-seals every record under `prefix` that is not under `to`'s key yet, counting into `result`. */
async function rotateUnder(
  kv: KeyValueStore,
  prefix: string,
  result: RotationResult,
  currentId: string,
  reseal: (owner: string, stored: EncryptedRecord) => EncryptedRecord,
): Promise<void> {
  // Collect first: rewriting keys while a SCAN or a paged iterator walks them is allowed to repeat or skip.
  const keys: string[] = [];
  for await (const key of kv.keys(prefix)) keys.push(key);
  for (const key of keys) {
    const owner = key.slice(prefix.length);
    const stored = await kv.get<EncryptedRecord>(key);
    if (stored === undefined) continue; // unlinked meanwhile
    result.total++;
    if (stored.kid === currentId) {
      result.unchanged++;
      continue;
    }
    try {
      const rewritten = reseal(owner, stored);
      // A user may have re-linked since the read; only overwrite the record that was decrypted.
      const again = await kv.get<EncryptedRecord>(key);
      if (again === undefined) continue; // unlinked meanwhile
      if (again.data !== stored.data) {
        if (again.kid === rewritten.kid) result.unchanged++;
        else
          result.failed.push({ owner, code: 'ERR_CHANGED', message: 'changed during rotation; run again' });
        continue;
      }
      await kv.set(key, rewritten);
      result.rotated++;
    } catch (error) {
      const e = error as { code?: string; message?: string };
      result.failed.push({ owner, code: e.code ?? 'ERR_UNKNOWN', message: e.message ?? String(error) });
    }
  }
}
