import type { AddressInfo } from 'node:net';
import { type WebSocket, WebSocketServer } from 'ws';

/**
 * A local Socket Mode endpoint that speaks Slack's protocol as documented ("Using Socket Mode",
 * api.slack.com/apis/socket-mode), for bolt's SocketModeReceiver:
 *
 * - `apps.connections.open` (answered by fake-slack with {@link FakeSocketMode.nextUrl}) hands out
 *   a single-use `wss` URL; each connection gets a `hello` first.
 * - Events arrive in envelopes `{ envelope_id, type, payload, accepts_response_payload,
 *   retry_attempt, retry_reason }`; the app acknowledges each by sending `{ envelope_id, payload? }`.
 * - An envelope not acknowledged is delivered again, with `retry_attempt` counted up, on the next
 *   connection (Slack retries unacknowledged envelopes).
 * - `{ type: 'disconnect', reason: 'refresh_requested' }` asks the app to reconnect: it opens a new
 *   URL and connects again; the old socket is then closed.
 */
export interface Envelope {
  envelope_id: string;
  type: 'slash_commands' | 'interactive' | 'events_api';
  payload: Record<string, unknown>;
  accepts_response_payload: boolean;
  retry_attempt: number;
  retry_reason: string;
}

export interface Ack {
  envelope_id: string;
  payload?: unknown;
  /** Which connection (1-based) carried the acknowledgement. */
  connection: number;
}

export interface FakeSocketMode {
  /** For fake-slack's `socketModeUrl`: a fresh single-use URL per `apps.connections.open`. */
  nextUrl(): string;
  /** Connections accepted so far (each got a `hello`). */
  readonly connections: number;
  readonly acks: readonly Ack[];
  /** Sends an envelope on the current connection; resolves with its id. */
  send(type: Envelope['type'], payload: Record<string, unknown>): string;
  /** Sends an already acknowledged envelope again (as when an ack was lost), `retry_attempt` + 1. */
  redeliver(envelopeId: string): void;
  /** Asks the app to reconnect (`disconnect`, `refresh_requested`), optionally with envelopes sent just before. */
  refresh(): void;
  waitForAck(envelopeId: string, count?: number): Promise<Ack[]>;
  waitForConnections(count: number): Promise<void>;
  /** Resolves when the connection with this number closed. */
  closed(connection: number): Promise<void>;
  close(): Promise<void>;
}

export async function startFakeSocketMode(): Promise<FakeSocketMode> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  const port = (wss.address() as AddressInfo).port;
  const tickets = new Set<string>();
  const sockets: WebSocket[] = [];
  const closedSockets = new Map<number, Promise<void>>();
  const acks: Ack[] = [];
  const sent = new Map<string, Envelope>();
  const unacked = new Set<string>();
  const waiters = new Set<() => void>();
  let ticketSeq = 0;
  let envelopeSeq = 0;
  const notify = () => {
    for (const w of [...waiters]) w();
  };
  const current = () => sockets.at(-1);
  const deliver = (envelope: Envelope) => current()?.send(JSON.stringify(envelope));

  wss.on('connection', (socket, req) => {
    const ticket = new URL(req.url ?? '/', 'ws://x').searchParams.get('ticket') ?? '';
    // Single-use URLs: a reused or unknown ticket is refused, as Slack does.
    if (!tickets.delete(ticket)) {
      socket.close(1008, 'invalid ticket');
      return;
    }
    sockets.push(socket);
    const number = sockets.length;
    closedSockets.set(number, new Promise((resolve) => socket.once('close', () => resolve())));
    socket.send(
      JSON.stringify({
        type: 'hello',
        num_connections: 1,
        debug_info: { host: 'fake-socket-mode', build_number: 1, approximate_connection_time: 18060 },
        connection_info: { app_id: 'A1' },
      }),
    );
    // Unacknowledged envelopes of earlier connections are retried on the new one.
    for (const id of unacked) {
      const envelope = sent.get(id)!;
      envelope.retry_attempt += 1;
      envelope.retry_reason = 'timeout';
      socket.send(JSON.stringify(envelope));
    }
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as { envelope_id?: string; payload?: unknown };
      if (!message.envelope_id) return;
      unacked.delete(message.envelope_id);
      acks.push({
        envelope_id: message.envelope_id,
        ...(message.payload !== undefined ? { payload: message.payload } : {}),
        connection: number,
      });
      notify();
    });
    notify();
  });

  const until = (done: () => boolean) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (!done()) return;
        waiters.delete(check);
        resolve();
      };
      waiters.add(check);
      check();
    });

  return {
    nextUrl() {
      const ticket = `t${++ticketSeq}`;
      tickets.add(ticket);
      return `ws://127.0.0.1:${port}/link/?ticket=${ticket}&app_id=A1`;
    },
    get connections() {
      return sockets.length;
    },
    acks,
    send(type, payload) {
      const envelope: Envelope = {
        envelope_id: `env-${++envelopeSeq}`,
        type,
        payload,
        accepts_response_payload: type !== 'events_api',
        retry_attempt: 0,
        retry_reason: '',
      };
      sent.set(envelope.envelope_id, envelope);
      unacked.add(envelope.envelope_id);
      deliver(envelope);
      return envelope.envelope_id;
    },
    redeliver(envelopeId) {
      const envelope = sent.get(envelopeId)!;
      envelope.retry_attempt += 1;
      envelope.retry_reason = 'timeout';
      unacked.add(envelopeId);
      deliver(envelope);
    },
    refresh() {
      current()?.send(
        JSON.stringify({ type: 'disconnect', reason: 'refresh_requested', debug_info: { host: 'fake' } }),
      );
    },
    async waitForAck(envelopeId, count = 1) {
      await until(() => acks.filter((a) => a.envelope_id === envelopeId).length >= count);
      return acks.filter((a) => a.envelope_id === envelopeId);
    },
    waitForConnections: (count) => until(() => sockets.length >= count),
    closed: (connection) => closedSockets.get(connection) ?? Promise.resolve(),
    async close() {
      for (const s of sockets) s.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
