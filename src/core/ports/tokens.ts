/**
 * Access given to an outside client (an assistant) on a person's behalf, granted by that
 * person from their own chat with the bot (docs/mcp.md §8). The store keeps every code and token
 * hashed: a token given here is hashed by the store before it is kept or looked up, so a copy of
 * the store grants nothing.
 */

/** A client that registered itself (OAuth dynamic client registration): its metadata as sent. */
export interface AccessClient {
  clientId: string;
  /** Its registration as JSON (name, redirect URIs, …), kept whole; never a secret of ours. */
  metadata: Record<string, unknown>;
  createdAt: string;
}

/** A pending authorization: what a browser asked, waiting for the person's answer in chat. */
export interface AccessRequest {
  /** The short code the person types (`/assistants connect CODE`); single use. */
  code: string;
  clientId: string;
  clientName: string;
  redirectUri: string;
  /** Everything the authorization code must be bound to (PKCE challenge, state, scopes, resource). */
  binding: Record<string, string | string[] | undefined>;
  expiresAt: string;
}

/** The person's answer to a request: who approved, or a denial. */
export type AccessDecision = { kind: 'approved'; owner: string } | { kind: 'denied' };

/** One client's access for one person: listed and revoked from chat. */
export interface AccessGrant {
  id: string;
  /** identityKey of the person it acts for. */
  owner: string;
  clientId: string;
  clientName: string;
  /** The host of the redirect URI the person approved. */
  redirectHost: string;
  createdAt: string;
  lastUsedAt?: string | undefined;
}

/** What a token (access or refresh) stands for. */
export interface TokenInfo {
  grantId: string;
  owner: string;
  clientId: string;
  kind: 'access' | 'refresh';
  expiresAt: string;
  scopes: string[];
  resource?: string | undefined;
}

export interface TokenStore {
  /** Keeps a client; its secret, when it has one, only as a hash. */
  putClient(client: AccessClient, secret?: string): Promise<void>;
  client(clientId: string): Promise<AccessClient | undefined>;
  /** Whether `secret` is the client's: `'none'` when it has no secret (a public client). */
  clientSecret(clientId: string, secret: string | undefined): Promise<'match' | 'mismatch' | 'none'>;

  /** Keeps a request until its expiry, under its short code. */
  openRequest(request: AccessRequest): Promise<void>;
  /** A live request by its short code (case-insensitive), else undefined. */
  request(code: string): Promise<AccessRequest | undefined>;
  /** Records the answer once: false when the request is gone, expired or already answered. */
  decide(code: string, decision: AccessDecision): Promise<boolean>;
  /** The answer given, if any. */
  decision(code: string): Promise<AccessDecision | undefined>;
  /**
   * Ends a request (its authorization code is issued, or it was denied): later reads find nothing.
   * True for the one caller that ended it, across instances.
   */
  closeRequest(code: string): Promise<boolean>;

  /** Keeps a one-time authorization code (hashed) for what it grants, for `ttlMs`. */
  putCode(
    code: string,
    grant: Omit<TokenInfo, 'kind' | 'expiresAt' | 'grantId'> & CodeBinding,
    ttlMs: number,
  ): Promise<void>;
  /** Reads a code without using it (the PKCE challenge is checked before the exchange). */
  peekCode(code: string): Promise<(TokenInfo & CodeBinding) | undefined>;
  /** Single use: the first caller gets it, every later caller undefined. */
  takeCode(code: string): Promise<(TokenInfo & CodeBinding) | undefined>;

  /** Records a new grant and its first tokens. */
  grant(grant: AccessGrant, tokens: IssuedToken[]): Promise<void>;
  /** Adds tokens to a live grant (a refresh); false when the grant was revoked. */
  addTokens(grantId: string, owner: string, tokens: IssuedToken[]): Promise<boolean>;
  /** What a live token stands for; undefined for an unknown, expired or revoked one. */
  token(token: string): Promise<TokenInfo | undefined>;
  /** Single use of a refresh token (rotation). */
  takeToken(token: string): Promise<TokenInfo | undefined>;
  /** Ends one token (OAuth revocation). */
  revokeToken(token: string): Promise<void>;
  /** Notes a use of the grant (shown as "last used"). */
  touch(owner: string, grantId: string, at: string): Promise<void>;
  /** A person's grants, oldest first. */
  grants(owner: string): Promise<AccessGrant[]>;
  /** Revokes a grant and every token of it; false when it was not there. */
  revoke(owner: string, grantId: string): Promise<boolean>;
}

/** What an authorization code is bound to besides the grant. */
export interface CodeBinding {
  clientName: string;
  redirectUri: string;
  codeChallenge: string;
}

/** A token to keep (hashed) with what it stands for. */
export interface IssuedToken {
  token: string;
  info: Omit<TokenInfo, 'grantId' | 'owner' | 'clientId'>;
}
