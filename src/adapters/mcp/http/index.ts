import type { IncomingMessage, ServerResponse } from 'node:http';
import { metadataHandler } from '@modelcontextprotocol/sdk/server/auth/handlers/metadata.js';
import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js';
import {
  getOAuthProtectedResourceMetadataUrl,
  mcpAuthRouter,
} from '@modelcontextprotocol/sdk/server/auth/router.js';
import express from 'express';
import { type ChannelLogger, type Core, errorSummary, type TokenStore } from '../../../core/index.js';
import { createPinPages, PIN_PATH } from '../pin-pages.js';
import type { RoadOut } from '../road-out.js';
import { createMcpServer } from '../server.js';
import { checkClientSecret } from './client-secret.js';
import { consentAuthorize, consentStatus, STATUS_PATH } from './consent-page.js';
import { createOAuthProvider } from './oauth-provider.js';
import { PIN_BODY_BYTES, pinPageRoutes } from './pin-page.js';
import { createSessions } from './sessions.js';

export interface McpHttpOptions {
  core: Core;
  tokens: TokenStore;
  /** The public base the clients reach (`MCP_PUBLIC_URL`): https, or http on localhost only. */
  publicUrl: URL;
  /** The Telegram bot's username for the consent page's deep link, once known. */
  telegramBot?: () => string | undefined;
  /**
   * The core's road out, to the person's private chat for a confirmation a client cannot ask and to
   * a support channel for a held request (docs/mcp.md §4.2, §4.4).
   */
  roadOut?: RoadOut | undefined;
  logger?: ChannelLogger | undefined;
  version?: string;
  now?: () => number;
}

/** A path the bot's HTTP server must route here, with the largest body it takes. */
export interface McpHttpPath {
  path: string;
  maxBodyBytes: number;
}

/** Every path the app serves: the protocol, the consent page's status, the authorization server, the metadata. */
const MCP_PATHS = [
  '/mcp',
  STATUS_PATH,
  PIN_PATH,
  '/authorize',
  '/token',
  '/register',
  '/revoke',
  '/.well-known/oauth-authorization-server',
  '/.well-known/oauth-protected-resource',
  '/.well-known/oauth-protected-resource/mcp',
];

/** The body limit of the protocol's and the authorization server's requests. */
const MAX_BODY = 1_000_000;

/**
 * MCP over Streamable HTTP behind the MCP authorization spec (docs/mcp.md §8): `/mcp` answers `401`
 * with `WWW-Authenticate: Bearer resource_metadata="…"` until a token comes; the protected-resource
 * metadata, the authorization server (the SDK's `mcpAuthRouter` with our provider: PKCE S256,
 * dynamic client registration, revocation) and the consent page live beside it. One Express app,
 * mounted on the bot's `node:http` server at the paths it lists.
 */
export function createMcpHttp(o: McpHttpOptions) {
  const base = new URL('/', o.publicUrl);
  const resource = new URL('/mcp', base);
  const consent = {
    tokens: o.tokens,
    ...(o.telegramBot ? { telegramBot: o.telegramBot } : {}),
    ...(o.now ? { now: o.now } : {}),
  };
  const provider = createOAuthProvider({
    tokens: o.tokens,
    resource,
    authorize: consentAuthorize(consent),
    ...(o.now ? { now: o.now } : {}),
  });
  // One-time PIN pages (docs/mcp.md §4.5): the sessions' servers open them, the app serves them.
  const pinPages = createPinPages({ base });
  const sessions = sessionsFor(o, pinPages);
  const resourceMetadataUrl = getOAuthProtectedResourceMetadataUrl(resource);
  const app = express();
  app.disable('x-powered-by');
  app.use(['/token', '/revoke'], express.urlencoded({ extended: false }), checkClientSecret(o.tokens));
  app.use(
    mcpAuthRouter({ provider, issuerUrl: base, resourceServerUrl: resource, resourceName: 'telephony-bot' }),
  );
  // RFC 9728 names the path-specific document; some clients look at the root one first.
  app.use(
    '/.well-known/oauth-protected-resource',
    metadataHandler({
      resource: resource.href,
      authorization_servers: [base.href],
      resource_name: 'telephony-bot',
    }),
  );
  app.use(pinPageRoutes(pinPages));
  const status = consentStatus(consent);
  // Handlers return their promise: Express 5 hands a rejection to the error handler below, so a
  // failed store read or session answers 500 instead of an unhandled rejection ending the process.
  app.get(STATUS_PATH, (req, res) => status(req, res));
  const bearer = requireBearerAuth({ verifier: provider, resourceMetadataUrl, expectedResource: resource });
  app.all('/mcp', bearer, (req, res) => sessions.handle(req, res));
  app.use(answeredFailed(o.logger));
  return {
    paths: MCP_PATHS.map((path) => ({ path, maxBodyBytes: path === PIN_PATH ? PIN_BODY_BYTES : MAX_BODY })),
    /** The PIN pages, for a stdio server in the same process (docs/mcp.md §4.5). */
    pinPages,
    handler: (req: IncomingMessage, res: ServerResponse) => app(req, res),
    /** How many sessions this process holds. */
    sessions: () => sessions.size,
    close: () => sessions.close(),
  };
}

export type McpHttp = ReturnType<typeof createMcpHttp>;

/** The sessions, each with a server acting for the person whose token opened it. */
function sessionsFor(o: McpHttpOptions, pinPages: ReturnType<typeof createPinPages>) {
  return createSessions({
    logger: o.logger,
    ...(o.now ? { now: o.now } : {}),
    serverFor: (identity, locale) =>
      createMcpServer({
        core: o.core,
        identity,
        locale,
        roadOut: o.roadOut,
        pinPages,
        logger: o.logger,
        ...(o.version ? { version: o.version } : {}),
      }),
  });
}

/** Express's error handler for every route above: one log line, and a 500 where nothing was sent yet. */
function answeredFailed(logger: ChannelLogger | undefined) {
  return (err: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    logger?.error({ err: errorSummary(err) }, 'mcp http: a request failed; answered 500');
    if (!res.headersSent) res.status(500).json({ error: 'internal error' });
    else res.end();
  };
}
