import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { type ChannelLogger, errorSummary, type Identity, identityOfKey } from '../../../core/index.js';

/** One MCP session: its transport, the server acting for its person, and who that is. */
interface Session {
  transport: StreamableHTTPServerTransport;
  server: Server;
  owner: string;
  usedAt: number;
  /** Increases with each use: the order of use, where the clock may not tell two apart. */
  touched: number;
}

/**
 * Sessions are held in memory, so they are bounded (docs/mcp.md §8.1): one idle for 30 minutes is
 * closed when a new one opens, and a person holds at most 8 (their least recently used goes first).
 */
export const SESSION_IDLE_MS = 30 * 60_000;
export const SESSIONS_PER_PERSON = 8;

export interface SessionsOptions {
  /** A server acting for `identity`, in the language the client's request asked for. */
  serverFor(identity: Identity, locale: string | undefined): Server;
  logger?: ChannelLogger | undefined;
  now?: () => number;
}

type AuthedRequest = IncomingMessage & { auth?: AuthInfo };

/**
 * Streamable HTTP sessions (docs/mcp.md §8.1), held in this process: a session's server is the one
 * that asks an elicitation and waits for its answer, so every request of a session must reach this
 * process. A request naming a session this process does not hold is refused with words saying so
 * (behind several replicas: route by `Mcp-Session-Id`, sticky sessions). A session acts for the
 * person whose token opened it, and a token of another person cannot use it.
 */
export function createSessions(o: SessionsOptions) {
  const sessions = new Map<string, Session>();
  const now = o.now ?? Date.now;
  let uses = 0;
  const makeRoom = (owner: string) => makeRoomFor(sessions, owner, now());
  return {
    get size() {
      return sessions.size;
    },
    async handle(req: AuthedRequest, res: ServerResponse): Promise<void> {
      const owner = req.auth?.extra?.owner;
      const identity = typeof owner === 'string' ? identityOfKey(owner) : undefined;
      if (!identity || typeof owner !== 'string') return refuse(res, 401, 'no person behind this token');
      const id = req.headers['mcp-session-id'];
      if (typeof id === 'string') {
        const session = sessions.get(id);
        if (!session)
          return refuse(
            res,
            404,
            'This MCP session is not held by this server process (it ended, the server restarted, or a load balancer sent the request to another replica). Start a new session; behind several replicas, route requests by the Mcp-Session-Id header (sticky sessions).',
          );
        if (session.owner !== owner) return refuse(res, 403, 'this session belongs to another person');
        session.usedAt = now();
        session.touched = ++uses;
        return session.transport.handleRequest(req, res);
      }
      if (req.method !== 'POST') return refuse(res, 400, 'send initialize first, without Mcp-Session-Id');
      const locale = req.headers['accept-language']?.split(',')[0]?.trim();
      const server = o.serverFor(identity, locale);
      const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (sid) => {
          makeRoom(owner);
          sessions.set(sid, { transport, server, owner, usedAt: now(), touched: ++uses });
        },
      });
      transport.onclose = () => {
        if (transport.sessionId) sessions.delete(transport.sessionId);
      };
      await server.connect(transport);
      try {
        await transport.handleRequest(req, res);
      } catch (err) {
        o.logger?.error({ err: errorSummary(err) }, 'mcp http: a request failed');
        if (!res.headersSent) refuse(res, 500, 'internal error');
      }
      // An initialize that failed leaves no session behind.
      if (!transport.sessionId) await server.close().catch(() => undefined);
    },
    async close(): Promise<void> {
      const all = [...sessions.values()];
      sessions.clear();
      await Promise.all(all.map((s) => s.server.close().catch(() => undefined)));
    },
  };
}

/** Before a new session of `owner`: the idle ones go, and the person's least recently used beyond the bound. */
function makeRoomFor(sessions: Map<string, Session>, owner: string, at: number): void {
  const end = (id: string, session: Session) => {
    sessions.delete(id);
    void session.server.close().catch(() => undefined);
  };
  for (const [id, s] of sessions) if (at - s.usedAt > SESSION_IDLE_MS) end(id, s);
  const theirs = [...sessions]
    .filter(([, s]) => s.owner === owner)
    .sort((a, b) => a[1].touched - b[1].touched);
  while (theirs.length >= SESSIONS_PER_PERSON) {
    const [id, s] = theirs.shift()!;
    end(id, s);
  }
}

function refuse(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}
