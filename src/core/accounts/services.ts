import type { TelephonyClientWithMethods } from '../../telephony/client.js';
import type { Credentials } from '../../telephony/credentials.js';

/** The linked client a handler gets, with the username it acts as (for audit lines). */
export interface AccountClient {
  client: TelephonyClientWithMethods;
  username: string;
  label: string;
}

export interface CardClient {
  client: TelephonyClientWithMethods;
  username: string;
}

/**
 * Builds a signed client for stored credentials. The composition root shares one transport (and
 * its keep-alive pools) between all of them, so a client per chat user costs nothing.
 */
export type ClientFactory = (credentials: {
  account?: Credentials;
  card?: Credentials;
}) => TelephonyClientWithMethods;
