import { type ClientRequest, Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import type { Socket } from 'node:net';
import { setImmediate } from 'node:timers';
import type { ApiClientOptions } from 'grammy';

/**
 * How the bot calls the Bot API: grammY's fetch over a kept-alive HTTP agent of the bot's own, so
 * that a connection the server closed while idle never loses an answer (docs/reliability.md §2.4).
 *
 * - The agent lets a connection go after {@link IDLE_CONNECTION_MS} idle, and earlier when the
 *   server announces a shorter keep-alive (`Keep-Alive: timeout=N`: Node's agent closes a second
 *   before, but only when the agent has an idle timeout of its own, which grammY's default lacks).
 * - Before a request is written on a reused connection, the agent waits one turn of the event loop,
 *   so a close the server already sent is read; then {@link mayResendOnNewConnection} decides.
 * - Once a byte of the request is written, a reset is never retried: the server may have acted on it
 *   (a 5xx or a lost connection is `unknown`, §2.4).
 */
export const IDLE_CONNECTION_MS = 4_000;

/** What is known about a request when it is about to go on a connection taken from the pool. */
export interface ReuseFacts {
  /** The connection was taken from the pool of idle ones (not opened for this request). */
  reusedSocket: boolean;
  /** Bytes of this request written to the connection so far. */
  bytesWritten: number;
  /** The server has closed (or reset) the connection. */
  peerClosed: boolean;
}

/**
 * The one rule for sending a Bot API request again: only when the server cannot have seen it, a
 * reused connection it had closed before any byte of the request was written.
 */
export function mayResendOnNewConnection(f: ReuseFacts): boolean {
  return f.reusedSocket && f.bytesWritten === 0 && f.peerClosed;
}

/** The client options grammY is given: the API root and the agent above (http or https). */
export function telegramClient(apiRoot: string | undefined): ApiClientOptions {
  const root = apiRoot ?? 'https://api.telegram.org';
  const options = { keepAlive: true, timeout: IDLE_CONNECTION_MS };
  const agent = root.startsWith('http:') ? new HttpAgent(options) : new HttpsAgent(options);
  guardReusedConnections(agent);
  return { ...(apiRoot ? { apiRoot } : {}), baseFetchConfig: { agent } };
}

/** Node's agent internals this relies on: `addRequest` and the documented `reuseSocket` hook. */
interface PoolAgent {
  addRequest(req: ClientRequest, options: unknown): void;
  reuseSocket(socket: Socket, req: ClientRequest): void;
}
type RequestWithSocketHook = ClientRequest & {
  onSocket(socket: Socket, err?: Error): void;
  reusedSocket: boolean;
};

/** Checks a reused connection one event-loop turn before the request is written on it. */
function guardReusedConnections(agent: HttpAgent): void {
  const pool = agent as unknown as PoolAgent;
  const addRequest = pool.addRequest.bind(pool);
  const reuseSocket = pool.reuseSocket.bind(pool);
  const requestOptions = new WeakMap<ClientRequest, unknown>();
  pool.addRequest = (req, options) => {
    requestOptions.set(req, options);
    addRequest(req, options);
  };
  pool.reuseSocket = (socket, request) => {
    reuseSocket(socket, request);
    const req = request as RequestWithSocketHook;
    const onSocket = req.onSocket;
    // The agent hands the connection over right after this hook; hold it for one turn, listening
    // for the reset the agent's own listener no longer catches.
    const swallow = (): void => {};
    socket.on('error', swallow);
    req.onSocket = (s: Socket, err?: Error) => {
      req.onSocket = onSocket;
      setImmediate(() => {
        socket.off('error', swallow);
        const facts = { reusedSocket: true, bytesWritten: 0, peerClosed: closedByPeer(s) };
        if (!err && !req.destroyed && mayResendOnNewConnection(facts)) {
          s.destroy();
          req.reusedSocket = false;
          addRequest(req, requestOptions.get(req));
          return;
        }
        onSocket.call(req, s, err);
      });
    };
  };
}

function closedByPeer(s: Socket): boolean {
  return s.destroyed || s.readableEnded || !s.writable;
}
