import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Answer, FakeConnector } from './fake-teams-connector.js';
import { type InboundClaims, type SigningKey, signingKey, signJwt } from './fake-teams-keys.js';

/**
 * Teams' side of a bot, on 127.0.0.1, written from Microsoft's documentation (docs/teams.md §5):
 * the authority's key list (`/<tenant>/discovery/v2.0/keys`), the Entra auth sidecar's token
 * endpoint (`GET /AuthorizationHeaderUnauthenticated/{name}`), the Connector API under
 * `serviceUrl` (fake-teams-connector.ts, which only takes the sidecar's tokens), and the channel
 * service that posts activities to the bot with a signed token. The bot's SDK is pointed here by
 * its configuration (authority, sidecar URL, the activities' `serviceUrl`), never patched.
 */
export interface FakeTeams {
  /** `TEAMS_AUTHORITY`: tokens' issuer is `<authority>/<tenant>/v2.0`. */
  readonly authority: string;
  /** `TEAMS_TOKEN_SIDECAR_URL`. */
  readonly sidecarUrl: string;
  /** The Connector API's base, carried by every activity. */
  readonly serviceUrl: string;
  readonly tenantId: string;
  readonly appId: string;
  readonly connector: FakeConnector;
  /** How many tokens the sidecar handed out. */
  sidecarTokens(): number;
  /** An inbound token; `claims` override the good ones; `key: 'other'` signs with a key never published. */
  token(claims?: Partial<InboundClaims>, key?: 'published' | 'other'): string;
  /** Posts `activity` to the bot's `/api/messages` as Teams' channel service does. */
  post(url: string, activity: object, auth?: string | null): Promise<{ status: number; body: unknown }>;
  /**
   * OneDrive's side of a file the user accepted (the file consent flow, docs/teams.md §3.5): the
   * `uploadInfo` Teams puts in the `fileConsent/invoke`, its upload URL served here.
   */
  uploadInfo(name: string): UploadInfo;
  /** What arrived at each upload URL: the bytes and the `Content-Range` they were sent with. */
  readonly uploads: Map<string, { bytes: Buffer; contentRange: string | undefined }>;
  /** The fake's clock (ms): the 24-hour and rate windows count on it. */
  advance(ms: number): void;
  /** The fake's clock now (ms). */
  now(): number;
  close(): Promise<void>;
}

/** A `fileConsent/invoke`'s `uploadInfo`, as Microsoft's page on bot files shows it. */
export interface UploadInfo {
  readonly contentUrl: string;
  readonly name: string;
  readonly uploadUrl: string;
  readonly uniqueId: string;
  readonly fileType: string;
}

export interface FakeTeamsOptions {
  appId?: string;
  tenantId?: string;
  /** The clock's start (ms since the epoch); default now. It moves only by `advance`. */
  start?: number;
}

export async function startFakeTeams(options: FakeTeamsOptions = {}): Promise<FakeTeams> {
  const appId = options.appId ?? '00000000-0000-4000-8000-00000000a99a';
  const tenantId = options.tenantId ?? '11111111-2222-4333-8444-555555555555';
  let clock = options.start ?? Date.now();
  const published = signingKey();
  const other = signingKey();
  const connector = new FakeConnector(() => clock);
  const issued = new Set<string>();
  const uploads = new Map<string, { bytes: Buffer; contentRange: string | undefined }>();
  const uploadUrls = new Set<string>();
  const server = createServer((req, res) => {
    void route(req, res).catch(() => send(res, { status: 500 }));
  });
  const route = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname;
    if (req.method === 'GET' && path === `/${tenantId}/discovery/v2.0/keys`)
      return send(res, { status: 200, body: { keys: [published.jwk] } });
    if (req.method === 'GET' && path.startsWith('/AuthorizationHeaderUnauthenticated/')) {
      const token = outboundToken(published, clock);
      issued.add(token);
      return send(res, { status: 200, body: { authorizationHeader: `Bearer ${token}` } });
    }
    // An upload session's URL takes the whole file in one PUT with its Content-Range (OneDrive).
    if (req.method === 'PUT' && uploadUrls.has(path)) {
      const bytes = Buffer.from(await readBody(req), 'utf8');
      const range = req.headers['content-range'];
      if (range !== `bytes 0-${bytes.length - 1}/${bytes.length}`)
        return send(res, { status: 400, body: { error: { code: 'invalidRange' } } });
      uploads.set(path, { bytes, contentRange: range });
      return send(res, { status: 201, body: { id: path } });
    }
    const connectorPath = /^\/teams\/v3\/conversations\/?(.*)$/.exec(path);
    if (connectorPath) {
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (!bearer || !issued.has(bearer))
        return send(res, { status: 401, body: { message: 'Authorization has been denied' } });
      const raw = await readBody(req);
      const parts = (connectorPath[1] ?? '').split('/').filter(Boolean).map(decodeURIComponent);
      const targeted = url.searchParams.get('isTargetedActivity') === 'true';
      return send(
        res,
        connector.handle(
          req.method ?? 'GET',
          parts,
          targeted,
          raw ? JSON.parse(raw) : undefined,
          url.searchParams,
        ),
      );
    }
    return send(res, { status: 404 });
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const serviceUrl = `${origin}/teams/`;
  const good = (): InboundClaims => ({
    iss: `${origin}/${tenantId}/v2.0`,
    aud: appId,
    tid: tenantId,
    serviceurl: serviceUrl,
    exp: Math.floor(Date.now() / 1000) + 3600,
    nbf: Math.floor(Date.now() / 1000) - 60,
  });
  return {
    authority: origin,
    sidecarUrl: origin,
    serviceUrl,
    tenantId,
    appId,
    connector,
    sidecarTokens: () => issued.size,
    token: (claims = {}, key = 'published') =>
      signJwt(key === 'other' ? other : published, { ...good(), ...claims }),
    async post(url, activity, auth) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      const token = auth === undefined ? signJwt(published, { ...good() }) : auth;
      if (token !== null) headers.authorization = `Bearer ${token}`;
      const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(activity) });
      const text = await res.text();
      return { status: res.status, body: text ? safeJson(text) : undefined };
    },
    uploads,
    uploadInfo(name) {
      const uniqueId = randomUUID();
      const path = `/upload/${uniqueId}`;
      uploadUrls.add(path);
      return {
        contentUrl: `${origin}/files/${encodeURIComponent(name)}`,
        name,
        uploadUrl: `${origin}${path}`,
        uniqueId,
        fileType: name.split('.').pop() ?? '',
      };
    },
    now: () => clock,
    advance: (ms) => {
      clock += ms;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The token the sidecar hands out for the Connector API (the SDK reads its `exp`). */
function outboundToken(key: SigningKey, now: number): string {
  const iat = Math.floor(now / 1000);
  return signJwt(key, { aud: 'https://api.botframework.com', iat, exp: iat + 3600, jti: randomUUID() });
}

function send(res: ServerResponse, answer: Answer): void {
  res.writeHead(answer.status, { 'content-type': 'application/json', ...(answer.headers ?? {}) });
  res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
