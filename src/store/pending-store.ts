import { type EncryptedRecord, openWithKeyring, sealJson } from './credential-cipher.js';
import type { KeyValueStore } from './key-value-store.js';
import type { Keyring } from './master-key.js';
import type { EncodedArgs, PendingAction } from './records.js';
import type { PendingStore } from './stores.js';

/** Options of {@link createPendingStore}. */
export interface PendingStoreOptions {
  kv: KeyValueStore;
  /**
   * Seals each action's arguments with the credential cipher (docs/privacy.md §2.4): a confirmation of
   * `/topup <PIN>` holds the PIN, which must not sit in the store in clear.
   */
  keyring: Keyring;
  /**
   * The longest any pending action is kept, whatever its `expiresAt` says; also how long a "used"
   * marker is kept, which must outlive the action it guards. Default 15 minutes.
   */
  maxTtlMs?: number;
  /** The clock, in epoch milliseconds. Default `Date.now`. */
  now?: () => number;
}

const DEFAULT_PENDING_TTL_MS = 15 * 60_000;
const pendingKey = (id: string) => `pending:${id}`;
const usedKey = (id: string) => `pending-used:${id}`;
const argsAad = (id: string) => `telephony-bot:pending-args:v1:${id}`;
const typedAad = (id: string) => `telephony-bot:pending-typed:v1:${id}`;

/**
 * An action as stored: its arguments sealed, never in clear. The parsed arguments are sealed apart,
 * so an older instance still reads `sealedArgs` as the tokens it knows (docs/interface.md §2.1).
 */
type StoredAction = Omit<PendingAction, 'args' | 'typedArgs'> & {
  sealedArgs: EncryptedRecord;
  sealedTyped?: EncryptedRecord;
};

/**
 * Confirmations and buttons waiting for a press (docs/interface.md §2.1). Single use holds across
 * instances: `take` claims `pending-used:<id>` with the store's atomic set-if-absent, and only the
 * winner gets the action, even when two instances receive the same press.
 */
export function createPendingStore(options: PendingStoreOptions): PendingStore {
  const { kv, keyring } = options;
  const maxTtlMs = options.maxTtlMs ?? DEFAULT_PENDING_TTL_MS;
  const now = options.now ?? Date.now;
  const remainingMs = (action: Pick<PendingAction, 'expiresAt'>) => Date.parse(action.expiresAt) - now();

  /** The arguments, or undefined when no key of the ring opens them (rotated away): then it has expired. */
  const open = (stored: StoredAction): PendingAction | undefined => {
    const { sealedArgs, sealedTyped, ...rest } = stored;
    // Which key of the ring opens it is the cipher's rule; any failure here reads as expired.
    const unseal = <T>(aad: string, sealed: EncryptedRecord) =>
      openWithKeyring<T>(`pending action ${stored.id}`, aad, sealed, keyring, (cause) => {
        return new Error('pending arguments do not open', { cause });
      });
    try {
      const args = unseal<string[]>(argsAad(stored.id), sealedArgs);
      if (!sealedTyped) return { ...rest, args };
      return { ...rest, args, typedArgs: unseal<EncodedArgs>(typedAad(stored.id), sealedTyped) };
    } catch {
      return undefined;
    }
  };

  const read = async (id: string) => {
    const stored = await kv.get<StoredAction>(pendingKey(id));
    // Checked here too: the kv TTL is rounded and only enforced lazily by some backends.
    return stored !== undefined && remainingMs(stored) > 0 ? open(stored) : undefined;
  };

  return {
    async put(action) {
      const remaining = remainingMs(action);
      if (!Number.isFinite(remaining))
        throw new RangeError(`pending action ${action.id}: expiresAt is not a date`);
      if (remaining <= 0) return; // already expired: nothing a press could use
      const { args, typedArgs, ...rest } = action;
      const stored: StoredAction = {
        ...rest,
        sealedArgs: sealJson(argsAad(action.id), args, keyring.current),
        ...(typedArgs === undefined
          ? {}
          : { sealedTyped: sealJson(typedAad(action.id), typedArgs, keyring.current) }),
      };
      await kv.set(pendingKey(action.id), stored, Math.min(remaining, maxTtlMs));
    },
    get: read,
    async take(id) {
      // Read before claiming, so presses on unknown or expired ids leave no marker behind.
      const action = await read(id);
      if (action === undefined) return undefined;
      // The marker lives maxTtlMs, at least as long as the action (its TTL is capped by it).
      const won = await kv.setIfAbsent(usedKey(id), { at: new Date(now()).toISOString() }, maxTtlMs);
      if (!won) return undefined;
      await kv.delete(pendingKey(id));
      return action;
    },
    closeExpired: (action) => closeExpired(kv, action, now(), maxTtlMs),
  };
}

/**
 * The marker a press takes, taken for the expiry (docs/interface.md §2.6): whichever comes first
 * wins. A press's marker lives `maxTtlMs` from the press, which came after `createdAt`; past
 * `createdAt + maxTtlMs` its absence proves nothing, and the answer is `false`.
 */
async function closeExpired(
  kv: KeyValueStore,
  action: Pick<PendingAction, 'id' | 'createdAt'>,
  now: number,
  maxTtlMs: number,
): Promise<boolean> {
  if (!(now - Date.parse(action.createdAt) < maxTtlMs)) return false;
  const marker = { at: new Date(now).toISOString(), expired: true };
  if (await kv.setIfAbsent(usedKey(action.id), marker, maxTtlMs)) {
    await kv.delete(pendingKey(action.id));
    return true;
  }
  return (await kv.get<{ expired?: boolean }>(usedKey(action.id)))?.expired === true;
}
