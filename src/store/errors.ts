/**
 * Errors of the store layer. Each has a stable `code`, and its message names the fix. None carries
 * a key, a username or an md5: only key ids and owner keys, which are not secrets.
 */
export class StoreError extends Error {
  override name = 'StoreError';
  readonly code: string;
  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

/** A master key in the environment or the key file is not 32 bytes of base64 or hex. */
export class MasterKeyError extends StoreError {
  override name = 'MasterKeyError';
  constructor(message: string, options?: { cause?: unknown }) {
    super('ERR_MASTER_KEY', message, options);
  }
}

/** A credential record names a key id the keyring does not hold (a key was rotated away too early). */
export class UnknownKeyIdError extends StoreError {
  override name = 'UnknownKeyIdError';
  readonly keyId: string;
  constructor(owner: string, keyId: string, known: string[]) {
    super(
      'ERR_UNKNOWN_KEY_ID',
      `The credentials of ${owner} are encrypted under key id ${keyId}, which is not in the keyring ` +
        `(known: ${known.join(', ')}). Put the old key in BOT_ENCRYPTION_KEY_PREVIOUS, then run ` +
        '`telephony-bot keys rotate` to re-encrypt under the current key.',
    );
    this.keyId = keyId;
  }
}

/** The key id matched but the record does not decrypt: tampered, copied to another owner, or a wrong key. */
export class CredentialDecryptError extends StoreError {
  override name = 'CredentialDecryptError';
  constructor(owner: string, keyId: string, options?: { cause?: unknown }) {
    super(
      'ERR_CREDENTIAL_DECRYPT',
      `The credentials of ${owner} (key id ${keyId}) do not decrypt: the record was altered or copied ` +
        'from another chat user. Ask the user to /link again.',
      options,
    );
  }
}

/** Another live process holds the single-writer lock of this SQLite store (docs/reliability.md §5.1). */
export class StoreLockedError extends StoreError {
  override name = 'StoreLockedError';
  constructor(
    store: string,
    owner: { pid: number; host: string; since: string; staleInMs?: number } | undefined,
  ) {
    const who = owner
      ? `Another telephony-bot instance (pid ${owner.pid} on ${owner.host}, since ${owner.since})`
      : 'Another telephony-bot instance';
    const stale =
      owner?.staleInMs === undefined
        ? ''
        : ` If that instance is gone (killed on another host), its lock goes stale ${Math.ceil(owner.staleInMs / 1000)} s from now and the next start takes it over by itself.`;
    super(
      'ERR_STORE_LOCKED',
      `${who} is using the SQLite store ${store}. One SQLite store takes one instance: stop the other ` +
        'instance, or give this one its own DATA_DIR. To run several instances, share Redis instead: ' +
        `set REDIS_URL (for example REDIS_URL=redis://localhost:6379) on every instance.${stale}`,
    );
  }
}

/** The shared store (Redis) cannot be reached right now; the client reconnects by itself (docs/reliability.md §5.2). */
export class StoreUnavailableError extends StoreError {
  override name = 'StoreUnavailableError';
  constructor(options?: { cause?: unknown }) {
    super(
      'ERR_STORE_UNAVAILABLE',
      'The shared store (REDIS_URL) cannot be reached; nothing was done. The bot reconnects by itself.',
      options,
    );
  }
}
