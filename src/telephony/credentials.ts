import { Secret } from './secret.js';
import { md5Hex } from './signature.js';

/**
 * Credentials to sign with. Pass the md5 form to avoid ever holding the password
 * (provider-notes 1.1: only `md5_hex(password)` is needed, and it is still a secret).
 */
export type Credentials = { username: string; password: string } | { username: string; md5: string };

export interface SigningKey {
  readonly username: string;
  readonly key: Secret;
}

export function toSigningKey(credentials: Credentials): SigningKey {
  if ('md5' in credentials) {
    if (!/^[0-9a-f]{32}$/i.test(credentials.md5))
      throw new TypeError('credentials.md5 must be 32 hex characters');
    return { username: credentials.username, key: new Secret(credentials.md5.toLowerCase()) };
  }
  return { username: credentials.username, key: new Secret(md5Hex(credentials.password)) };
}
