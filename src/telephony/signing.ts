import { createHash } from 'node:crypto';
import { type Credentials, toSigningKey, usernameProblem } from './credentials.js';
import { createSigner, type SignedHeaders } from './signature.js';

/**
 * A signer for one account, or the reason its username cannot be sent (checked before any dispatch).
 * `who` names the account for admission's fairness; `flight` also tells two keys of one username
 * apart (a hash, never the key), so a read with a wrong password never joins one with the right one.
 */
export type Signing =
  | { sign: (now: Date) => SignedHeaders; who: string; flight: string }
  | { problem: string };

export function signingFor(credentials: Credentials): Signing {
  const problem = usernameProblem(credentials.username);
  if (problem) return { problem };
  const { username, key } = toSigningKey(credentials);
  const keyHash = createHash('sha256').update(key.reveal()).digest('base64url').slice(0, 16);
  return { sign: createSigner(username, key), who: username, flight: `${username}\n${keyHash}` };
}
