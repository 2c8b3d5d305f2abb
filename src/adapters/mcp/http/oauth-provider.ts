import { randomBytes, randomUUID } from 'node:crypto';
import type { OAuthRegisteredClientsStore } from '@modelcontextprotocol/sdk/server/auth/clients.js';
import { InvalidGrantError, InvalidTokenError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type {
  AuthorizationParams,
  OAuthServerProvider,
} from '@modelcontextprotocol/sdk/server/auth/provider.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { OAuthClientInformationFull, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { Response } from 'express';
import type { IssuedToken, TokenInfo, TokenStore } from '../../../core/index.js';

/** How long an access token works; a refresh token; an authorization code (docs/mcp.md §8.3). */
export const ACCESS_TTL_S = 3600;
const REFRESH_TTL_S = 30 * 24 * 3600;
export const CODE_TTL_MS = 60_000;

export interface ProviderOptions {
  tokens: TokenStore;
  /** The `/mcp` resource every token is issued for. */
  resource: URL;
  /** Renders the consent page for a new request (consent-page.ts). */
  authorize(client: OAuthClientInformationFull, params: AuthorizationParams, res: Response): Promise<void>;
  now?: () => number;
}

/** A new random token or code: 32 bytes, URL-safe. */
export const newSecret = () => randomBytes(32).toString('base64url');

/**
 * Our OAuth authorization server behind the SDK's `mcpAuthRouter` (docs/mcp.md §8): clients register
 * themselves, the person answers in chat (the consent page), and codes and tokens live hashed in the
 * token store. A client's secret is kept as a hash too and checked before the SDK's handlers
 * (client-secret.ts), so the SDK sees every client as one without a secret.
 */
export function createOAuthProvider(o: ProviderOptions): OAuthServerProvider {
  const now = o.now ?? Date.now;
  const clientsStore = clientsOf(o.tokens, now);
  const issue = (grant: Pick<TokenInfo, 'scopes' | 'resource'>) => issueTokens(grant, now);
  const used = lastUsed(o.tokens, now);
  return {
    get clientsStore() {
      return clientsStore;
    },
    authorize: o.authorize,
    async challengeForAuthorizationCode(client, code) {
      const found = await o.tokens.peekCode(code);
      if (found?.clientId !== client.client_id) throw new InvalidGrantError('unknown or used code');
      return found.codeChallenge;
    },
    async exchangeAuthorizationCode(client, code, _verifier, redirectUri) {
      const found = await o.tokens.takeCode(code);
      if (found?.clientId !== client.client_id) throw new InvalidGrantError('unknown or used code');
      if (redirectUri !== undefined && redirectUri !== found.redirectUri)
        throw new InvalidGrantError('redirect_uri differs from the authorization request');
      const { tokens, issued } = issue(found);
      const grant = {
        id: randomUUID(),
        owner: found.owner,
        clientId: found.clientId,
        clientName: found.clientName,
        redirectHost: new URL(found.redirectUri).host,
        createdAt: new Date(now()).toISOString(),
      };
      await o.tokens.grant(grant, issued);
      return tokens;
    },
    async exchangeRefreshToken(client, refreshToken) {
      const found = await o.tokens.takeToken(refreshToken);
      if (found?.kind !== 'refresh' || found.clientId !== client.client_id)
        throw new InvalidGrantError('unknown, used or revoked refresh token');
      const { tokens, issued } = issue(found);
      if (!(await o.tokens.addTokens(found.grantId, found.owner, issued)))
        throw new InvalidGrantError('the access was revoked');
      return tokens;
    },
    async verifyAccessToken(token): Promise<AuthInfo> {
      const found = await o.tokens.token(token);
      if (found?.kind !== 'access') throw new InvalidTokenError('unknown, expired or revoked token');
      await used(found);
      return {
        token,
        clientId: found.clientId,
        scopes: found.scopes,
        expiresAt: Math.floor(Date.parse(found.expiresAt) / 1000),
        resource: new URL(found.resource ?? o.resource.href),
        extra: { owner: found.owner, grantId: found.grantId },
      };
    },
    revokeToken: (client, request) => revokeGrant(o.tokens, client.client_id, request.token),
  };
}

/** Registered clients in the token store; a client's secret goes there only as a hash. */
function clientsOf(tokens: TokenStore, now: () => number): OAuthRegisteredClientsStore {
  return {
    async getClient(clientId) {
      const found = await tokens.client(clientId);
      return found && (found.metadata as unknown as OAuthClientInformationFull);
    },
    async registerClient(client) {
      const full = client as OAuthClientInformationFull;
      const { client_secret, ...rest } = full;
      const createdAt = new Date(now()).toISOString();
      await tokens.putClient({ clientId: full.client_id, metadata: rest, createdAt }, client_secret);
      return full;
    },
  };
}

/** A new access and refresh token pair for a grant: what the client gets, and what the store keeps. */
function issueTokens(
  grant: Pick<TokenInfo, 'scopes' | 'resource'>,
  now: () => number,
): { tokens: OAuthTokens; issued: IssuedToken[] } {
  const [access, refresh] = [newSecret(), newSecret()];
  const at = (s: number) => new Date(now() + s * 1000).toISOString();
  const base = { scopes: grant.scopes, resource: grant.resource };
  return {
    tokens: {
      access_token: access,
      token_type: 'bearer',
      expires_in: ACCESS_TTL_S,
      refresh_token: refresh,
      ...(grant.scopes.length ? { scope: grant.scopes.join(' ') } : {}),
    },
    issued: [
      { token: access, info: { ...base, kind: 'access', expiresAt: at(ACCESS_TTL_S) } },
      { token: refresh, info: { ...base, kind: 'refresh', expiresAt: at(REFRESH_TTL_S) } },
    ],
  };
}

/** How often a grant's "last used" is written: at most once a minute per grant, not per request. */
const TOUCH_EVERY_MS = 60_000;

/** Notes that a grant was used, for `/mcp`'s list, at most once a minute per grant and process. */
function lastUsed(tokens: TokenStore, now: () => number) {
  const written = new Map<string, number>();
  return async (token: TokenInfo) => {
    const at = now();
    if (at - (written.get(token.grantId) ?? Number.NEGATIVE_INFINITY) < TOUCH_EVERY_MS) return;
    written.set(token.grantId, at);
    await tokens.touch(token.owner, token.grantId, new Date(at).toISOString());
  };
}

/** Revoking either token of a grant ends the grant: the person's list shows it gone. */
async function revokeGrant(tokens: TokenStore, clientId: string, token: string): Promise<void> {
  const found = await tokens.token(token);
  if (found && found.clientId === clientId) await tokens.revoke(found.owner, found.grantId);
}
