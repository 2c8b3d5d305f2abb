import { createHash } from 'node:crypto';
import type {
  AccessClient,
  AccessDecision,
  AccessGrant,
  AccessRequest,
  CodeBinding,
  IssuedToken,
  TokenInfo,
  TokenStore,
} from '../core/ports/tokens.js';
import type { KeyValueStore } from './key-value-store.js';

/** The one hash of a code or token (docs/mcp.md §8.3): only this ever reaches the store. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('base64url');
}

type StoredClient = AccessClient & { secretHash?: string; expiresAt?: string };

/**
 * How long a registration nobody uses is kept (docs/mcp.md §8.3): a day after it registered. Each
 * token issued to the client keeps it at least as long as that token lives, so a client is dropped
 * only once none of its tokens could still be used.
 */
export const UNUSED_CLIENT_MS = 24 * 3600_000;
type StoredGrant = AccessGrant & { tokens: string[] };
type StoredCode = Omit<TokenInfo, 'kind' | 'expiresAt' | 'grantId'> & CodeBinding & { expiresAt: string };

const clientKey = (id: string) => `mcp-client:${id}`;
const requestKey = (code: string) => `mcp-request:${code.toUpperCase()}`;
const decisionKey = (code: string) => `mcp-decision:${code.toUpperCase()}`;
const codeKey = (code: string) => `mcp-code:${tokenHash(code)}`;
const codeUsedKey = (code: string) => `mcp-code-used:${tokenHash(code)}`;
const tokenKey = (hash: string) => `mcp-token:${hash}`;
const grantPrefix = (owner: string) => `mcp-grant:${owner}|`;
const grantKey = (owner: string, id: string) => `${grantPrefix(owner)}${id}`;
// Kept beside the grant, never by rewriting it: a write of the whole grant could race a refresh or a
// revoke and bring back what they removed (docs/mcp.md §8.3).
const usedKey = (owner: string, id: string) => `mcp-grant-used:${owner}|${id}`;
const grantTokensPrefix = (owner: string, id: string) => `mcp-grant-token:${owner}|${id}|`;

/**
 * Clients, pending requests, codes, grants and tokens of the assistants' access (core/ports/tokens.ts)
 * on the one key-value seam. Codes and tokens are keyed by their SHA-256 hash and never kept
 * themselves; single use (a decision, a code, a refresh token) is the store's atomic set-if-absent,
 * so it holds across instances.
 */
export function createTokenStore(options: { kv: KeyValueStore; now?: () => number }): TokenStore {
  const clock = clockOf(options.now ?? Date.now);
  return { ...requestsAndCodes(options.kv, clock), ...grantsAndTokens(options.kv, clock) };
}

type Clock = ReturnType<typeof clockOf>;

function clockOf(now: () => number) {
  const ttlOf = (expiresAt: string) => Math.max(1, Date.parse(expiresAt) - now());
  return {
    now,
    ttlOf,
    live: <T extends { expiresAt: string }>(v: T | undefined) =>
      v !== undefined && Date.parse(v.expiresAt) > now() ? v : undefined,
  };
}

/** Registered clients, pending requests with their one answer, and one-time authorization codes. */
function requestsAndCodes(kv: KeyValueStore, clock: Clock) {
  const { now, ttlOf, live } = clock;
  const liveClient = (id: string) => readClient(kv, clock, id);
  return {
    async putClient(client, secret) {
      const expiresAt = new Date(now() + UNUSED_CLIENT_MS).toISOString();
      const stored: StoredClient = {
        ...client,
        ...(secret ? { secretHash: tokenHash(secret) } : {}),
        expiresAt,
      };
      await kv.set<StoredClient>(clientKey(client.clientId), stored, ttlOf(expiresAt));
    },
    async client(id) {
      const stored = await liveClient(id);
      if (!stored) return undefined;
      const { secretHash: _hash, expiresAt: _expires, ...client } = stored;
      return client;
    },
    async clientSecret(id, secret) {
      const stored = await liveClient(id);
      if (!stored?.secretHash) return 'none';
      return secret !== undefined && tokenHash(secret) === stored.secretHash ? 'match' : 'mismatch';
    },
    async openRequest(request) {
      await kv.set(requestKey(request.code), request, ttlOf(request.expiresAt));
    },
    request: async (code) => live(await kv.get<AccessRequest>(requestKey(code))),
    async decide(code, decision) {
      const request = live(await kv.get<AccessRequest>(requestKey(code)));
      if (!request) return false;
      return kv.setIfAbsent(decisionKey(code), decision, ttlOf(request.expiresAt));
    },
    decision: (code) => kv.get<AccessDecision>(decisionKey(code)),
    closeRequest: (code) => kv.delete(requestKey(code)),
    async putCode(code, grant, ttlMs) {
      const stored: StoredCode = { ...grant, expiresAt: new Date(now() + ttlMs).toISOString() };
      await kv.set(codeKey(code), stored, ttlMs);
    },
    async peekCode(code) {
      const stored = live(await kv.get<StoredCode>(codeKey(code)));
      return stored && { ...stored, kind: 'access' as const, grantId: '' };
    },
    async takeCode(code) {
      const stored = live(await kv.get<StoredCode>(codeKey(code)));
      if (!stored || !(await kv.setIfAbsent(codeUsedKey(code), 1, ttlOf(stored.expiresAt)))) return undefined;
      await kv.delete(codeKey(code));
      return { ...stored, kind: 'access' as const, grantId: '' };
    },
  } satisfies Partial<TokenStore>;
}

