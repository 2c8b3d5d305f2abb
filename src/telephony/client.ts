import type { Admission } from './admission.js';
import type { Credentials } from './credentials.js';
import { decodeBody, decodeEnvelope, type QuirkReporter } from './decode.js';
import { createEncoder, type EncodedRequest } from './encode.js';
import {
  InvalidInputError,
  isTelephonyError,
  MissingCredentialsError,
  TimeoutError,
  TransportError,
} from './errors.js';
import {
  type Call,
  type CallOptions,
  type CallRequest,
  type ClientLogger,
  type ClockSkew,
  outcomeLayer,
  retryLayer,
  skewLayer,
  type Transformer,
} from './layers.js';
import {
  type OperationName,
  type OperationSpec,
  operationLabel,
  operations,
  type ParamsOf,
  type ResultOf,
} from './operations.js';
import { none } from './params.js';
import { type RetryOptions, resolveRetryOptions } from './retry.js';
import { type Signing, signingFor } from './signing.js';
import {
  BODY_TOO_LARGE,
  createTransport,
  type HttpResponse,
  INVALID_REQUEST,
  type Transport,
} from './transport.js';

export type { Call, CallOptions, CallRequest, ClientLogger, ClockSkew, Transformer } from './layers.js';

export interface TelephonyClientOptions {
  /** `{base_url}` of spec 4, e.g. `https://api.example.com`. */
  baseUrl: string;
  /** The card module address (D1). Default `{baseUrl}/api/rest/v2/`. */
  cardUrl?: string | undefined;
  /** The card module's HTTP method (D1 leaves it configurable). Default POST. */
  cardMethod?: 'GET' | 'POST';
  /** The account's credentials, for every module but the card module. */
  credentials?: Credentials | undefined;
  /** The PIN-creation account (D2), for `mycard-v2`. */
  cardCredentials?: Credentials | undefined;
  /** `realm` sent with the card operations that take one (spec 4.1). Default `default`. */
  cardRealm?: string;
  /** The clock used for `x-date`; injected in tests. Default `() => new Date()`. */
  clock?: (() => Date) | undefined;
  /**
   * Whole-call deadline per attempt, ms: the time queued for a pooled socket, the headers and the
   * whole body. Default 10 000.
   */
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
  /**
   * Admission control shared by every client of this provider (admission.ts): each attempt waits
   * its turn by account, and a read identical to one still waiting joins it. Default: none.
   */
  admission?: Admission;
}

export type TelephonyMethods = {
  [K in OperationName]: undefined extends ParamsOf<K>
    ? (params?: ParamsOf<K>, options?: CallOptions) => Promise<ResultOf<K>>
    : (params: ParamsOf<K>, options?: CallOptions) => Promise<ResultOf<K>>;
};

/** `topup`, `mycard-v2.blockcard`: worked out once per operation. */
const LABELS = Object.fromEntries(
  (Object.keys(operations) as OperationName[]).map((name) => [name, operationLabel(name)]),
) as Record<OperationName, string>;

const EMPTY_WIRE: Record<string, string> = Object.freeze({}) as Record<string, string>;

/** undici codes for a connection that was never made: nothing reached the provider. */
const NEVER_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT']);

/** A failed exchange as the client's own error (undici failures matched on `code`, never `instanceof`). */
function transportFailure(label: string, err: unknown): Error {
  if (isTelephonyError(err)) return err;
  const code = (err as { code?: string }).code;
  if (code === INVALID_REQUEST)
    return new InvalidInputError(label, 'request', 'it has characters that cannot be sent; nothing was sent');
  if (code === BODY_TOO_LARGE) return new TransportError(label, 'answer too large', { cause: err });
  return new TransportError(label, `request failed (${code ?? 'network error'})`, {
    cause: err,
    maybeDelivered: !NEVER_SENT.has(code ?? ''),
  });
}

/**
 * The signed client. One `call()` path: validate, encode, sign, send, decode. Retries, the one
 * re-signed resend after clock skew, and "outcome unknown" sit around that path as layers, so
 * every attempt is signed afresh (provider-notes 1.2).
 */
export class TelephonyClient {
  readonly #encode: (spec: OperationSpec, wire: Record<string, string>) => EncodedRequest;
  readonly #cardRealm: string;
  /** Signers per credential (provider-notes D2: the card module has its own account). */
  readonly #account: Signing | undefined;
  readonly #card: Signing | undefined;
  readonly #clock: () => Date;
  readonly #timeoutMs: number;
  readonly #transport: Transport;
  readonly #ownsTransport: boolean;
  readonly #logger: ClientLogger | undefined;
  readonly #skew: ClockSkew;
  readonly #admission: Admission | undefined;
  #chain: Call;

