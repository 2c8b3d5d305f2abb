import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The one options object of {@link createHealthServer}. */
export interface HealthServerOptions {
  /** Port to listen on; 0 picks a free one (tests). */
  port: number;
  /** Interface to bind. Default `0.0.0.0`, so a container's HEALTHCHECK and an orchestrator reach it. */
  host?: string;
  /** Whether the bot takes work: `false` before start-up finished and once a shutdown began. */
  ready: () => boolean;
}

export interface HealthServer {
  /** Resolves with the bound port once listening. */
  listen(): Promise<number>;
  readonly port: number;
  close(): Promise<void>;
}

/**
 * `/healthz` (liveness: the process answers) and `/readyz` (readiness: 503 while starting or
 * draining, so a load balancer stops sending work before the process exits). Used when no webhook
 * server already serves these (HEALTH_PORT, the Dockerfile's HEALTHCHECK).
 */
export function createHealthServer(options: HealthServerOptions): HealthServer {
  const host = options.host ?? '0.0.0.0';
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const send = (status: number, body: string) => {
      res.writeHead(status, {
        'content-type': 'text/plain; charset=utf-8',
        'cache-control': 'no-store',
        'content-length': Buffer.byteLength(body),
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    };
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(405, 'method not allowed\n');
    if (path === '/healthz') return send(200, 'ok\n');
    if (path === '/readyz') return options.ready() ? send(200, 'ready\n') : send(503, 'not ready\n');
    return send(404, 'not found\n');
  });
  // Probes must not keep a draining process alive.
  server.keepAliveTimeout = 1000;
  let port = 0;
  return {
    async listen() {
      server.listen(options.port, host);
      await once(server, 'listening');
      port = (server.address() as AddressInfo).port;
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
