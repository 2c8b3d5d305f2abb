import { setTimeout as sleep } from 'node:timers/promises';
import type { z } from 'zod';
import { type Credentials, toSigningKey } from './credentials.js';
import {
  InvalidInputError,
  MissingCredentialsError,
  OutcomeUnknownError,
  ProviderError,
  providerError,
  ResponseShapeError,
  TimeoutError,
  TransportError,
} from './errors.js';
import {
  type OperationName,
  type OperationSpec,
  operationLabel,
  operations,
  type ParamsOf,
  type ResultOf,
} from './operations.js';
import {
  type ResolvedRetryOptions,
  type RetryOptions,
  resolveRetryOptions,
  retryDelayMs,
  shouldRetry,
} from './retry.js';
import { createSigner, type SignedHeaders } from './signature.js';
import { createTransport, type Transport } from './transport.js';
import { envelope } from './wire.js';

/** Minimal pino-compatible logger. Only operation names, statuses, codes and timings are logged. */
export interface ClientLogger {
  debug(obj: Record<string, unknown>, msg?: string): void;
  warn(obj: Record<string, unknown>, msg?: string): void;
}

export interface TelephonyClientOptions {
  /** `{base_url}` of spec 4, e.g. `https://api.example.com`. */
  baseUrl: string;
  /** The card module address (D1). Default `{baseUrl}/api/rest/v2/`. */
  cardUrl?: string;
  /** The card module's HTTP method (D1 leaves it configurable). Default POST. */
  cardMethod?: 'GET' | 'POST';
  /** The account's credentials, for every module but the card module. */
  credentials?: Credentials;
  /** The PIN-creation account (D2), for `mycard-v2`. */
  cardCredentials?: Credentials;
  /** `realm` sent with the card operations that take one (spec 4.1). Default `default`. */
  cardRealm?: string;
  /** The clock used for `x-date`; injected in tests. Default `() => new Date()`. */
  clock?: () => Date;
  /** Per-attempt timeout covering headers and body, ms. Default 10 000. */
  timeoutMs?: number;
  retry?: RetryOptions;
  /** Share one transport (keep-alive pools) between many clients. Default: a client of its own. */
  transport?: Transport;
  logger?: ClientLogger;
  /**
   * The learned clock offset (provider-notes 1.2). Pass one object to every client of one provider,
   * so a client built per chat user does not learn it afresh with a refused request each time.
   */
  clockSkew?: ClockSkew;
  /** Jitter source for backoff; injected in tests. */
  random?: () => number;
}

/** Server clock minus local clock, ms; shared and updated by the clients that hold it. */
export interface ClockSkew {
  offsetMs: number;
}

/** Per-call options. */
export interface CallOptions {
  signal?: AbortSignal;
  /** Overrides the client's timeout for this call. */
  timeoutMs?: number;
}

/** One call on its way through the layers. */
export interface CallRequest {
  readonly name: OperationName;
  readonly label: string;
  readonly spec: OperationSpec;
  readonly wire: Record<string, string>;
  readonly options: CallOptions;
}

export type Call = (request: CallRequest) => Promise<unknown>;
/** A layer around the call path (after grammY's API transformers). */
export type Transformer = (next: Call) => Call;

export type TelephonyMethods = {
  [K in OperationName]: undefined extends ParamsOf<K>
    ? (params?: ParamsOf<K>, options?: CallOptions) => Promise<ResultOf<K>>
    : (params: ParamsOf<K>, options?: CallOptions) => Promise<ResultOf<K>>;
};

const NO_PARAMS = new Set<OperationName>(['onlinecallthrough', 'account', 'voiplist']);

/** `{error: false, codes: [{code: <number>, description?: <string>}], body}`: a strict subset of `envelope`. */
function isPlainSuccess(json: unknown): json is { body: unknown } {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return false;
  const { error, codes } = json as { error?: unknown; codes?: unknown };
  if (error !== false) return false;
  if (codes === undefined) return true;
  if (!Array.isArray(codes)) return false;
  for (const c of codes) {
    if (typeof c !== 'object' || c === null || typeof c.code !== 'number') return false;
    if (c.description !== undefined && typeof c.description !== 'string') return false;
  }
  return true;
}

