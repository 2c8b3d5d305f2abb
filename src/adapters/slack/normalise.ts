import { createHash } from 'node:crypto';

/** The user id of a Slack identity's key (`slack:T…:U…`), else `undefined`. */
export function userOfSlackKey(key: string): string | undefined {
  return /^slack:[A-Z0-9]+:([UW][A-Z0-9]+)$/.exec(key)?.[1];
}

/** A stable digest of a request body, for dedupe keys when Slack gave no unique id. */
export function bodyDigest(body: unknown): string {
  return createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 32);
}
