import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small real HTTP server on 127.0.0.1, port 0, for the client tests: it records every request and
 * answers with whatever the test's handler says (a fixture, a fault, a stall). Faking the remote at
 * the HTTP seam, not by mocking modules (docs/architecture.md §7, Tests).
 */

export interface RecordedRequest {
  readonly method: string;
  /** Path plus query, as sent. */
  readonly url: string;
  readonly pathname: string;
  /** The raw query string without `?`. */
  readonly search: string;
  readonly query: URLSearchParams;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  /** The body decoded as `application/x-www-form-urlencoded`. */
  readonly form: URLSearchParams;
  /** `onlinecallthrough`, `number-check`, `webcallback.trycallback`, `mycard-v2.show`, … */
  readonly route: string;
}

export type Handler = (req: RecordedRequest, res: ServerResponse, index: number) => void | Promise<void>;

export interface FixtureServer {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  readonly requests: RecordedRequest[];
  /** Requests received so far. */
  readonly count: number;
  /** Replaces the handler and forgets the recorded requests. */
  reset(handler?: Handler): void;
  close(): Promise<void>;
}

/** The operation a request addresses, from the spec 4 address forms and D1's card form. */
export function routeOf(pathname: string, search: string, form: URLSearchParams): string {
  const v3 = /^\/api\/rest\/v3\/([^/?]+)/.exec(pathname);
  if (v3) return v3[1]!;
  const query = new URLSearchParams(search);
  const cardAct =
    form.get('m') === 'mycard-v2'
      ? form.get('act')
      : query.get('m') === 'mycard-v2'
        ? query.get('act')
        : null;
  if (cardAct !== null) return `mycard-v2.${cardAct}`;
  const module = search.split('&')[0] ?? '';
  const act = form.get('act') ?? query.get('act');
  return act ? `${module}.${act}` : module;
}

export async function startFixtureServer(handler: Handler = notFound): Promise<FixtureServer> {
  let current = handler;
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = req.url ?? '/';
      const q = url.indexOf('?');
      const pathname = q < 0 ? url : url.slice(0, q);
      const search = q < 0 ? '' : url.slice(q + 1);
      const body = Buffer.concat(chunks).toString('utf8');
      const form = new URLSearchParams(body);
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        url,
        pathname,
        search,
        query: new URLSearchParams(search),
        headers: req.headers,
        body,
        form,
        route: routeOf(pathname, search, form),
      };
      requests.push(recorded);
      Promise.resolve(current(recorded, res, requests.length - 1)).catch((err: unknown) => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(String(err));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    get count() {
      return requests.length;
    },
    reset(next = notFound) {
      current = next;
      requests.length = 0;
    },
    close() {
      // Stalled responses would hold close() open: cut every socket first.
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
    },
  };
}

/** Writes a JSON answer (any value, so malformed envelopes can be served too). */
export function sendJson(
  res: ServerResponse,
  value: unknown,
  status = 200,
  headers: Record<string, string> = {},
): void {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
    ...headers,
  });
  res.end(text);
}

/** The spec 7 error envelope: `error: true`, one code, `body: []` (provider-notes 1.3). */
export function errorEnvelope(code: number, description: string): unknown {
  return { error: true, codes: [{ code, description }], body: [] };
}

export function okEnvelope(body: unknown): unknown {
  return { error: false, codes: [{ code: 200, description: 'OK' }], body };
}

const fixtureDir = new URL('../telephony/fixtures/', import.meta.url);

/** A whole response envelope from `test/telephony/fixtures/<name>.json`. */
export function loadFixture(name: string): unknown {
  return JSON.parse(readFileSync(new URL(`${name}.json`, fixtureDir), 'utf8'));
}

/** Answers each route with the named fixture; anything else gets the provider's 404 envelope. */
export function fixtureRoutes(routes: Record<string, string>): Handler {
  return (req, res) => {
    const name = routes[req.route];
    if (name === undefined) return sendJson(res, errorEnvelope(404, 'Not Found'), 404);
    sendJson(res, loadFixture(name));
  };
}

const notFound: Handler = (_req, res) => sendJson(res, errorEnvelope(404, 'Not Found'), 404);
