import type { SentMessage } from '../core/ports/notify.js';
import type { RecordStore, Revised } from '../core/ports/proactive.js';
import { type EncryptedRecord, openWithKeyring, sealJson } from './credential-cipher.js';
import type { Keyring } from './master-key.js';

/** A record with where its message landed. */
type Landed = Revised & { message?: SentMessage | undefined };

/** The landing as stored: a Slack response URL sealed, everything else as it is. */
type StoredMessage = Omit<SentMessage, 'responseUrl'> & { sealedUrl?: EncryptedRecord };

const aadOf = (id: string) => `telephony-bot:landing-url:v1:${id}`;

/**
 * A record store whose `message.responseUrl` (a Slack response URL, which lets anyone holding it
 * post into the conversation for 30 minutes) is sealed with the credential cipher, as every token
 * the store keeps (docs/privacy.md §2.4). Without a keyring the URL is not kept at all: the message
 * is then not edited through it, and nothing sits in the store in clear. A URL no key of the ring
 * opens any longer reads as absent.
 */
export function sealedLanding<T extends Landed>(
  inner: RecordStore<T>,
  keyring: Keyring | undefined,
): RecordStore<T> {
  const seal = (record: T): T => {
    if (!record.message?.responseUrl) return record;
    const { responseUrl, ...rest } = record.message;
    const sealedUrl = keyring ? { sealedUrl: sealJson(aadOf(record.id), responseUrl, keyring.current) } : {};
    return { ...record, message: { ...rest, ...sealedUrl } };
  };
  const open = (record: T | undefined): T | undefined => {
    const stored = record?.message as StoredMessage | undefined;
    if (!record || !stored?.sealedUrl || !keyring) return record;
    const { sealedUrl, ...rest } = stored;
    try {
      const failed = (cause: unknown) => new Error('landing does not open', { cause });
      const url = openWithKeyring<NonNullable<SentMessage['responseUrl']>>(
        `landing ${record.id}`,
        aadOf(record.id),
        sealedUrl,
        keyring,
        failed,
      );
      return { ...record, message: { ...rest, responseUrl: url } };
    } catch {
      return { ...record, message: rest };
    }
  };
  return {
    get: async (id) => open(await inner.get(id)),
    async *list() {
      for await (const record of inner.list()) yield open(record)!;
    },
    put: (record) => inner.put(seal(record)),
    delete: (id) => inner.delete(id),
    update: async (id, change) =>
      open(
        await inner.update(id, (current) => {
          const opened = open(current);
          const next = change(opened);
          if (next === opened) return current;
          return next === undefined ? undefined : seal(next);
        }),
      ),
    settle: async (seen, fields, o) => open(await inner.settle(seen, fields, o)),
    retire: (seen) => inner.retire(seen),
  };
}
