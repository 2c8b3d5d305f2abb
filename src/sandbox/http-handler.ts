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
import { resolveRoute } from './routes.js';
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
  /** Requests that reached an operation's business logic, by operation (issue 3 soak checks). */
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

/**
 * The request pipeline: read the form body (capped), find the operation, faults that strike
 * before, authenticate (provider-notes 1.1/1.2), check the credential kind (D2), run the operation,
 * faults that strike after, answer with the envelope (spec 7) and log one line.
 */
export function createRequestHandler(ctx: HandlerContext) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const started = performance.now();
    const method = req.method ?? 'GET';
    const user = claimedUser(req.headers);
    let operation = '(unknown)';
    let fault: string | undefined;
    const finish = (status: number | 'dropped', code: number | undefined) =>
      ctx.log(
        formatRequestLine({
          at: ctx.now(),
          method,
          operation,
          user,
          status,
          code,
          ms: performance.now() - started,
          ...(fault ? { fault } : {}),
        }),
      );
    const now = ctx.now();
    // D10: end calls whose maximum duration passed, before anyone reads balances or CDRs.
    ctx.state.expireCalls(now, ctx.maxCallSeconds);

    const url = new URL(req.url ?? '/', 'http://sandbox');
    let form = new URLSearchParams();
    if (method === 'POST') {
      try {
        form = new URLSearchParams(await readBody(req, ctx.maxBodyBytes));
      } catch (err) {
        if (!(err instanceof BodyTooLarge)) {
          finish('dropped', undefined);
          return;
        }
        // Not read further; the connection is closed so the rest of the upload is discarded.
        const env = errorEnvelope(413, `the request body exceeds ${ctx.maxBodyBytes} bytes`);
        send(res, 413, JSON.stringify(env), ctx.now(), { connection: 'close' });
        finish(413, 413);
        return;
      }
    }
    const route = resolveRoute(method, url.pathname, url.searchParams, form);
    operation = route.kind === 'operation' ? route.spec.name : route.name;
    bump(ctx.received, operation);

    const before = ctx.faults.before(operation);
    if (before.kind === 'drop') {
      fault = 'drop';
      req.socket.destroy();
      finish('dropped', undefined);
      return;
    }
    if (before.kind !== 'none') {
      const [status, code, extra] =
        before.kind === 'too-many-requests'
          ? [429, 429, { 'retry-after': String(before.retryAfterSeconds) }]
          : [before.status, 504, {}];
      fault = String(status);
      const text = before.text ? `${status} injected fault` : JSON.stringify(errorEnvelope(code));
      send(res, status, text, ctx.now(), extra);
      finish(status, code);
      return;
    }

    let envelope: Envelope;
    let status = 200;
    try {
      const account = authenticate(req.headers, now, (name) => ctx.state.account(name));
      if (route.kind === 'unknown') throw new Refusal(404, 'unknown module');
      if (route.kind === 'bad-act') throw new Refusal(403, route.detail);
      // D2: the card module only for PIN-creation accounts, and those only for the card module.
      if (route.spec.accountKind === 'pin-creation' && account.kind !== 'pin-creation') {
        throw new Refusal(403, 'the card module needs a PIN-creation account');
      }
      if (route.spec.accountKind === 'account' && account.kind === 'pin-creation') {
        throw new Refusal(403, 'a PIN-creation account may use the card module only');
      }
      bump(ctx.handled, operation);
      const params = new URLSearchParams(url.searchParams);
      for (const [k, v] of form) params.set(k, v);
      const outcome = route.spec.handler({
        state: ctx.state,
        account,
        params,
        now,
        maxCallSeconds: ctx.maxCallSeconds,
        random: ctx.random,
        log: ctx.log,
      });
      envelope = 'body' in outcome ? okEnvelope(outcome.body) : okWithoutBody();
    } catch (err) {
      if (err instanceof Refusal) {
        envelope = errorEnvelope(err.code, err.detail);
        status = httpStatusFor(err.code);
      } else {
        ctx.log(`sandbox error in ${operation}: ${(err as Error).message}`);
        envelope = errorEnvelope(504);
        status = 500;
      }
    }
    const code = envelope.codes[0]?.code;

    const after = ctx.faults.after(operation);
    if (after.latencyMs > 0) {
      fault = `latency ${after.latencyMs}ms`;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          ctx.timers.delete(timer);
          resolve();
        }, after.latencyMs);
        ctx.timers.add(timer);
      });
    }
    if (after.drop) {
      fault = fault ? `${fault}, drop` : 'drop';
      req.socket.destroy();
      finish('dropped', code);
      return;
    }
    let text = JSON.stringify(envelope);
    if (after.malformed) {
      fault = fault ? `${fault}, malformed` : 'malformed';
      text = text.slice(0, Math.max(1, Math.floor(text.length / 2)));
    }
    send(res, status, text, ctx.now());
    finish(status, code);
  };
}
