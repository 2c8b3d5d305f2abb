import { timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { parseXDate, signature } from '../telephony/signature.js';
import { Refusal } from './envelope.js';
import type { AccountState } from './state-schema.js';

/** provider-notes 1.2: a request is valid for 180 s after its x-date. */
export const WINDOW_MS = 180_000;
/**
 * An x-date up to 5 s ahead of the sandbox clock is accepted: real clocks that are in sync still
 * differ by a few hundred ms, and the provider's own tolerance is not published. Beyond it: 1012.
 */
export const FUTURE_TOLERANCE_MS = 5_000;

/** The claimed user name, for the log line only; never trusted, cut to a harmless form. */
export function claimedUser(headers: IncomingHttpHeaders): string {
  const auth = headers['x-authorization'];
  if (typeof auth !== 'string') return '-';
  const name = auth.slice(0, Math.max(0, auth.lastIndexOf(':')));
  return /^[A-Za-z0-9._@-]{1,64}$/.test(name) ? name : '?';
}

/**
 * Verifies `x-date` and `x-authorization` (provider-notes 1.1): HMAC-SHA1 keyed with the md5 of the
 * stored password, compared in constant time. Missing headers, a malformed x-date (it is part of
 * the signed credentials), an unknown user or a wrong signature are all 401, with no hint which.
 * The time window is checked only after the signature, so unsigned probes learn nothing: 1011 when
 * older than 180 s, 1012 when ahead by more than FUTURE_TOLERANCE_MS.
 */
export function authenticate(
  headers: IncomingHttpHeaders,
  now: Date,
  lookup: (username: string) => AccountState | undefined,
): AccountState {
  const xDate = headers['x-date'];
  const auth = headers['x-authorization'];
  if (typeof xDate !== 'string' || typeof auth !== 'string') throw new Refusal(401);
  const colon = auth.lastIndexOf(':');
  if (colon <= 0) throw new Refusal(401);
  const account = lookup(auth.slice(0, colon));
  const sent = Buffer.from(auth.slice(colon + 1), 'utf8');
  // Compute even for an unknown user, so timing does not tell which user names exist.
  const expected = Buffer.from(signature(account?.key ?? '0'.repeat(32), xDate), 'utf8');
  const match = sent.length === expected.length && timingSafeEqual(sent, expected);
  if (!account || !match) throw new Refusal(401);
  const date = parseXDate(xDate);
  if (!date) throw new Refusal(401);
  const age = now.getTime() - date.getTime();
  if (age > WINDOW_MS) throw new Refusal(1011);
  if (age < -FUTURE_TOLERANCE_MS) throw new Refusal(1012);
  return account;
}
