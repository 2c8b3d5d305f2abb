import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CustomRoute } from '@slack/bolt';

/** `live`: the process runs. `ready`: it takes requests (false before start and while stopping). */
export interface HealthState {
  ready(): boolean;
}

function answer(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
  res.end(body);
}

/**
 * `/healthz` answers 200 while the process can answer at all (Docker `HEALTHCHECK`, issue 7);
 * `/readyz` answers 503 before start and during shutdown, so a load balancer stops sending first.
 */
export function healthRoutes(state: HealthState): CustomRoute[] {
  return [
    { path: '/healthz', method: ['GET', 'HEAD'], handler: (_req, res) => answer(res, 200, 'ok\n') },
    {
      path: '/readyz',
      method: ['GET', 'HEAD'],
      handler: (_req, res) => (state.ready() ? answer(res, 200, 'ready\n') : answer(res, 503, 'not ready\n')),
    },
  ];
}

export interface HealthServer {
  readonly port: number;
  close(): Promise<void>;
}

/**
 * Socket Mode has no HTTP server of its own, so it gets this small one for the same two routes.
 * (bolt's SocketModeReceiver could serve `customRoutes`, but binds only a fixed port with no host
 * and gives no way to learn a port-0 choice.)
 */
export async function startHealthServer(
  state: HealthState,
  port: number,
  host?: string,
): Promise<HealthServer> {
  const routes = healthRoutes(state);
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const route = routes.find((r) => r.path === path && (r.method as string[]).includes(req.method ?? ''));
    if (!route) return answer(res, 404, 'not found\n');
    route.handler(Object.assign(req, { params: {} }), res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host }, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
