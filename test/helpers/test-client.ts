import {
  authorization,
  createTelephonyClient,
  md5Hex,
  parseXDate,
  type TelephonyClientOptions,
  type TelephonyClientWithMethods,
} from '../../src/telephony/index.js';
import type { FixtureServer, RecordedRequest } from './fixture-server.js';

/** The end user's account (spec 5). */
export const ACCOUNT = { username: 'alice', password: 'Acc0unt-Pa55!' } as const;
export const ACCOUNT_MD5 = md5Hex(ACCOUNT.password);
/** The PIN-creation account of provider-notes D2: a separate credential. */
export const CARD_ACCOUNT = { username: 'pin-maker', password: 'C4rd-Cre8tor?' } as const;
export const CARD_MD5 = md5Hex(CARD_ACCOUNT.password);

/** A client for the fixture server with fast retries; tests override what they exercise. */
export function clientFor(
  server: FixtureServer,
  overrides: Partial<TelephonyClientOptions> = {},
): TelephonyClientWithMethods {
  return createTelephonyClient({
    baseUrl: server.url,
    credentials: ACCOUNT,
    cardCredentials: CARD_ACCOUNT,
    timeoutMs: 5_000,
    retry: { baseDelayMs: 1, maxDelayMs: 2 },
    random: () => 0.5,
    ...overrides,
  });
}

/** Whether a recorded request's x-authorization is valid for its own x-date, under the given key. */
export function signedWith(req: RecordedRequest, username: string, key: string): boolean {
  const xDate = req.headers['x-date'];
  if (typeof xDate !== 'string' || parseXDate(xDate) === undefined) return false;
  return req.headers['x-authorization'] === authorization(username, key, xDate);
}