function signerFor(credentials: Credentials): (now: Date) => SignedHeaders {
  const { username, key } = toSigningKey(credentials);
  return createSigner(username, key);
}

/**
 * The signed client. One `call()` path: validate, encode, sign, send, decode. Retries, the one
 * re-signed resend after clock skew, and "outcome unknown" sit around that path as layers, so
 * every attempt is signed afresh (provider-notes 1.2).
 */
export class TelephonyClient {
  readonly #baseUrl: URL;
  readonly #cardUrl: URL;
  readonly #cardMethod: 'GET' | 'POST';
  readonly #cardRealm: string;
  /** Signers per credential (provider-notes D2: the card module has its own account). */
  readonly #account: ((now: Date) => SignedHeaders) | undefined;
  readonly #card: ((now: Date) => SignedHeaders) | undefined;
  readonly #clock: () => Date;
  readonly #timeoutMs: number;
  readonly #retry: ResolvedRetryOptions;
  readonly #transport: Transport;
  readonly #ownsTransport: boolean;
  readonly #logger: ClientLogger | undefined;
  readonly #random: () => number;
  readonly #skew: ClockSkew;
  #chain: Call;

  constructor(options: TelephonyClientOptions) {
    this.#baseUrl = new URL(options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`);
    this.#cardUrl = new URL(options.cardUrl ?? new URL('api/rest/v2/', this.#baseUrl).href);
    this.#cardMethod = options.cardMethod ?? 'POST';
    this.#cardRealm = options.cardRealm ?? 'default';
    this.#account = options.credentials ? signerFor(options.credentials) : undefined;
    this.#card = options.cardCredentials ? signerFor(options.cardCredentials) : undefined;
    this.#clock = options.clock ?? (() => new Date());
    this.#timeoutMs = options.timeoutMs ?? 10_000;
    this.#retry = resolveRetryOptions(options.retry);
    this.#ownsTransport = !options.transport;
    this.#transport = options.transport ?? createTransport();
    this.#logger = options.logger;
    this.#random = options.random ?? Math.random;
    this.#skew = options.clockSkew ?? { offsetMs: 0 };
    // Innermost first: skew resend wraps one attempt; retries wrap that; outcome mapping is outermost.
    this.#chain = [this.#skewLayer, this.#retryLayer, this.#outcomeLayer].reduce<Call>(
      (next, layer) => layer(next),
      (req) => this.#attempt(req),
    );
  }

  /** Adds an outer layer (logging, metrics). */
  use(transformer: Transformer): this {
    this.#chain = transformer(this.#chain);
    return this;
  }

  /** The learned clock offset, ms (server minus local). */
  get clockSkewMs(): number {
    return this.#skew.offsetMs;
  }

  /** Whether the PIN-creation account is configured, so card operations can run. */
  get hasCardCredentials(): boolean {
    return this.#card !== undefined;
  }

  get hasAccountCredentials(): boolean {
    return this.#account !== undefined;
  }

  /** Runs one operation of the table. Invalid parameters raise `InvalidInputError` and send nothing. */
  async call<K extends OperationName>(
    name: K,
    params: ParamsOf<K>,
    options: CallOptions = {},
  ): Promise<ResultOf<K>> {
    const spec: OperationSpec = operations[name];
    const label = operationLabel(name);
    const parsed = spec.params.safeParse(params ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new InvalidInputError(label, issue.path.join('.') || 'parameters', issue.message);
    }
    const wire = { ...(parsed.data as Record<string, string | undefined>) };
    if (spec.auth === 'card' && 'realm' in wire) wire.realm = wire.realm || this.#cardRealm;
    const cleaned = Object.fromEntries(Object.entries(wire).filter(([, v]) => v !== undefined)) as Record<
      string,
      string
    >;
    const body = await this.#chain({ name, label, spec, wire: cleaned, options });
    const result = (spec.response as z.ZodType).safeParse(body);
    if (!result.success) {
      throw new ResponseShapeError(
        label,
        result.error.issues.map((i) => `body.${i.path.join('.')}: ${i.message}`),
      );
    }
    return result.data as ResultOf<K>;
  }

  async close(): Promise<void> {
    if (this.#ownsTransport) await this.#transport.close();
  }

  /** Encode, sign, send, decode: exactly one HTTP exchange. Returns the envelope body. */
  async #attempt(req: CallRequest): Promise<unknown> {
    const { spec, label } = req;
    const signer = spec.auth === 'card' ? this.#card : this.#account;
    if (!signer) throw new MissingCredentialsError(label, spec.auth);
    const { url, method, body } = this.#encode(req);
    // Signed per attempt, with the learned skew: the signature is only valid for 180 s (1.2).
    const now = new Date(this.#clock().getTime() + this.#skew.offsetMs);
    const headers: Record<string, string> = {
      ...signer(now),
      accept: 'application/json',
      connection: 'keep-alive',
    };
    if (body !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';

    const timeoutMs = req.options.timeoutMs ?? this.#timeoutMs;
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const callerSignal = req.options.signal;
    const onCallerAbort = () => controller.abort();
    if (callerSignal?.aborted) controller.abort();
    callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
    const started = performance.now();
    let res: Awaited<ReturnType<Transport['send']>>;
    try {
      res = await this.#transport.send({ url, method, headers, body, signal: controller.signal });
    } catch (err) {
      if (timedOut) throw new TimeoutError(label, timeoutMs, { cause: err });
      if (callerSignal?.aborted)
        throw new TransportError(label, 'aborted by the caller', { cause: err, aborted: true });
      const code = (err as { code?: string }).code;
      // Connection never made: nothing reached the provider (undici error codes, not instanceof).
      const neverSent =
        code === 'ECONNREFUSED' ||
        code === 'ENOTFOUND' ||
        code === 'EAI_AGAIN' ||
        code === 'UND_ERR_CONNECT_TIMEOUT';
      throw new TransportError(label, `request failed (${code ?? 'network error'})`, {
        cause: err,
        maybeDelivered: !neverSent,
      });
    } finally {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onCallerAbort);
    }
    this.#logger?.debug(
      { operation: label, status: res.status, ms: Math.round(performance.now() - started) },
      'telephony call',
    );
    return this.#decode(label, res);
  }

  #encode(req: CallRequest): { url: URL; method: 'GET' | 'POST'; body?: string } {
    const { spec, wire } = req;
    const fields = new URLSearchParams();
    if (spec.module === 'mycard-v2') {
      // D1: one address for the whole module; the operation goes in the form.
      fields.set('m', 'mycard-v2');
      fields.set('v', 'json');
      fields.set('act', spec.act!);
      for (const [k, v] of Object.entries(wire)) fields.set(k, v);
      if (this.#cardMethod === 'GET') {
        const url = new URL(this.#cardUrl);
        url.search = fields.toString();
        return { url, method: 'GET' };
      }
      return { url: this.#cardUrl, method: 'POST', body: fields.toString() };
    }
    if (spec.act) fields.set('act', spec.act);
    for (const [k, v] of Object.entries(wire)) fields.set(k, v);
    if (spec.version === 'v3') {
      // spec 4.3: path-style v3.
      const url = new URL(`api/rest/v3/${spec.module}`, this.#baseUrl);
      url.search = fields.toString();
      return { url, method: spec.method };
    }
    // spec 4: `{base_url}/api/rest/v2/?<module>` then `&`-joined parameters.
    const url = new URL('api/rest/v2/', this.#baseUrl);
    if (spec.method === 'GET') {
      const rest = fields.toString();
      url.search = `?${spec.module}${rest ? `&${rest}` : ''}`;
      return { url, method: 'GET' };
    }
    url.search = `?${spec.module}`;
    return { url, method: 'POST', body: fields.toString() };
  }

  #decode(
    label: string,
    res: { status: number; headers: Record<string, string | string[] | undefined>; text: string },
  ): unknown {
    const header = (name: string) => {
      const v = res.headers[name];
      return Array.isArray(v) ? v[0] : v;
    };
    const retryAfterHeader = header('retry-after');
    const retryAfter =
      retryAfterHeader !== undefined && /^\d+$/.test(retryAfterHeader.trim())
        ? Number(retryAfterHeader)
        : undefined;
    if (res.status === 429) {
      // A 429 is a refusal before acting, whatever its body: reads may retry after Retry-After.
      throw new TransportError(label, 'HTTP 429 Too Many Requests', {
        httpStatus: 429,
        retryAfterSeconds: retryAfter,
        maybeDelivered: false,
      });
    }
    let json: unknown;
    try {
      json = JSON.parse(res.text);
    } catch (cause) {
      // D3: a non-JSON answer counts as no usable answer.
      throw new TransportError(label, `HTTP ${res.status} without a JSON envelope`, {
        cause,
        httpStatus: res.status,
        retryAfterSeconds: retryAfter,
      });
    }
    // Hot path: a plain success envelope needs no schema pass (the schema would return `body` as is).
    if (isPlainSuccess(json)) return json.body;
    const env = envelope.safeParse(json);
    if (!env.success) {
      if (res.status >= 500)
        throw new TransportError(label, `HTTP ${res.status}`, { httpStatus: res.status });
      throw new ResponseShapeError(
        label,
        env.error.issues.map((i) => `${i.path.join('.') || 'envelope'}: ${i.message}`),
      );
    }
    // D3: the envelope is the truth, whatever the HTTP status.
    if (env.data.error) {
      const first = env.data.codes.find((c) => c.code !== 200) ?? {
        code: res.status,
        description: undefined,
      };
      const err = providerError(label, first.code, first.description ?? 'no description', res.status);
      const date = header('date');
      if (date) {
        const d = new Date(date);
        if (!Number.isNaN(d.getTime())) err.serverDate = d;
      }
      throw err;
    }
    return env.data.body;
  }

  /** provider-notes 1.2: after 1011/1012, learn the offset from `Date` and re-sign and resend once. */
  #skewLayer: Transformer = (next) => async (req) => {
    try {
      return await next(req);
    } catch (err) {
      if (
        !(err instanceof ProviderError) ||
        (err.providerCode !== 1011 && err.providerCode !== 1012) ||
        !err.serverDate
      ) {
        throw err;
      }
      this.#skew.offsetMs = err.serverDate.getTime() - this.#clock().getTime();
      this.#logger?.warn(
        { operation: req.label, skewMs: this.#skew.offsetMs },
        'clock skew learned; re-signing once',
      );
      return next(req);
    }
  };

  /** Safe reads only, capped jittered backoff, Retry-After honoured (style.md, stripe-node). */
  #retryLayer: Transformer = (next) => async (req) => {
    for (let retries = 0; ; retries++) {
      try {
        return await next(req);
      } catch (err) {
        if (
          !shouldRetry({
            safeToRetry: req.spec.safeToRetry,
            error: err,
            retriesSoFar: retries,
            options: this.#retry,
          })
        ) {
          throw err;
        }
        const delay = retryDelayMs(retries, err, this.#retry, this.#random);
        this.#logger?.debug({ operation: req.label, retry: retries + 1, delayMs: delay }, 'retrying read');
        await sleep(delay, undefined, { signal: req.options.signal });
      }
    }
  };

  /** provider-notes §3: a never-retry operation with no usable answer has an unknown outcome. */
  #outcomeLayer: Transformer = (next) => async (req) => {
    try {
      return await next(req);
    } catch (err) {
      if (req.spec.safeToRetry) throw err;
      if (err instanceof TimeoutError || (err instanceof TransportError && err.maybeDelivered)) {
        throw new OutcomeUnknownError(req.label, { cause: err });
      }
      throw err;
    }
  };
}

export type TelephonyClientWithMethods = TelephonyClient & TelephonyMethods;

/** Builds a client whose typed methods are derived from the operation table. */
export function createTelephonyClient(options: TelephonyClientOptions): TelephonyClientWithMethods {
  const client = new TelephonyClient(options) as TelephonyClientWithMethods;
  for (const name of Object.keys(operations) as OperationName[]) {
    Object.defineProperty(client, name, {
      value: NO_PARAMS.has(name)
        ? (params?: unknown, options?: CallOptions) => client.call(name, (params ?? {}) as never, options)
        : (params: unknown, options?: CallOptions) => client.call(name, params as never, options),
      enumerable: false,
    });
  }
  return client;
}
