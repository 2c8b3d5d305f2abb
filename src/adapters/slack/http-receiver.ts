import type { IncomingMessage, ServerResponse } from 'node:http';
import { type ParsedUrlQuery, parse as parseForm } from 'node:querystring';
import {
  type App,
  type AppOptions,
  type BufferedIncomingMessage,
  HTTPModuleFunctions,
  HTTPResponseAck,
  type Receiver,
  type ReceiverEvent,
} from '@slack/bolt';
import { createSampler, type Sampler } from '../../core/index.js';
import { malformedPayload } from './payload-shape.js';
import { checkSlackHeaders, checkSlackSignature } from './request-signature.js';
import { type RetryFields, retryFieldsOf } from './retry-fields.js';

type BoltLogger = NonNullable<AppOptions['logger']>;

/** Set on the context of a command the receiver acknowledged on arrival and held until quiet. */
export const ACKED_ON_ARRIVAL = 'ackedOnArrival';

/** The one options object of {@link SlackHttpReceiver}. */
export interface SlackHttpReceiverOptions {
  /** Every request but `ssl_check` must carry Slack's signature made with this secret (401 otherwise). */
  signingSecret: string;
  /** The app's slash command: its requests are acknowledged on arrival, with an empty 200. */
  command: string;
  /** A larger body is refused with 413. */
  maxBodyBytes: number;
  /**
   * Resolves when a command acknowledged on arrival may be handed to bolt: the quiet gate, so that
   * the rest of a burst is read and acknowledged before any listener runs.
   */
  dispatchWhen: () => Promise<void>;
  /** Told of each command acknowledged but not yet handed to bolt, so `stop()` waits for it. */
  pending: (dispatch: Promise<void>) => void;
  logger: BoltLogger;
  /** A request no listener acknowledged is answered after this many ms (Slack waits 3 s). Default 2500. */
  unhandledRequestTimeoutMs?: number;
  /** The clock, ms since the epoch, for the signature's five-minute window. */
  nowMs?: () => number;
  /**
   * Bytes of bodies not yet verified held at once, every connection together (each one holds at
   * most `maxBodyBytes`). A request that would pass it is answered 503 before its body is read.
   * Default 8 MiB: 16 bodies at the 512 KB limit, hundreds of real Slack posts (a few KB each).
   */
  maxUnverifiedBytes?: number;
  /** At most one warn line per this many ms for refused requests; the next one counts the rest. Default 60 000. */
  warnEveryMs?: number;
  /**
   * While this returns a text (the provider's backlog is full), the slash command is answered with
   * it, ephemeral, in its ack, and not run: a prompt "busy, try again" instead of silence.
   */
  busy?: (who: { team: unknown; user: unknown }) => string | undefined;
}

/** `ssl_check=1&token=…`, Slack's unsigned probe, is all an unsigned request may send to be read. */
const SSL_CHECK_MAX_BYTES = 256;

/**
 * Slack's HTTP posts for bolt (docs/performance.md §4.2). bolt's HTTPReceiver runs the whole of `App.processEvent`
 * (its middleware chain and every listener's matchers) before a listener can ack, for each request
 * of a burst in turn; profiled, that and its signature compare were most of the time before the
 * ack. This receiver verifies the signature (request-signature.ts) and parses the body once. The
 * slash command, whose listener always acks with an empty body (commands.ts), is answered 200 at
 * once and handed to bolt with a no-op ack once the receiver is quiet. Every request whose ack may
 * carry content (a view submission's `response_action`, options) goes through bolt as
 * HTTPReceiver sends it: a real ack, answered when a listener acks, or after the unhandled-request
 * timeout. `url_verification` and `ssl_check` are answered here, as HTTPReceiver answers them.
 */
export class SlackHttpReceiver implements Receiver {
  readonly #options: SlackHttpReceiverOptions;
  readonly #maxUnverified: number;
  readonly #warnings: Sampler;
  #app: App | undefined;
  /** Bytes of unverified bodies reserved (by `Content-Length`) and bytes really buffered now. */
  #reserved = 0;
  #buffered = 0;

  constructor(options: SlackHttpReceiverOptions) {
    this.#options = options;
    this.#maxUnverified = options.maxUnverifiedBytes ?? 8 * 1024 * 1024;
    this.#warnings = createSampler({ windowMs: options.warnEveryMs ?? 60_000 });
  }

  /** Bytes of request bodies held now, not yet verified (what unsigned traffic can cost). */
  bufferedBytes(): number {
    return this.#buffered;
  }

  init(app: App): void {
    this.#app = app;
  }

  /** The composition root's HTTP server serves {@link requestListener}; there is nothing to open. */
  async start(): Promise<void> {}

  async stop(): Promise<void> {}

