import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request handler mounted on one path of the bot's HTTP server (a webhook, the Slack receiver). */
export type MountedHandler = (req: IncomingMessage, res: ServerResponse) => void;

/** The one options object of {@link createHealthServer}. */
export interface HealthServerOptions {
  /** Port to listen on; 0 picks a free one (tests). */
  port: number;
  /** Interface to bind. Default `0.0.0.0`, so a container's HEALTHCHECK and an orchestrator reach it. */
  host?: string;
  /** Slowloris guard: the request head must arrive within this many ms. Default 10 000. */
  headersTimeoutMs?: number;
  /** The whole request (head and body) must arrive within this many ms. Default 15 000. */
  requestTimeoutMs?: number;
  /** Told of a mounted handler that threw at once (answered 500), so the log shows the bug. */
  onHandlerError?: (err: unknown) => void;
}

export interface HealthServer {
  /**
   * Adds a readiness condition: `/readyz` answers 503 while any check returns false (or throws).
   * Channels report "really receiving" here (polling started, webhook registered, socket
   * connected); a shared store can report that it is reachable (docs/reliability.md §5.2).
   */
  addCheck(name: string, check: () => boolean): void;
  /**
   * Adds a line to `/readyz`'s body, ready or not (`jobs: 12 waiting, 3 active, …`): what an
   * operator reads there without deciding readiness. `detail` must answer at once (no I/O).
   */
  addDetail(name: string, detail: () => string): void;
  /**
   * Serves `handler` for requests to exactly `path`. The body is limited to `maxBodyBytes`, checked
   * against `Content-Length` before the handler sees the request (413), and a body without a length
   * is refused (411): Telegram and Slack always send one (docs/reliability.md §4.3).
   */
  mount(path: string, handler: MountedHandler, limits: { maxBodyBytes: number }): void;
  /** Whether `path` is already served (the health routes or a mounted handler). */
  serves(path: string): boolean;
  /** From now on `/readyz` answers 503: a load balancer stops sending work before the process exits. */
  drain(): void;
  /** The names of the checks that fail now (empty when ready). */
  notReady(): string[];
  /** Resolves with the bound port once listening. */
  listen(): Promise<number>;
  readonly port: number;
  close(): Promise<void>;
}

const HEALTH_PATHS = new Set(['/healthz', '/readyz']);

/**
 * The bot's one HTTP server (docs/operations.md §2.1): `/healthz` (liveness: the process answers), `/readyz`
 * (readiness: 503 until every check passes, and while draining), and the handlers the channels
 * mount on it (the Telegram webhook, the Slack HTTP receiver). It listens on HEALTH_PORT, or on the
 * webhook/receiver port when one exists, so there is never a second server competing for a port.
 */
