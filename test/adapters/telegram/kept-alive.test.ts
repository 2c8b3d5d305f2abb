import { once } from 'node:events';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { type ApiClientOptions, Bot } from 'grammy';
import { afterEach, describe, expect, it } from 'vitest';
import { telegramClient } from '../../../src/adapters/telegram/transport.js';

// A Bot API server on 127.0.0.1 whose kept-alive connections the test closes itself, at the moment
// it chooses: no sleeps, no keep-alive timer racing the bot (docs/reliability.md §2.4).
interface FakeApi {
  apiRoot: string;
  server: Server;
  /** Server-side sockets, open ones only. */
  sockets: Set<Socket>;
  /** Methods received, in order, each once its body was read. */
  methods: string[];
  /** When set, a request for this method is answered only once this promise settles. */
  holdUntil?: Promise<void> | undefined;
  /** When set, a request for this method is read and then its connection dropped, unanswered. */
  dropAfterReading?: string | undefined;
}

const servers: Server[] = [];

function answer(res: ServerResponse, messageId: number): void {
  res.setHeader('content-type', 'application/json');
  res.end(
    JSON.stringify({
      ok: true,
      result: { message_id: messageId, date: 0, chat: { id: 1, type: 'private' } },
    }),
  );
}
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    s.close();
  }
});

async function startApi(keepAliveTimeoutMs = 60_000): Promise<FakeApi> {
  const api = { sockets: new Set<Socket>(), methods: [] as string[] } as FakeApi;
  api.server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const method = (req.url ?? '').split('/').pop() ?? '';
      api.methods.push(method);
      if (method === api.dropAfterReading) return void req.socket.destroy();
      void (api.holdUntil ?? Promise.resolve()).then(() => answer(res, api.methods.length));
    });
  });
  api.server.keepAliveTimeout = keepAliveTimeoutMs;
  api.server.on('connection', (s: Socket) => {
    api.sockets.add(s);
    s.on('close', () => api.sockets.delete(s));
  });
  servers.push(api.server);
  api.server.listen(0, '127.0.0.1');
  await once(api.server, 'listening');
  api.apiRoot = `http://127.0.0.1:${(api.server.address() as AddressInfo).port}`;
  return api;
}

const clients = new WeakMap<Bot, ApiClientOptions>();

function botFor(api: FakeApi): Bot {
  const client = telegramClient(api.apiRoot);
  const bot = new Bot('123:kept-alive-test-token', { client });
  clients.set(bot, client);
  return bot;
}

type Pool = Record<string, Socket[]>;
function agentOf(bot: Bot): { freeSockets?: Pool; sockets?: Pool } | undefined {
  return clients.get(bot)?.baseFetchConfig?.agent as { freeSockets?: Pool; sockets?: Pool } | undefined;
}

/** The idle sockets the bot's HTTP agent keeps for its next call. */
function idleSockets(bot: Bot): Socket[] {
  return Object.values(agentOf(bot)?.freeSockets ?? {}).flat();
}

/** The sockets of the bot's HTTP agent carrying a call. */
function busySockets(bot: Bot): Socket[] {
  return Object.values(agentOf(bot)?.sockets ?? {}).flat();
}

/** One answered call, so the bot holds one idle kept-alive connection to the server. */
async function warmUp(api: FakeApi, bot: Bot): Promise<void> {
  await bot.api.sendMessage(1, 'warm-up');
  expect(api.sockets.size).toBe(1);
}

describe('the Telegram transport and kept-alive connections', () => {
  it('a connection the server closed just as the bot reuses it: the unsent request goes on a new one, answered', async () => {
    const api = await startApi();
    const bot = botFor(api);
    await warmUp(api, bot);
    // The server closes its idle connection (its close is on the wire once 'close' fires), and the
    // bot sends in that same turn of the event loop: it takes the connection from its pool before it
    // has read the close. Without the guard, the request is written into a closed connection and reset.
    const [idle] = api.sockets;
    const closed = once(idle!, 'close');
    idle!.destroy();
    await closed;
    const sent = await bot.api.sendMessage(1, 'your balance');
    expect(sent.message_id).toBe(2);
    expect(api.methods).toEqual(['sendMessage', 'sendMessage']);
  });

  it('a reset after the request was written on a reused connection: not sent again', async () => {
    const api = await startApi();
    const bot = botFor(api);
    await warmUp(api, bot);
    api.dropAfterReading = 'sendMessage';
    await expect(bot.api.sendMessage(1, 'your balance')).rejects.toThrow(/Network request/);
    // The server read it once; give a resend every chance to arrive before counting again.
    await new Promise((r) => setImmediate(r));
    api.dropAfterReading = undefined;
    await bot.api.getMe().catch(() => undefined);
    expect(api.methods.filter((m) => m === 'sendMessage')).toHaveLength(2);
  });

  it("the bot lets an idle connection go before the server's announced keep-alive timeout", async () => {
    const api = await startApi(3_000); // Node answers `Keep-Alive: timeout=3`
    const bot = botFor(api);
    await warmUp(api, bot);
    const idle = idleSockets(bot);
    expect(idle).toHaveLength(1);
    expect(idle[0]!.timeout).toBeGreaterThan(0);
    expect(idle[0]!.timeout).toBeLessThan(3_000);
  });

  it('a call that waits longer than the idle bound (a long poll) is not cut by it', async () => {
    const api = await startApi();
    const bot = botFor(api);
    await warmUp(api, bot);
    let release = (): void => {};
    api.holdUntil = new Promise((r) => {
      release = r;
    });
    const pending = bot.api.sendMessage(1, 'slow');
    while (api.methods.length < 2) await new Promise((r) => setImmediate(r));
    // The idle timer fires on the busy connection (forced, not waited for): only an idle one is closed.
    for (const s of busySockets(bot)) s.emit('timeout');
    release();
    expect((await pending).message_id).toBe(2);
  });
});
