import { createHash, randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { diskErrorOf, namingDisk } from './disk-errors.js';
import { MasterKeyError } from './errors.js';

/** One AES-256 key and the id written into every record it encrypts. */
export interface MasterKey {
  id: string;
  /** 32 bytes. */
  key: Buffer;
}

/**
 * The keys credentials are read with. New records are written with `current`; `previous` keys only
 * decrypt, so that records written before a rotation stay readable until `rotateCredentials` ends.
 */
export interface Keyring {
  current: MasterKey;
  previous?: MasterKey[];
}

export const MASTER_KEY_BYTES = 32;

/**
 * A key id derived from the key: the same key always gets the same id, and nobody has to name keys.
 * A truncated hash under its own label tells nothing about the key.
 */
export function keyIdOf(key: Buffer): string {
  return createHash('sha256').update('telephony-bot master key id\0').update(key).digest('hex').slice(0, 16);
}

/** A Keyring from raw keys, with derived ids. */
export function keyringFromKeys(current: Buffer, previous: Buffer[] = []): Keyring {
  const toMasterKey = (key: Buffer): MasterKey => ({ id: keyIdOf(key), key });
  return { current: toMasterKey(current), previous: previous.map(toMasterKey) };
}

/**
 * Reads a master key written as hex (64 characters) or base64 (44 characters, standard or URL-safe).
 * `name` is the setting it came from, so the error names what to fix.
 */
export function parseMasterKey(text: string, name = 'BOT_ENCRYPTION_KEY'): Buffer {
  const trimmed = text.trim();
  let key: Buffer | undefined;
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) key = Buffer.from(trimmed, 'hex');
  else if (/^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)) key = Buffer.from(trimmed, 'base64');
  if (key?.length !== MASTER_KEY_BYTES) {
    throw new MasterKeyError(
      `${name} must be ${MASTER_KEY_BYTES} random bytes written as base64 (44 characters) or hex ` +
        `(64 characters); got ${trimmed.length} characters. Generate one with \`openssl rand -base64 32\`.`,
    );
  }
  return key;
}

export function generateMasterKey(): Buffer {
  return randomBytes(MASTER_KEY_BYTES);
}

export function formatMasterKey(key: Buffer): string {
  return key.toString('base64');
}

export interface MasterKeyFile {
  key: Buffer;
  /** True on the first start, when the key was generated; the caller says so (docs/accounts.md §2.3). */
  created: boolean;
  path: string;
}

/**
 * The embedded default (docs/accounts.md §2.3): with no BOT_ENCRYPTION_KEY, the first start generates a key into
 * a file readable by its owner only (0600), and later starts read it back. The file is created with
 * a temporary file and hard-linked into place: the link fails if the file exists, so two processes
 * starting together cannot each write a different key, nor read a half-written one.
 */
export async function loadOrCreateMasterKeyFile(path: string): Promise<MasterKeyFile> {
  const full = resolve(path);
  // A key already there is read without writing anything: a full or read-only disk does not stop it.
  const existing = await readKeyFile(full);
  if (existing) return existing;
  return namingDisk(full, async () => {
    await mkdir(dirname(full), { recursive: true, mode: 0o700 });
    const key = generateMasterKey();
    const temporary = `${full}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      await writeFile(temporary, `${formatMasterKey(key)}\n`, { mode: 0o600, flag: 'wx' });
      await link(temporary, full);
      return { key, created: true, path: full };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      // Also after a failed write: no empty key file is left behind on a full disk.
      await unlink(temporary).catch(() => undefined);
    }
    return (await readKeyFile(full))!;
  });
}

async function readKeyFile(full: string): Promise<MasterKeyFile | undefined> {
  let text: string;
  try {
    text = await readFile(full, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw diskErrorOf(error, full) ?? error;
  }
  return { key: parseMasterKey(text, `The key file ${full}`), created: false, path: full };
}
