import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FaultConfig } from './faults.js';
import { faultConfigSchema } from './faults.js';

/** What the admin endpoint controls. */
export interface AdminTarget {
  getFaults(): FaultConfig;
  setFaults(config: FaultConfig): void;
  clearFaults(): void;
  stats(): unknown;
  /** Sets an account's balance (`"4,20"`); `false` for an unknown user or amount (for the tests of docs/sandbox.md §3.2). */
  setBalance(username: string, amount: string): boolean;
  /** Sets a card's amount (`"3,50"`), as if it was spent or reloaded; `false` for an unknown card or amount. */
  setCardAmount(cli: string, amount: string): boolean;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
/** Names a browser on this machine uses for loopback; any other `Host` is a DNS-rebinding page. */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Header and request timeouts for the sandbox's servers (docs/reliability.md §4.3): Node's
 * defaults let a client that sends its request slowly hold a socket for minutes.
 */
export const SERVER_TIMEOUTS = {
  headersTimeout: 10_000,
  requestTimeout: 15_000,
  connectionsCheckingInterval: 1_000,
} as const;

/** The `Host` header without its port: `localhost:8043` → `localhost`, `[::1]:8043` → `[::1]`. */
function hostName(header: string | undefined): string {
  const host = (header ?? '').toLowerCase();
  return host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : (host.split(':')[0] ?? '');
}
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
 * The admin endpoint (docs/sandbox.md §3.2, provider-notes D9): `GET|PUT|DELETE /faults`, `GET /stats`, and
 * `PUT /accounts/<user>/balance` (docs/sandbox.md §3.2: move a balance across an alert threshold) and
 * `PUT /cards/<number>/amount` (docs/money-guard.md §1, §2: a card spends past its cap).
 * It has no authentication, so it binds to 127.0.0.1 only, refuses non-loopback peers, and refuses a
 * `Host` that is not a loopback name: a web page whose domain was re-pointed at 127.0.0.1 (DNS
 * rebinding) reaches the port from the user's own browser, but sends its own domain as `Host`.
 */
export function createAdminServer(target: AdminTarget): Server {
  return createServer(SERVER_TIMEOUTS, async (req, res) => {
    if (!LOOPBACK.has(req.socket.remoteAddress ?? '')) return json(res, 403, { error: 'loopback only' });
    if (!LOOPBACK_HOSTS.has(hostName(req.headers.host)))
      return json(res, 403, { error: 'Host must be 127.0.0.1, localhost or [::1]' });
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
      const balance = /^\/accounts\/([^/]+)\/balance$/.exec(path);
      if (balance && req.method === 'PUT') {
        const body = (await readJson(req)) as { balance?: unknown };
        const user = decodeURIComponent(balance[1]!);
        if (typeof body.balance !== 'string' || !target.setBalance(user, body.balance))
          return json(res, 400, { error: 'give a known user and {"balance": "4,20"}' });
        return json(res, 200, { username: user, balance: body.balance });
      }
      const card = /^\/cards\/([^/]+)\/amount$/.exec(path);
      if (card && req.method === 'PUT') {
        const body = (await readJson(req)) as { amount?: unknown };
        const cli = decodeURIComponent(card[1]!).replace(/^\+/, '');
        if (typeof body.amount !== 'string' || !target.setCardAmount(cli, body.amount))
          return json(res, 400, { error: 'give a known card number and {"amount": "3,50"}' });
        return json(res, 200, { cli, amount: body.amount });
      }
      return json(res, 404, {
        error: 'not found',
        routes: [
          'GET /faults',
          'PUT /faults',
          'DELETE /faults',
          'GET /stats',
          'PUT /accounts/<user>/balance',
          'PUT /cards/<number>/amount',
        ],
      });
    } catch (err) {
      return json(res, 400, { error: (err as Error).message });
    }
  });
}
