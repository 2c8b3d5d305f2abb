import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  type AuthConfiguration,
  authorizeJWT,
  CloudAdapter,
  type Request,
  type TurnContext,
  type WebResponse,
} from '@microsoft/agents-hosting';
import type { ChannelLogger } from '../../core/index.js';

/**
 * `POST /api/messages` on the bot's one HTTP server (docs/teams.md §1): the SDK's `CloudAdapter`
 * with its own resolved configuration checks each activity's token (`authorizeJWT`: RS256
 * signature from the authority's keys, audience = the app id, expiry, and the issuer, with
 * `validateIssuer: true`); a bad token is 401 and nothing runs. The SDK is configured, never patched.
 */
export const TEAMS_MAX_BODY_BYTES = 256 * 1024;

export interface TeamsAuth {
  readonly appId: string;
  readonly tenantId: string;
  readonly appPassword?: string | undefined;
  readonly sidecarUrl?: string | undefined;
  readonly authority?: string | undefined;
}

/** The SDK's adapter, exposing the configuration it resolved (its own, so the audience matches). */
export class TeamsCloudAdapter extends CloudAdapter {
  get resolvedAuth(): AuthConfiguration {
    return this.authConfig;
  }
}

export function authConfigOf(auth: TeamsAuth): AuthConfiguration {
  return {
    clientId: auth.appId,
    tenantId: auth.tenantId,
    validateIssuer: true,
    ...(auth.authority ? { authority: auth.authority } : {}),
    ...(auth.sidecarUrl
      ? { authType: 'EntraAuthSideCar', sidecarBaseUrl: auth.sidecarUrl }
      : { authType: 'ClientSecret', clientSecret: auth.appPassword ?? '' }),
  };
}

export function teamsHttpHandler(
  adapter: TeamsCloudAdapter,
  logic: (context: TurnContext) => Promise<void>,
  logger: ChannelLogger,
): (req: IncomingMessage, res: ServerResponse) => void {
  const jwt = authorizeJWT(adapter.resolvedAuth);
  return (req, res) => {
    void (async () => {
      const web = webResponse(res);
      if (req.method !== 'POST') return void web.status(405).end();
      const raw = await readBody(req);
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        return void web.status(400).end();
      }
      const request: Request = { body, headers: req.headers as Request['headers'], method: req.method };
      let authorized = false;
      await jwt(request, web, () => {
        authorized = true;
      });
      if (!authorized) return void web.end();
      await adapter.process(request, web, logic);
    })().catch((error: unknown) => {
      logger.error({ err: { name: (error as Error)?.name ?? 'Error' } }, 'teams: an activity failed');
      if (!res.headersSent) res.writeHead(500).end();
      else if (!res.writableEnded) res.end();
    });
  };
}

/** The SDK's `WebResponse` over Node's `ServerResponse`. */
function webResponse(res: ServerResponse): WebResponse {
  let status = 200;
  const web: WebResponse = {
    status(code) {
      status = code;
      return web;
    },
    setHeader(name, value) {
      if (!res.headersSent) res.setHeader(name, value);
      return web;
    },
    send(body) {
      if (res.writableEnded) return web;
      const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
      if (!res.headersSent) {
        res.statusCode = status;
        if (typeof body !== 'string') res.setHeader('content-type', 'application/json');
      }
      res.write(text);
      return web;
    },
    end() {
      if (!res.headersSent) res.statusCode = status;
      if (!res.writableEnded) res.end();
      return web;
    },
    get headersSent() {
      return res.headersSent;
    },
    get writableEnded() {
      return res.writableEnded;
    },
  };
  return web;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