  constructor(options: TelephonyClientOptions) {
    const baseUrl = new URL(options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`);
    this.#encode = createEncoder({
      baseUrl,
      cardUrl: new URL(options.cardUrl ?? new URL('api/rest/v2/', baseUrl).href),
      cardMethod: options.cardMethod ?? 'POST',
    });
    this.#cardRealm = options.cardRealm ?? 'default';
    this.#account = options.credentials ? signingFor(options.credentials) : undefined;
    this.#card = options.cardCredentials ? signingFor(options.cardCredentials) : undefined;
    this.#clock = options.clock ?? (() => new Date());
    this.#timeoutMs = options.timeoutMs ?? 10_000;
    this.#ownsTransport = !options.transport;
    this.#transport = options.transport ?? createTransport();
    this.#logger = options.logger;
    this.#skew = options.clockSkew ?? { offsetMs: 0 };
    this.#admission = options.admission;
    const retry = retryLayer(resolveRetryOptions(options.retry), options.random ?? Math.random, this.#logger);
    // Innermost first: skew resend wraps one attempt; retries wrap that; outcome mapping is outermost.
    this.#chain = [skewLayer(this.#skew, this.#clock, this.#logger), retry, outcomeLayer].reduce<Call>(
      (next, layer) => layer(next),
      (req) => this.#admitted(req),
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

  /** Runs one operation of the table. Invalid parameters raise `InvalidInputError` and send nothing. */
  call<K extends OperationName>(
    name: K,
    params: ParamsOf<K>,
    options: CallOptions = {},
  ): Promise<ResultOf<K>> {
    const spec: OperationSpec = operations[name];
    const label = LABELS[name];
    let wire: Record<string, string>;
    try {
      wire = this.#wire(spec, label, params);
    } catch (err) {
      return Promise.reject(err);
    }
    return this.#chain({ name, label, spec, wire, options }) as Promise<ResultOf<K>>;
  }

  async close(): Promise<void> {
    if (this.#ownsTransport) await this.#transport.close();
  }

  /** Validates the parameters and maps them to wire fields; nothing is sent when they do not fit. */
  #wire(spec: OperationSpec, label: string, params: unknown): Record<string, string> {
    // Operations without parameters skip the schema: `none` maps every accepted input to `{}`.
    if (spec.params === none && params == null) return EMPTY_WIRE;
    const parsed = spec.params.safeParse(params ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new InvalidInputError(label, issue.path.join('.') || 'parameters', issue.message);
    }
    const wire: Record<string, string> = {};
    for (const [k, v] of Object.entries(parsed.data as Record<string, string | undefined>)) {
      if (v !== undefined) wire[k] = v;
    }
    if (spec.auth === 'card' && 'realm' in wire) wire.realm = wire.realm || this.#cardRealm;
    return wire;
  }

  /** One attempt, after its turn at the provider's sockets (admission.ts); its deadline starts then. */
  #admitted(req: CallRequest): Promise<unknown> {
    const signing = req.spec.auth === 'card' ? this.#card : this.#account;
    if (!this.#admission || !signing || 'problem' in signing) return this.#attempt(req);
    // Only a read may share its answer; a never-retry operation is always its own request.
    const flightKey = req.spec.safeToRetry
      ? `${signing.flight}\n${req.name}\n${JSON.stringify(req.wire)}`
      : undefined;
    return this.#admission.run(signing.who, flightKey, () => this.#attempt(req));
  }

  /** Encode, sign, send, decode: exactly one HTTP exchange, within one deadline. */
  async #attempt(req: CallRequest): Promise<unknown> {
    const { spec, label, options } = req;
    const signing = spec.auth === 'card' ? this.#card : this.#account;
    if (!signing) throw new MissingCredentialsError(label, spec.auth);
    if ('problem' in signing) throw new InvalidInputError(label, 'username', signing.problem);
    const signal = options.signal;
    if (signal?.aborted)
      throw new TransportError(label, 'aborted by the caller', { aborted: true, maybeDelivered: false });
    const { origin, path, method, body } = this.#encode(spec, req.wire);
    // Signed per attempt, with the learned skew: the signature is only valid for 180 s (1.2).
    const signed = signing.sign(new Date(this.#clock().getTime() + this.#skew.offsetMs));
    const headers: Record<string, string> = {
      'x-date': signed['x-date'],
      'x-authorization': signed['x-authorization'],
      accept: 'application/json',
      connection: 'keep-alive',
    };
    if (body !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';

    const timeoutMs = options.timeoutMs ?? this.#timeoutMs;
    const started = this.#logger ? performance.now() : 0;
    // The deadline starts before dispatch, so it covers the time queued for a pooled socket too.
    const exchange = this.#transport.send({ origin, path, method, headers, body });
    // After a stall the deadline and the answer fall due at once, and Node runs timers before it
    // reads sockets: the deadline waits one turn, so an answer received wins over "unknown".
    const expire = () =>
      exchange.abort(new TimeoutError(label, timeoutMs, { maybeDelivered: exchange.sent }));
    const timer = setTimeout(() => setImmediate(expire), timeoutMs);
    const onAbort = () =>
      exchange.abort(
        new TransportError(label, 'aborted by the caller', {
          aborted: true,
          cause: signal?.reason,
          maybeDelivered: exchange.sent,
        }),
      );
    signal?.addEventListener('abort', onAbort, { once: true });
    let res: HttpResponse;
    try {
      res = await exchange.response;
    } catch (err) {
      throw transportFailure(label, err);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
    this.#logger?.debug(
      { operation: label, status: res.status, ms: Math.round(performance.now() - started) },
      'telephony call',
    );
    return decodeBody(label, spec, decodeEnvelope(label, res, this.#onQuirk));
  }

  /** One warning per answer read the tolerant way (provider-notes 1.5), naming the operation. */
  readonly #onQuirk: QuirkReporter = (label, quirk) =>
    this.#logger?.warn({ operation: label, quirk }, 'tolerated a malformed answer (stray closing brackets)');
}

// Typed methods are derived from the operation table once, on the prototype (as Octokit builds its
// endpoint methods once), not attached again to every client.
for (const name of Object.keys(operations) as OperationName[]) {
  Object.defineProperty(TelephonyClient.prototype, name, {
    value(this: TelephonyClient, params?: unknown, options?: CallOptions) {
      return this.call(name, params as never, options);
    },
    enumerable: false,
    writable: true,
    configurable: true,
  });
}

export type TelephonyClientWithMethods = TelephonyClient & TelephonyMethods;

/** Builds a client whose typed methods are derived from the operation table. */
export function createTelephonyClient(options: TelephonyClientOptions): TelephonyClientWithMethods {
  return new TelephonyClient(options) as TelephonyClientWithMethods;
}
