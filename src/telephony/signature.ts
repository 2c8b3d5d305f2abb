import { createHash, createHmac } from 'node:crypto';

/** `md5_hex(password)`: the signing key K of provider-notes 1.1. It is a secret in its own right. */
export function md5Hex(password: string): string {
  return createHash('md5').update(password, 'utf8').digest('hex');
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The `x-date` header form of spec 5 / provider-notes 1.2: `YYYY-MM-DD HH:MM:SS.ffffff GMT+0000`, UTC. */
export function formatXDate(date: Date): string {
  return (
    `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}.` +
    `${pad(date.getUTCMilliseconds(), 3)}000 GMT+0000`
  );
}

const X_DATE = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})\.(\d{6}) GMT\+0000$/;

/** Parses an `x-date`; `undefined` when the text is not in the exact form. Microseconds below ms are dropped. */
export function parseXDate(text: string): Date | undefined {
  const m = X_DATE.exec(text);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, f] = m.map(Number) as number[];
  const ms = Date.UTC(y!, mo! - 1, d!, h!, mi!, s!, Math.floor(f! / 1000));
  const date = new Date(ms);
  // Reject impossible dates such as 2026-02-31 that Date.UTC would roll over.
  if (date.getUTCMonth() !== mo! - 1 || date.getUTCDate() !== d!) return undefined;
  return date;
}

/** `base64(HMAC-SHA1(key = K, K + "\n" + xDate))`, provider-notes 1.1. Pure: the caller supplies the date. */
export function signature(key: string, xDate: string): string {
  return createHmac('sha1', Buffer.from(key, 'utf8')).update(`${key}\n${xDate}`, 'utf8').digest('base64');
}

/** The `x-authorization` header value `<username>:<signature>`. */
export function authorization(username: string, key: string, xDate: string): string {
  return `${username}:${signature(key, xDate)}`;
}

/** Both signed headers for one attempt; called afresh on every attempt because the window is 180 s. */
export function signHeaders(
  username: string,
  key: string,
  now: Date,
): { 'x-date': string; 'x-authorization': string } {
  const xDate = formatXDate(now);
  return { 'x-date': xDate, 'x-authorization': authorization(username, key, xDate) };
}

export type SignedHeaders = { readonly 'x-date': string; readonly 'x-authorization': string };

/**
 * `signHeaders` for one account, remembering its last result. The x-date has millisecond resolution
 * and the signature depends on nothing but the key and the x-date (provider-notes 1.1), so requests
 * made within the same millisecond share one HMAC instead of computing it again. Every attempt still
 * reads the clock and gets its own x-date; only an identical x-date reuses the identical signature.
 */
export function createSigner(username: string, key: { reveal(): string }): (now: Date) => SignedHeaders {
  let last: SignedHeaders | undefined;
  return (now) => {
    const xDate = formatXDate(now);
    if (last === undefined || last['x-date'] !== xDate) {
      last = { 'x-date': xDate, 'x-authorization': authorization(username, key.reveal(), xDate) };
    }
    return last;
  };
}
