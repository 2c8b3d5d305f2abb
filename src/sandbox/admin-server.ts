import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FaultConfig } from './faults.js';
import { faultConfigSchema } from './faults.js';

/** What the admin endpoint controls. */
export interface AdminTarget {
  getFaults(): FaultConfig;
  setFaults(config: FaultConfig): void;
  clearFaults(): void;
  stats(): unknown;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const MAX_ADMIN_BODY = 64 * 1024;

function json(res: ServerResponse, status: number, value: unknown): void {
  const text = JSON.stringify(value);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_ADMIN_BODY) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
}

/**
 * The admin endpoint of issue 3 (provider-notes D9): `GET|PUT|DELETE /faults`, `GET /stats`.
 * It has no authentication, so it binds to 127.0.0.1 only and also refuses non-loopback peers.
 */
export function createAdminServer(target: AdminTarget): Server {
  return createServer(async (req, res) => {
    if (!LOOPBACK.has(req.socket.remoteAddress ?? '')) return json(res, 403, { error: 'loopback only' });
    const path = new URL(req.url ?? '/', 'http://admin').pathname;
    try {
      if (path === '/faults' && req.method === 'GET') return json(res, 200, target.getFaults());
      if (path === '/faults' && req.method === 'PUT') {
        const parsed = faultConfigSchema.safeParse(await readJson(req));
        if (!parsed.success) {
          return json(res, 400, {
            error: 'invalid fault config',
            issues: parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`),
          });
        }
        target.setFaults(parsed.data);
        return json(res, 200, target.getFaults());
      }
      if (path === '/faults' && req.method === 'DELETE') {
        target.clearFaults();
        return json(res, 200, {});
      }
      if (path === '/stats' && req.method === 'GET') return json(res, 200, target.stats());
      return json(res, 404, {
        error: 'not found',
        routes: ['GET /faults', 'PUT /faults', 'DELETE /faults', 'GET /stats'],
      });
    } catch (err) {
      return json(res, 400, { error: (err as Error).message });
    }
  });
}
