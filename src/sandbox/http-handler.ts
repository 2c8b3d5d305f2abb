import type { IncomingMessage, ServerResponse } from 'node:http';
import { authenticate, claimedUser } from './auth.js';
import {
  type Envelope,
  errorEnvelope,
  httpStatusFor,
  okEnvelope,
  okWithoutBody,
  Refusal,
} from './envelope.js';
import type { FaultInjector } from './faults.js';
import { formatRequestLine } from './request-log.js';
import { type Route, resolveRoute } from './routes.js';
import type { SandboxState } from './state.js';

/** What the request pipeline needs from the sandbox. */
export interface HandlerContext {
  readonly state: SandboxState;
  readonly faults: FaultInjector;
  /** The sandbox clock including the injected offset. */
  readonly now: () => Date;
  readonly maxCallSeconds: number;
  readonly maxBodyBytes: number;
  readonly random: () => number;
  readonly log: (line: string) => void;
  /** Requests that reached an operation's business logic, by operation (for the soak's checks, docs/sandbox.md §3.2). */
  readonly handled: Map<string, number>;
  /** Every request, by operation, including those refused or faulted before the logic. */
  readonly received: Map<string, number>;
  /** Pending latency timers, cleared on close. */
  readonly timers: Set<NodeJS.Timeout>;
}

class BodyTooLarge extends Error {}

const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

async function readBody(req: IncomingMessage, limit: number): Promise<string> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) throw new BodyTooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new BodyTooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function send(
  res: ServerResponse,
  status: number,
  text: string,
  now: Date,
  extra: Record<string, string> = {},
) {
  if (res.destroyed) return;
  res.writeHead(status, {
    'content-type': text.startsWith('{') ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
    // provider-notes 1.2: the sandbox clock (with any injected offset), so clients can learn skew.
    date: now.toUTCString(),
    ...extra,
  });
  res.end(text);
}

/** One request on its way through the pipeline: what the log line needs, filled in as it goes. */
interface Exchange {
  readonly ctx: HandlerContext;
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  /** The sandbox clock when the request arrived: authentication and the operation use this one. */
  readonly now: Date;
  operation: string;
  fault: string | undefined;
  /** Logs the request's one line. */
  finish(status: number | 'dropped', code: number | undefined): void;
}

/**
 * The request pipeline: read the form body (capped), find the operation, faults that strike
 * before, authenticate (provider-notes 1.1/1.2), check the credential kind (D2), run the operation,
 * faults that strike after, answer with the envelope (spec 7) and log one line.
 */
export function createRequestHandler(ctx: HandlerContext) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const x = openExchange(ctx, req, res);
    // D10: end calls whose maximum duration passed, before anyone reads balances or CDRs.
    ctx.state.expireCalls(x.now, ctx.maxCallSeconds);
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const form = await readForm(x);
    if (!form) return;
    const route = resolveRoute(x.req.method ?? 'GET', url.pathname, url.searchParams, form);
    x.operation = route.kind === 'operation' ? route.spec.name : route.name;
    bump(ctx.received, x.operation);
    if (answeredByFault(x)) return;
    const params = new URLSearchParams(url.searchParams);
    for (const [k, v] of form) params.set(k, v);
    const { envelope, status } = runOperation(x, route, params);
    await answer(x, envelope, status);
  };
}

function openExchange(ctx: HandlerContext, req: IncomingMessage, res: ServerResponse): Exchange {
  const started = performance.now();
  const method = req.method ?? 'GET';
  const user = claimedUser(req.headers);
  const x: Exchange = {
    ctx,
    req,
    res,
    now: ctx.now(),
    operation: '(unknown)',
    fault: undefined,
    finish: (status, code) =>
      ctx.log(
        formatRequestLine({
          at: ctx.now(),
          method,
          operation: x.operation,
          user,
          status,
          code,
          ms: performance.now() - started,
          ...(x.fault ? { fault: x.fault } : {}),
        }),
      ),
  };
  return x;
}

