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
import { checkSlackSignature } from './request-signature.js';

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
}

/**
 * Slack's HTTP posts for bolt (issue 13). bolt's HTTPReceiver runs the whole of `App.processEvent`
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
  #app: App | undefined;

  constructor(options: SlackHttpReceiverOptions) {
    this.#options = options;
  }

  init(app: App): void {
    this.#app = app;
  }

  /** The composition root's HTTP server serves {@link requestListener}; there is nothing to open. */
  async start(): Promise<void> {}

  async stop(): Promise<void> {}

  readonly requestListener = (req: IncomingMessage, res: ServerResponse): void => {
    if (req.method !== 'POST') {
      req.resume();
      reply(res, 404);
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= this.#options.maxBodyBytes || refused) {
        if (!refused) chunks.push(chunk);
        return;
      }
      refused = true;
      this.#options.logger.warn(`Request body exceeded the limit (${this.#options.maxBodyBytes} bytes)`);
      reply(res, 413);
    });
    req.on('end', () => {
      if (!refused) this.#received(req, res, Buffer.concat(chunks));
    });
    req.on('error', () => {
      if (!res.headersSent) reply(res, 400);
    });
  };

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
      logger.warn(`Failed to verify a request from Slack: ${failed}`);
      reply(res, 401);
      return;
    }
    const retry = {
      retryNum: HTTPModuleFunctions.extractRetryNumFromHTTPRequest(req),
      retryReason: HTTPModuleFunctions.extractRetryReasonFromHTTPRequest(req),
    };
    if (fields && fields.payload === undefined && fields.command === this.#options.command) {
      reply(res, 200);
      const customProperties = { [ACKED_ON_ARRIVAL]: true };
      this.#dispatchLater({ body: fields, ack: async () => {}, ...retry, customProperties });
      return;
    }
    const body = bodyOf(fields, text);
    if (!body) {
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
    retry: Pick<ReceiverEvent, 'retryNum' | 'retryReason'>,
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

function isForm(req: IncomingMessage): boolean {
  return (req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
}
