import { type Dispatcher, Pool } from 'undici';

export interface HttpRequest {
  /** `http://host:port`, the pool key. */
  origin: string;
  /** Path plus query, already encoded: `/api/rest/v2/?account`. */
  path: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string | undefined;
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** One request on its way: the answer (headers and the whole body), and a way to end it early. */
export interface HttpExchange {
  readonly response: Promise<HttpResponse>;
  /**
   * Whether the request left the queue for a socket. undici writes nothing of a request aborted
   * before that point, so while this is false the provider cannot have seen it.
   */
  readonly sent: boolean;
  /**
   * Ends the exchange now, whether it is still queued for a socket, waiting for headers or reading
   * the body: `response` rejects with `reason` at once and the socket slot is given back.
   */
  abort(reason: Error): void;
}

/** The HTTP seam. Tests and benchmarks may supply their own; the default is undici pools. */
export interface Transport {
  send(request: HttpRequest): HttpExchange;
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

/** Raised before anything is dispatched when a header or the path cannot go on the wire. */
export const INVALID_REQUEST = 'TRANSPORT_INVALID_REQUEST';
export const BODY_TOO_LARGE = 'TRANSPORT_BODY_TOO_LARGE';

// The characters undici accepts (its `headerCharRegex`, `invalidPathRegex`). undici refuses anything
// else synchronously inside `Pool.dispatch`, and that refusal leaves the pool believing a connection
// is busy for good (docs/reliability.md §4.1: 21 bad usernames froze a pool of 16); so nothing invalid reaches it.
const BAD_HEADER_VALUE = /[^\t\x20-\x7e\x80-\xff]/;
const BAD_PATH = /[^\u0021-\u00ff]/;

function codedError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}

/** Why a request cannot be sent, naming the header (never its value, which may be signed), else undefined. */
export function requestProblem(request: HttpRequest): string | undefined {
  if (!request.path.startsWith('/') || BAD_PATH.test(request.path)) return 'the request path';
  for (const name in request.headers) {
    if (BAD_HEADER_VALUE.test(request.headers[name]!)) return `the ${name} header`;
  }
  return undefined;
}

/**
 * Collects one answer through undici's dispatch handler API: no stream, no per-request
 * AbortController. The body is counted while it arrives, so an endless body cannot exhaust memory.
 */
class Exchange implements Dispatcher.DispatchHandler, HttpExchange {
  readonly response: Promise<HttpResponse>;
  #resolve!: (res: HttpResponse) => void;
  #reject!: (err: Error) => void;
  #controller: Dispatcher.DispatchController | undefined;
  #ended: Error | undefined;
  #settled = false;
  #status = 0;
  #headers: Record<string, string | string[] | undefined> = {};
  #chunks: Buffer[] = [];
  #size = 0;
  readonly #maxBytes: number;

  constructor(maxBytes: number) {
    this.#maxBytes = maxBytes;
    this.response = new Promise((resolve, reject) => {
      this.#resolve = resolve;
      this.#reject = reject;
    });
  }

  abort(reason: Error): void {
    if (this.#settled) return;
    this.#ended = reason;
    this.#fail(reason);
    // Still queued: undici aborts it in onRequestStart, before a byte is written.
    this.#controller?.abort(reason);
  }

  get sent(): boolean {
    return this.#controller !== undefined;
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    // Ended while queued: undici checks right after this call and writes nothing.
    if (this.#ended) controller.abort(this.#ended);
    else this.#controller = controller;
  }

  onResponseStart(
    controller: Dispatcher.DispatchController,
    status: number,
    headers: Record<string, string | string[] | undefined>,
  ): void {
    this.#status = status;
    this.#headers = headers;
    const declared = headers['content-length'];
    if (typeof declared === 'string' && Number(declared) > this.#maxBytes) this.#tooLarge(controller);
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.#size += chunk.length;
    if (this.#size > this.#maxBytes) this.#tooLarge(controller);
    else this.#chunks.push(chunk);
  }

  onResponseEnd(): void {
    if (this.#settled) return;
    this.#settled = true;
    const chunks = this.#chunks;
    const text =
      chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks, this.#size).toString('utf8');
    this.#resolve({ status: this.#status, headers: this.#headers, text });
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    this.#fail(error);
  }

  #tooLarge(controller: Dispatcher.DispatchController): void {
    const err = codedError(BODY_TOO_LARGE, `response larger than ${this.#maxBytes} bytes`);
    this.#fail(err);
    controller.abort(err);
  }

  #fail(err: Error): void {
    if (this.#settled) return;
    this.#settled = true;
    this.#chunks = [];
    this.#reject(err);
  }
}

/** An exchange that failed before dispatch: nothing was sent. */
function refused(err: Error): HttpExchange {
  const response = Promise.reject(err);
  return { response, sent: false, abort() {} };
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
    send(request) {
      const problem = requestProblem(request);
      if (problem) return refused(codedError(INVALID_REQUEST, `${problem} has characters HTTP cannot carry`));
      const exchange = new Exchange(maxResponseBytes);
      poolFor(request.origin).dispatch(
        {
          path: request.path,
          method: request.method,
          headers: request.headers,
          // undici reads a null body as none, as it would an absent one.
          body: request.body ?? null,
          // The client's own deadline covers the whole exchange, queueing included; these stop
          // undici's longer defaults from firing first with a less helpful error.
          headersTimeout: 0,
          bodyTimeout: 0,
        },
        exchange,
      );
      return exchange;
    },
    async close() {
      await Promise.all([...pools.values()].map((p) => p.close()));
      pools.clear();
    },
  };
}