/** The POST form (empty for GET); undefined once the request has been answered or dropped. */
async function readForm(x: Exchange): Promise<URLSearchParams | undefined> {
  if (x.req.method !== 'POST') return new URLSearchParams();
  try {
    return new URLSearchParams(await readBody(x.req, x.ctx.maxBodyBytes));
  } catch (err) {
    if (!(err instanceof BodyTooLarge)) {
      x.finish('dropped', undefined);
      return undefined;
    }
    // Not read further; the connection is closed so the rest of the upload is discarded.
    const env = errorEnvelope(413, `the request body exceeds ${x.ctx.maxBodyBytes} bytes`);
    send(x.res, 413, JSON.stringify(env), x.ctx.now(), { connection: 'close' });
    x.finish(413, 413);
    return undefined;
  }
}

/** Faults that strike before the operation: a dropped connection, a 429 or a gateway error. */
function answeredByFault(x: Exchange): boolean {
  const before = x.ctx.faults.before(x.operation);
  if (before.kind === 'none') return false;
  if (before.kind === 'drop') {
    x.fault = 'drop';
    x.req.socket.destroy();
    x.finish('dropped', undefined);
    return true;
  }
  const [status, code, extra] =
    before.kind === 'too-many-requests'
      ? [429, 429, { 'retry-after': String(before.retryAfterSeconds) }]
      : [before.status, 504, {}];
  x.fault = String(status);
  const text = before.text ? `${status} injected fault` : JSON.stringify(errorEnvelope(code));
  send(x.res, status, text, x.ctx.now(), extra);
  x.finish(status, code);
  return true;
}

/** Authenticates, checks the credential kind (D2) and runs the operation, as an envelope (spec 7). */
function runOperation(
  x: Exchange,
  route: Route,
  params: URLSearchParams,
): { envelope: Envelope; status: number } {
  const { ctx } = x;
  try {
    const account = authenticate(x.req.headers, x.now, (name) => ctx.state.account(name));
    if (route.kind === 'unknown') throw new Refusal(404, 'unknown module');
    if (route.kind === 'bad-act') throw new Refusal(403, route.detail);
    // D2: the card module only for PIN-creation accounts, and those only for the card module.
    if (route.spec.accountKind === 'pin-creation' && account.kind !== 'pin-creation') {
      throw new Refusal(403, 'the card module needs a PIN-creation account');
    }
    if (route.spec.accountKind === 'account' && account.kind === 'pin-creation') {
      throw new Refusal(403, 'a PIN-creation account may use the card module only');
    }
    bump(ctx.handled, x.operation);
    const outcome = route.spec.handler({
      state: ctx.state,
      account,
      params,
      now: x.now,
      maxCallSeconds: ctx.maxCallSeconds,
      random: ctx.random,
      log: ctx.log,
    });
    return { envelope: 'body' in outcome ? okEnvelope(outcome.body) : okWithoutBody(), status: 200 };
  } catch (err) {
    if (err instanceof Refusal)
      return { envelope: errorEnvelope(err.code, err.detail), status: httpStatusFor(err.code) };
    ctx.log(`sandbox error in ${x.operation}: ${(err as Error).message}`);
    return { envelope: errorEnvelope(504), status: 500 };
  }
}

/** Sends the envelope, after the faults that strike once the operation ran: latency, drop, malformed. */
async function answer(x: Exchange, envelope: Envelope, status: number): Promise<void> {
  const code = envelope.codes[0]?.code;
  const after = x.ctx.faults.after(x.operation);
  if (after.latencyMs > 0) {
    x.fault = `latency ${after.latencyMs}ms`;
    await delayTracked(x.ctx.timers, after.latencyMs);
  }
  if (after.drop) {
    x.fault = x.fault ? `${x.fault}, drop` : 'drop';
    x.req.socket.destroy();
    x.finish('dropped', code);
    return;
  }
  let text = JSON.stringify(envelope);
  if (after.malformed) {
    x.fault = x.fault ? `${x.fault}, malformed` : 'malformed';
    text = text.slice(0, Math.max(1, Math.floor(text.length / 2)));
  }
  send(x.res, status, text, x.ctx.now());
  x.finish(status, code);
}

/** Waits `ms`, with the timer in `timers` so closing the sandbox can clear it. */
function delayTracked(timers: Set<NodeJS.Timeout>, ms: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      resolve();
    }, ms);
    timers.add(timer);
  });
}