export function createHealthServer(options: HealthServerOptions): HealthServer {
  const host = options.host ?? '0.0.0.0';
  const readiness = createReadiness();
  const mounts = new Map<string, Mount>();
  const headersTimeout = options.headersTimeoutMs ?? 10_000;
  // Node checks the timeouts every 30 s by default, which lets a slow client hold a socket that long.
  const server: Server = createServer(
    { connectionsCheckingInterval: Math.min(1000, headersTimeout) },
    (req, res) => route(req, res, mounts, readiness, options.onHandlerError),
  );
  // Node's defaults leave a slow client holding a socket for minutes (docs/reliability.md §4.3, slowloris).
  server.headersTimeout = headersTimeout;
  server.requestTimeout = options.requestTimeoutMs ?? 15_000;
  // Probes must not keep a draining process alive.
  server.keepAliveTimeout = 1000;
  let port = 0;
  const { details: _details, ...checks } = readiness;
  return {
    ...checks,
    mount(path, handler, limits) {
      if (HEALTH_PATHS.has(path) || mounts.has(path))
        throw new Error(`the HTTP path ${path} is already served; choose another`);
      mounts.set(path, { handler, maxBodyBytes: limits.maxBodyBytes });
    },
    serves: (path) => HEALTH_PATHS.has(path) || mounts.has(path),
    async listen() {
      port = await listenOn(server, options.port, host);
      return port;
    },
    get port() {
      return port;
    },
    async close() {
      if (!server.listening) return;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}

interface Mount {
  handler: MountedHandler;
  maxBodyBytes: number;
}

type Readiness = Pick<HealthServer, 'addCheck' | 'addDetail' | 'drain' | 'notReady'> & {
  /** The detail lines, each ending in a newline. */
  details(): string;
};

/** The readiness checks, the detail lines and the draining flag behind `/readyz`. */
function createReadiness(): Readiness {
  const checks = new Map<string, () => boolean>();
  const details = new Map<string, () => string>();
  let draining = false;
  return {
    addCheck(name, check) {
      checks.set(name, check);
    },
    addDetail(name, detail) {
      details.set(name, detail);
    },
    details() {
      const lines: string[] = [];
      for (const [name, detail] of details) {
        try {
          lines.push(`${name}: ${detail()}\n`);
        } catch {
          lines.push(`${name}: unavailable\n`);
        }
      }
      return lines.join('');
    },
    drain() {
      draining = true;
    },
    notReady() {
      const failing = draining ? ['draining'] : [];
      for (const [name, check] of checks) {
        let ok = false;
        try {
          ok = check();
        } catch {
          ok = false;
        }
        if (!ok) failing.push(name);
      }
      return failing;
    },
  };
}

/** A mounted handler (behind its body guard), else the health routes, else 404. */
function route(
  req: IncomingMessage,
  res: ServerResponse,
  mounts: Map<string, Mount>,
  readiness: Readiness,
  onHandlerError: ((err: unknown) => void) | undefined,
) {
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  const mounted = mounts.get(path);
  if (mounted) {
    try {
      guardBody(req, res, mounted.maxBodyBytes, mounted.handler);
    } catch (err) {
      onHandlerError?.(err);
      // A handler that throws at once (a bug) costs its request, never the process: 500, so the
      // platform delivers it again, and the server goes on serving.
      if (!res.headersSent)
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' });
      res.end('internal error\n');
    }
    return;
  }
  const send = (status: number, body: string) => {
    res.writeHead(status, {
      'content-type': 'text/plain; charset=utf-8',
      'cache-control': 'no-store',
      'content-length': Buffer.byteLength(body),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  };
  if (!HEALTH_PATHS.has(path)) return send(404, 'not found\n');
  if (req.method !== 'GET' && req.method !== 'HEAD') return send(405, 'method not allowed\n');
  if (path === '/healthz') return send(200, 'ok\n');
  const failing = readiness.notReady();
  const details = readiness.details();
  return failing.length === 0
    ? send(200, `ready\n${details}`)
    : send(503, `not ready: ${failing.join(', ')}\n${details}`);
}

/** Listens and resolves with the bound port; a refused port (EADDRINUSE) rejects. */
async function listenOn(server: Server, port: number, host: string): Promise<number> {
  const failed = once(server, 'error').then(([err]) => {
    throw err as Error;
  });
  server.listen(port, host);
  await Promise.race([once(server, 'listening'), failed]);
  failed.catch(() => {});
  return (server.address() as AddressInfo).port;
}

/** Refuses a body that is too large (413) or of unknown length (411) before `handler` reads it. */
function guardBody(req: IncomingMessage, res: ServerResponse, max: number, handler: MountedHandler): void {
  const header = req.headers['content-length'];
  // A DELETE without a body (MCP ends a session so, docs/mcp.md §8.1) has neither header.
  const bodiless = req.method === 'DELETE' && header === undefined && !req.headers['transfer-encoding'];
  if (req.method === 'GET' || req.method === 'HEAD' || bodiless) {
    handler(req, res);
    return;
  }
  const length = header === undefined ? Number.NaN : Number(header);
  const status = Number.isNaN(length) ? 411 : length > max ? 413 : 0;
  if (status === 0) {
    handler(req, res);
    return;
  }
  const body = status === 413 ? `request body over ${max} bytes\n` : 'Content-Length required\n';
  // `connection: close`: the unread body is not drained; the client learns the answer at once.
  res.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    connection: 'close',
  });
  res.end(body);
}
