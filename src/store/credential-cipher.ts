import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { CredentialDecryptError, UnknownKeyIdError } from './errors.js';
import type { Keyring, MasterKey } from './master-key.js';
import type { CredentialRecord } from './records.js';

/**
 * A credential record at rest (docs/accounts.md §2.2): AES-256-GCM, a random 96-bit IV per write, the owner key
 * bound as additional authenticated data, and the id of the key that wrote it so keys can rotate.
 */
export interface EncryptedRecord {
  v: 1;
  alg: 'A256GCM';
  kid: string;
  iv: string;
  tag: string;
  data: string;
}

const IV_BYTES = 12;

/**
 * Binding the owner makes a record copied under another owner's key fail to decrypt, so one user
 * cannot be handed another's credentials by someone who can write the store but has no key.
 */
const credentialsAad = (owner: string) => `telephony-bot:credentials:v1:${owner}`;

/** Seals any JSON value with AES-256-GCM, bound to `aad` (what it is and whose). */
export function sealJson(aad: string, value: unknown, key: MasterKey): EncryptedRecord {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key.key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const data = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return {
    v: 1,
    alg: 'A256GCM',
    kid: key.id,
    iv: iv.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
    data: data.toString('base64'),
  };
}

/** Opens what {@link sealJson} sealed; throws on a wrong key, a wrong `aad` or a tampered record. */
export function openJson<T>(aad: string, stored: EncryptedRecord, key: MasterKey): T {
  const decipher = createDecipheriv('aes-256-gcm', key.key, Buffer.from(stored.iv, 'base64'));
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(Buffer.from(stored.tag, 'base64'));
  const plain = Buffer.concat([decipher.update(Buffer.from(stored.data, 'base64')), decipher.final()]);
  return JSON.parse(plain.toString('utf8')) as T;
}

export function encryptCredentials(owner: string, record: CredentialRecord, key: MasterKey): EncryptedRecord {
  return sealJson(credentialsAad(owner), record, key);
}

/** Every key of the ring, current first. */
export function keysOf(keyring: Keyring): MasterKey[] {
  return [keyring.current, ...(keyring.previous ?? [])];
}

export function decryptCredentials(
  owner: string,
  stored: EncryptedRecord,
  keyring: Keyring,
): CredentialRecord {
  return openWithKeyring<CredentialRecord>(
    owner,
    credentialsAad(owner),
    stored,
    keyring,
    (cause) => new CredentialDecryptError(owner, stored.kid, { cause }),
  );
}

/**
 * Opens a sealed record with whichever key of the ring sealed it: credentials and installations
 * alike. An unknown key id names the keys held; a record that does not open is worded by `failed`,
 * whose cause (node's "unable to authenticate data") holds no secret.
 */
export function openWithKeyring<T>(
  owner: string,
  aad: string,
  stored: EncryptedRecord,
  keyring: Keyring,
  failed: (cause: unknown) => Error,
): T {
  const keys = keysOf(keyring);
  const key = keys.find((k) => k.id === stored.kid);
  if (!key)
    throw new UnknownKeyIdError(
      owner,
      stored.kid,
      keys.map((k) => k.id),
    );
  try {
    return openJson<T>(aad, stored, key);
  } catch (error) {
    throw failed(error);
  }
}

/**
 * Two different keys under one id would read a record with the wrong key. The same key listed twice
 * (the previous key left equal to the current one after a rotation) is harmless and allowed.
 */
export function assertKeyring(keyring: Keyring): void {
  const byId = new Map<string, Buffer>();
  for (const key of keysOf(keyring)) {
    if (key.key.length !== 32)
      throw new RangeError(`master key ${key.id} must be 32 bytes, got ${key.key.length}`);
    const seen = byId.get(key.id);
    if (seen && !seen.equals(key.key))
      throw new RangeError(`the keyring holds two different keys with id ${key.id}`);
    byId.set(key.id, key.key);
  }
}
