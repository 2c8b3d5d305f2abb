import { createSign, generateKeyPairSync, type KeyObject, randomUUID } from 'node:crypto';

/**
 * The signing side of Microsoft's identity platform, as docs/teams.md §5 describes it: RS256 keys
 * published at `<authority>/<tenant>/discovery/v2.0/keys` (a JWKS), and tokens signed with one of
 * them, naming it by `kid`. A second key pair, never published, signs the "wrong key" token.
 */
export interface SigningKey {
  readonly kid: string;
  readonly privateKey: KeyObject;
  readonly jwk: Record<string, unknown>;
}

export function signingKey(): SigningKey {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = randomUUID();
  return {
    kid,
    privateKey,
    jwk: { ...publicKey.export({ format: 'jwk' }), kid, kty: 'RSA', use: 'sig', alg: 'RS256' },
  };
}

const b64url = (value: object | Buffer) =>
  (Buffer.isBuffer(value) ? value : Buffer.from(JSON.stringify(value))).toString('base64url');

/** A compact JWS, RS256, signed with `key` (jsonwebtoken's wire format, written out). */
export function signJwt(key: SigningKey, claims: Record<string, unknown>, alg = 'RS256'): string {
  const head = `${b64url({ alg, typ: 'JWT', kid: key.kid })}.${b64url(claims)}`;
  const signature = createSign('RSA-SHA256').update(head).sign(key.privateKey);
  return `${head}.${b64url(signature)}`;
}

/** What an inbound token says, as Teams' channel service mints it (iss, aud, tid, serviceurl, exp). */
export interface InboundClaims {
  readonly iss: string;
  readonly aud: string;
  readonly tid: string;
  readonly serviceurl: string;
  /** Seconds since the epoch. */
  readonly exp: number;
  readonly nbf?: number;
}