/**
 * A registration while it lasts. One kept before registrations had a lifetime has no end until a
 * token is next issued to it (keepClient gives it one then): its refresh tokens may live for weeks,
 * and cutting it at deploy time would end every assistant's connection (docs/mcp.md §8.3).
 */
async function readClient(kv: KeyValueStore, { now }: Clock, id: string): Promise<StoredClient | undefined> {
  const stored = await kv.get<StoredClient>(clientKey(id));
  if (!stored) return undefined;
  return stored.expiresAt === undefined || Date.parse(stored.expiresAt) > now() ? stored : undefined;
}

/** Keeps a registration at least until `until` (ISO): a token issued to it must not outlive it. */
async function keepClient(kv: KeyValueStore, clock: Clock, id: string, until: string): Promise<void> {
  const stored = await readClient(kv, clock, id);
  if (!stored || (stored.expiresAt !== undefined && stored.expiresAt >= until)) return;
  await kv.set<StoredClient>(clientKey(id), { ...stored, expiresAt: until }, clock.ttlOf(until));
}

/** Grants and their tokens, each token kept under its hash with what it stands for. */
function grantsAndTokens(kv: KeyValueStore, clock: Clock) {
  const { ttlOf, live } = clock;
  // A token stands only while its grant does: a revoke that raced a refresh cannot leave a token
  // of the refresh working (docs/mcp.md §8.3).
  const readToken = async (token: string) => {
    const info = live(await kv.get<TokenInfo>(tokenKey(tokenHash(token))));
    if (!info) return undefined;
    return (await kv.get<StoredGrant>(grantKey(info.owner, info.grantId))) ? info : undefined;
  };
  const keepTokens = async (grant: Pick<AccessGrant, 'id' | 'owner' | 'clientId'>, tokens: IssuedToken[]) => {
    const last = tokens
      .map((t) => t.info.expiresAt)
      .sort()
      .at(-1);
    if (last) await keepClient(kv, clock, grant.clientId, last);
    for (const { token, info } of tokens) {
      const stored: TokenInfo = { ...info, grantId: grant.id, owner: grant.owner, clientId: grant.clientId };
      await kv.set(tokenKey(tokenHash(token)), stored, ttlOf(info.expiresAt));
      // One key per token beside the grant, so a refresh never rewrites the grant (docs/mcp.md §8.3).
      await kv.set(
        `${grantTokensPrefix(grant.owner, grant.id)}${tokenHash(token)}`,
        1,
        ttlOf(info.expiresAt),
      );
    }
    return tokens.map((x) => tokenHash(x.token));
  };
  return {
    async grant(grant, tokens) {
      const hashes = await keepTokens(grant, tokens);
      await kv.set<StoredGrant>(grantKey(grant.owner, grant.id), { ...grant, tokens: hashes });
    },
    async addTokens(grantId, owner, tokens) {
      const grant = await kv.get<StoredGrant>(grantKey(owner, grantId));
      if (!grant) return false;
      await keepTokens(grant, tokens);
      return true;
    },
    token: readToken,
    async takeToken(token) {
      const info = await readToken(token);
      const hash = tokenHash(token);
      if (!info || !(await kv.setIfAbsent(`mcp-token-used:${hash}`, 1, ttlOf(info.expiresAt))))
        return undefined;
      await kv.delete(tokenKey(hash));
      return info;
    },
    async revokeToken(token) {
      await kv.delete(tokenKey(tokenHash(token)));
    },
    async touch(owner, grantId, at) {
      if (await kv.get<StoredGrant>(grantKey(owner, grantId))) await kv.set(usedKey(owner, grantId), at);
    },
    grants: (owner) => grantsOf(kv, owner),
    revoke: (owner, grantId) => revokeGrant(kv, owner, grantId),
  } satisfies Partial<TokenStore>;
}

/** The person's grants, without their token hashes, with when each was last used. */
async function grantsOf(kv: KeyValueStore, owner: string): Promise<AccessGrant[]> {
  const out: AccessGrant[] = [];
  for await (const key of kv.keys(grantPrefix(owner))) {
    const stored = await kv.get<StoredGrant>(key);
    if (!stored) continue;
    const { tokens: _tokens, ...grant } = stored;
    const used = await kv.get<string>(usedKey(grant.owner, grant.id));
    out.push(used ? { ...grant, lastUsedAt: used } : grant);
  }
  return out.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

/** Ends a grant and every token of it; "last used" goes with it. */
async function revokeGrant(kv: KeyValueStore, owner: string, grantId: string): Promise<boolean> {
  const grant = await kv.get<StoredGrant>(grantKey(owner, grantId));
  if (!grant) return false;
  const gone = await kv.delete(grantKey(owner, grantId));
  for (const hash of grant.tokens) await kv.delete(tokenKey(hash));
  const prefix = grantTokensPrefix(owner, grantId);
  for await (const key of kv.keys(prefix)) {
    await kv.delete(tokenKey(key.slice(prefix.length)));
    await kv.delete(key);
  }
  await kv.delete(usedKey(owner, grantId));
  return gone;
}
