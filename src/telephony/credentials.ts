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

/** The longest username the client sends; the provider publishes no limit (spec 8). */
export const MAX_USERNAME_LENGTH = 100;

/**
 * The username travels in the `x-authorization` header (spec 5), and a header carries only visible
 * ASCII reliably: `dım`, `ბ` or a control character cannot be sent at all (docs/reliability.md §4.1). Returns the
 * fix in plain words, or undefined when the username can be sent.
 */
export function usernameProblem(username: string): string | undefined {
  switch (usernameIssue(username)) {
    case 'empty':
      return 'the username is empty; type it as the provider gave it, e.g. alice.smith';
    case 'long':
      return `a username has at most ${MAX_USERNAME_LENGTH} characters; check it, e.g. alice.smith`;
    case 'characters':
      return 'a username has only unaccented letters, digits and signs such as . _ @ -, without spaces; type it as the provider gave it, e.g. alice.smith';
    default:
      return undefined;
  }
}

/** What is wrong with a username, for callers that word the fix themselves (the bot's catalogue). */
export function usernameIssue(username: string): 'empty' | 'long' | 'characters' | undefined {
  if (username.length === 0) return 'empty';
  if (username.length > MAX_USERNAME_LENGTH) return 'long';
  if (!/^[\x21-\x7e]+$/.test(username)) return 'characters';
  return undefined;
}

export function toSigningKey(credentials: Credentials): SigningKey {
  if ('md5' in credentials) {
    if (!/^[0-9a-f]{32}$/i.test(credentials.md5))
      throw new TypeError('credentials.md5 must be 32 hex characters');
    return { username: credentials.username, key: new Secret(credentials.md5.toLowerCase()) };
  }
  return { username: credentials.username, key: new Secret(md5Hex(credentials.password)) };
}
