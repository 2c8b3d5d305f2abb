import { Pool } from 'undici';

export interface HttpRequest {
  url: URL;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  /** Aborts the request and the body read: the client's timeout and the caller's signal. */
  signal: AbortSignal;
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** The HTTP seam. Tests and benchmarks may supply their own; the default is undici pools. */
export interface Transport {
  send(request: HttpRequest): Promise<HttpResponse>;
  close(): Promise<void>;
}

export interface TransportOptions {
  /** Sockets per origin. Default 16. */
  connections?: number;
  /** How long an idle keep-alive socket stays open, ms. Default 30 000. */
  keepAliveTimeoutMs?: number;
  /** Largest response body accepted, bytes. Default 8 MiB. */
  maxResponseBytes?: number;
}

/**
 * undici 7 with one keep-alive `Pool` per origin (spec 5 asks for `Connection: keep-alive`).
 * One transport can be shared by many clients, e.g. one client per linked chat user.
 */
export function createTransport(options: TransportOptions = {}): Transport {
  const connections = options.connections ?? 16;
  const keepAliveTimeout = options.keepAliveTimeoutMs ?? 30_000;
  const maxResponseBytes = options.maxResponseBytes ?? 8 * 1024 * 1024;
  const pools = new Map<string, Pool>();

  const poolFor = (origin: string): Pool => {
    let pool = pools.get(origin);
    if (!pool) {
      pool = new Pool(origin, { connections, keepAliveTimeout, pipelining: 1 });
      pools.set(origin, pool);
    }
    return pool;
  };

  return {
    async send(request) {
      const res = await poolFor(request.url.origin).request({
        path: `${request.url.pathname}${request.url.search}`,
        method: request.method,
        headers: request.headers,
        body: request.body,
        signal: request.signal,
        // The client's own timer covers the whole exchange; these stop undici's longer defaults
        // from firing first with a less helpful error.
        headersTimeout: 0,
        bodyTimeout: 0,
      });
      const tooLarge = () =>
        Object.assign(new Error(`response larger than ${maxResponseBytes} bytes`), {
          code: 'TEL_BODY_TOO_LARGE',
        });
      const declared = Number(res.headers['content-length']);
      if (Number.isFinite(declared) && res.headers['content-length'] !== undefined) {
        // The common case: a declared length. Refuse a huge one up front, else read it in one go.
        if (declared > maxResponseBytes) {
          res.body.destroy();
          throw tooLarge();
        }
        return { status: res.statusCode, headers: res.headers, text: await res.body.text() };
      }
      // Chunked: count while reading, so an endless body cannot exhaust memory.
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of res.body) {
        size += (chunk as Buffer).length;
        if (size > maxResponseBytes) {
          res.body.destroy();
          throw tooLarge();
        }
        chunks.push(chunk as Buffer);
      }
      return { status: res.statusCode, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') };
    },
    async close() {
      await Promise.all([...pools.values()].map((p) => p.close()));
      pools.clear();
    },
  };
}