  /**
   * Hostile load, "unsigned traffic costs almost nothing": the headers are checked before a byte
   * of the body is read (only Slack's tiny unsigned `ssl_check` form is read without them), and a
   * body is read only into a reservation of its `Content-Length` from one budget shared by every
   * connection. A refusal closes the connection without reading the rest; a reservation is given
   * back when the request ends or its connection closes, whichever comes first.
   */
  readonly requestListener = (req: IncomingMessage, res: ServerResponse): void => {
    if (req.method !== 'POST') {
      req.resume();
      reply(res, 404);
      return;
    }
    const max = this.#options.maxBodyBytes;
    const declared = contentLength(req) ?? max;
    const fault = checkSlackHeaders(
      header(req, 'x-slack-request-timestamp'),
      header(req, 'x-slack-signature'),
      (this.#options.nowMs ?? Date.now)(),
    );
    if (fault && !(isForm(req) && declared <= SSL_CHECK_MAX_BYTES)) {
      this.#refuse(res, 401, fault);
      return;
    }
    const reserve = Math.min(declared, max);
    if (this.#reserved + reserve > this.#maxUnverified) {
      this.#refuse(res, 503, 'too many unverified bodies');
      return;
    }
    this.#reserved += reserve;
    this.#read(req, res, reserve);
  };

  #read(req: IncomingMessage, res: ServerResponse, reserve: number): void {
    let chunks: Buffer[] | undefined = [];
    let size = 0;
    const giveBack = () => {
      if (!chunks) return;
      chunks = undefined;
      this.#reserved -= reserve;
      this.#buffered -= size;
    };
    req.on('data', (chunk: Buffer) => {
      if (!chunks) return;
      if (size + chunk.length > reserve) {
        giveBack();
        this.#refuse(res, 413, `body over ${reserve} bytes`);
        return;
      }
      size += chunk.length;
      this.#buffered += chunk.length;
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!chunks) return;
      const raw = Buffer.concat(chunks, size);
      giveBack();
      this.#received(req, res, raw);
    });
    req.once('close', giveBack);
    req.on('error', () => {
      giveBack();
      if (!res.headersSent) reply(res, 400);
    });
  }

  /** Answers and closes the connection, the rest of the body unread; one warn line per window. */
  #refuse(res: ServerResponse, status: number, why: string): void {
    const sampled = this.#warnings.take(`refused ${status}`);
    if (sampled) {
      const more = sampled.skipped > 0 ? ` (and ${sampled.skipped} more refused since the last line)` : '';
      this.#options.logger.warn(`Refused a request to the Slack endpoint (${status}): ${why}${more}`);
    }
    if (!res.headersSent) res.writeHead(status, { connection: 'close' }).end();
  }

  #received(req: IncomingMessage, res: ServerResponse, raw: Buffer): void {
    const { logger } = this.#options;
    const text = raw.toString();
    const fields = isForm(req) ? parseForm(text) : undefined;
    // Slack's `ssl_check=1` is not signed; it is answered and carries nothing further (as in bolt).
    if (fields?.ssl_check === '1') {
      reply(res, 200);
      return;
    }
    const failed = checkSlackSignature(
      this.#options.signingSecret,
      {
        timestamp: header(req, 'x-slack-request-timestamp'),
        signature: header(req, 'x-slack-signature'),
        body: raw,
      },
      (this.#options.nowMs ?? Date.now)(),
    );
    if (failed) {
      this.#refuse(res, 401, `failed to verify a request from Slack: ${failed}`);
      return;
    }
    const retry = retryFieldsOf(req);
    if (fields && fields.payload === undefined && fields.command === this.#options.command) {
      const busy = this.#options.busy?.({ team: fields.team_id, user: fields.user_id });
      if (busy !== undefined) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ response_type: 'ephemeral', text: busy }));
        return;
      }
      reply(res, 200);
      const customProperties = { [ACKED_ON_ARRIVAL]: true };
      this.#dispatchLater({ body: fields, ack: async () => {}, ...retry, customProperties });
      return;
    }
    const body = bodyOf(fields, text);
    if (!body || malformedPayload(body)) {
      logger.warn('Malformed request body');
      reply(res, 400);
      return;
    }
    if (body.type === 'url_verification') {
      HTTPModuleFunctions.buildUrlVerificationResponse(res, body);
      return;
    }
    this.#dispatchNow(Object.assign(req, { rawBody: raw }), res, body, retry);
  }

  #dispatchLater(event: ReceiverEvent): void {
    const dispatch = this.#options
      .dispatchWhen()
      .then(() => this.#app?.processEvent(event))
      .catch((error: unknown) => {
        this.#options.logger.error(`A listener failed after its ack: ${(error as Error)?.name}`);
      });
    this.#options.pending(dispatch);
  }

  /** As HTTPReceiver does it: the HTTP answer is whatever, and whenever, a listener acks. */
  #dispatchNow(
    req: BufferedIncomingMessage,
    res: ServerResponse,
    body: Record<string, unknown>,
    retry: RetryFields,
  ): void {
    const { logger } = this.#options;
    const ack = new HTTPResponseAck({
      logger,
      processBeforeResponse: false,
      unhandledRequestTimeoutMillis: this.#options.unhandledRequestTimeoutMs ?? 2_500,
      httpRequest: req,
      httpRequestBody: body,
      httpResponse: res,
    });
    const event: ReceiverEvent = { body, ack: ack.bind(), ...retry };
    this.#app?.processEvent(event).catch(async (error: unknown) => {
      const answered = await HTTPModuleFunctions.defaultProcessEventErrorHandler({
        error: error as Error,
        logger,
        request: req,
        response: res,
        storedResponse: ack.storedResponse,
      });
      if (answered) ack.ack();
    });
  }
}

/**
 * Interactivity posts a form with one field, `payload`, holding JSON; the Events API posts JSON.
 * Anything but a JSON object (`null`, a number, a list) is malformed: bolt reads fields of it.
 */
function bodyOf(fields: ParsedUrlQuery | undefined, text: string): Record<string, unknown> | undefined {
  const json = fields ? fields.payload : text;
  if (typeof json !== 'string') return fields;
  try {
    const parsed: unknown = JSON.parse(json);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

function reply(res: ServerResponse, status: number): void {
  res.writeHead(status).end();
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return typeof value === 'string' ? value : undefined;
}

function contentLength(req: IncomingMessage): number | undefined {
  const value = Number(req.headers['content-length']);
  return req.headers['content-length'] !== undefined && Number.isSafeInteger(value) && value >= 0
    ? value
    : undefined;
}

function isForm(req: IncomingMessage): boolean {
  return (req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
}
