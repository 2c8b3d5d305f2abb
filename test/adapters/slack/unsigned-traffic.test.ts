import { createServer, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { AppOptions } from '@slack/bolt';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SlackHttpReceiver } from '../../../src/adapters/slack/http-receiver.js';
import { signedSlackRequest, slashCommandBody } from '../../helpers/fake-slack.js';

/**
 * Hostile load, "unsigned traffic costs almost nothing" (docs/operations.md §7): headers are checked
 * before the body is read, unverified bodies share one byte budget, and what they held is given
 * back when their connections close. Proven by counting the receiver's buffered bytes and by
 * answers that arrive while the body was never sent, never by timing.
 */

const SECRET = 'unsigned-traffic-secret';
const FAKE_SIGNATURE = `v0=${'ab'.repeat(32)}`;

interface Served {
  receiver: SlackHttpReceiver;
  port: number;
  url: string;
  warnings: string[];
}

const servers: Server[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  await Promise.all(
    servers.splice(0).map((s) => {
      s.closeAllConnections();
      return new Promise((r) => s.close(r));
    }),
  );
});

async function serve(o: {
  maxBodyBytes: number;
  maxUnverifiedBytes: number;
  busy?: () => string | undefined;
}): Promise<Served> {
  const warnings: string[] = [];
  const logger: NonNullable<AppOptions['logger']> = {
    debug() {},
    info() {},
    warn: (...m: unknown[]) => warnings.push(m.join(' ')),
    error() {},
    setLevel() {},
    getLevel: () => 'info' as never,
    setName() {},
  };
  const receiver = new SlackHttpReceiver({
    signingSecret: SECRET,
    command: '/tel',
    maxBodyBytes: o.maxBodyBytes,
    maxUnverifiedBytes: o.maxUnverifiedBytes,
    dispatchWhen: () => new Promise(() => {}),
    pending: () => {},
    logger,
    ...(o.busy ? { busy: o.busy } : {}),
  });
  const server = createServer(receiver.requestListener);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return { receiver, port, url: `http://127.0.0.1:${port}/slack/events`, warnings };
}

/**
 * A client that sends a request head announcing `length` bytes, then only `sent` of them, and
 * keeps the connection open: the "half-sent body" of the attack. Resolves the status line once
 * the server answers (if it does).
 */
function halfSent(port: number, headers: Record<string, string>, length: number, sent: number) {
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  let text = '';
  const answered = new Promise<number>((resolve) => {
    socket.on('data', (c: Buffer) => {
      text += c.toString('latin1');
      const m = /^HTTP\/1\.1 (\d{3})/.exec(text);
      if (m) resolve(Number(m[1]));
    });
  });
  socket.on('error', () => {});
  const head = Object.entries({
    host: 'bot',
    'content-type': 'application/x-www-form-urlencoded',
    'content-length': String(length),
    ...headers,
  })
    .map(([k, v]) => `${k}: ${v}`)
    .join('\r\n');
  socket.write(`POST /slack/events HTTP/1.1\r\n${head}\r\n\r\n`);
  if (sent > 0) socket.write(Buffer.alloc(sent, 0x61));
  let status: number | undefined;
  void answered.then((s) => {
    status = s;
  });
  return { socket, answered, status: () => status };
}

const fresh = () => String(Math.floor(Date.now() / 1000));

describe('unsigned Slack traffic', () => {
  it('refuses a missing, malformed or stale timestamp or signature with 401 before reading the body', async () => {
    const s = await serve({ maxBodyBytes: 64 * 1024, maxUnverifiedBytes: 1024 * 1024 });
    const heads: Record<string, string>[] = [
      {},
      { 'x-slack-request-timestamp': fresh() },
      { 'x-slack-signature': FAKE_SIGNATURE },
      { 'x-slack-request-timestamp': 'soon', 'x-slack-signature': FAKE_SIGNATURE },
      { 'x-slack-request-timestamp': fresh(), 'x-slack-signature': 'v0=not-hex' },
      { 'x-slack-request-timestamp': fresh(), 'x-slack-signature': `v1=${'ab'.repeat(32)}` },
      { 'x-slack-request-timestamp': String(Number(fresh()) - 3600), 'x-slack-signature': FAKE_SIGNATURE },
    ];
    // Each announces 60 KB and sends none of it: an answer can only come from the headers.
    const clients = heads.map((h) => halfSent(s.port, h, 60_000, 0));
    expect(await Promise.all(clients.map((c) => c.answered))).toEqual(heads.map(() => 401));
    expect(s.receiver.bufferedBytes()).toBe(0);
  });

  it('holds at most the shared budget of unverified bytes, refuses the rest with 503, and gives it all back on close', async () => {
    const body = 16 * 1024;
    const s = await serve({ maxBodyBytes: body, maxUnverifiedBytes: 4 * body });
    // Headers that pass the header check (fresh, well formed) but a signature nobody can verify
    // until the whole body is in: the attack the budget is for. Each sends half its body.
    const headers = { 'x-slack-request-timestamp': fresh(), 'x-slack-signature': FAKE_SIGNATURE };
    const clients = Array.from({ length: 12 }, () => halfSent(s.port, headers, body, body / 2));
    const refused = clients.slice(4);
    expect(await Promise.all(refused.map((c) => c.answered))).toEqual(refused.map(() => 503));
    await vi.waitFor(() => expect(s.receiver.bufferedBytes()).toBe(4 * (body / 2)));
    expect(clients.slice(0, 4).map((c) => c.status())).toEqual([undefined, undefined, undefined, undefined]);
    // While the budget is taken, a genuine request is refused too: the cost of an attack is bounded,
    // not free; and it is all given back once the attackers' connections close.
    const command = slashCommandBody({ text: 'balance', responseUrl: 'https://x/' });
    expect((await signedSlackRequest(SECRET, command, { url: s.url })).status).toBe(503);
    for (const c of clients) c.socket.destroy();
    await vi.waitFor(() => expect(s.receiver.bufferedBytes()).toBe(0));
    expect((await signedSlackRequest(SECRET, command, { url: s.url })).status).toBe(200);
    expect(s.receiver.bufferedBytes()).toBe(0);
  });

  it('writes one warn line per window for many refused posts, counting the rest in the next', async () => {
    const s = await serve({ maxBodyBytes: 1024, maxUnverifiedBytes: 64 * 1024 });
    const results = await Promise.all(
      Array.from({ length: 200 }, () =>
        signedSlackRequest('not-the-secret', slashCommandBody({ text: 'x', responseUrl: 'https://x/' }), {
          url: s.url,
        }),
      ),
    );
    expect(results.every((r) => r.status === 401)).toBe(true);
    expect(s.warnings).toHaveLength(1);
    expect(s.warnings[0]).toMatch(/401.*signature mismatch/);
  });
});

describe('a busy provider', () => {
  it('answers the slash command at once with an ephemeral "busy, try again", and runs nothing', async () => {
    let busy: string | undefined = 'I am very busy right now';
    const s = await serve({ maxBodyBytes: 64 * 1024, maxUnverifiedBytes: 1024 * 1024, busy: () => busy });
    const dispatched: unknown[] = [];
    s.receiver.init({ processEvent: async (e: unknown) => dispatched.push(e) } as never);
    const command = slashCommandBody({ text: 'balance', responseUrl: 'https://x/' });
    const res = await signedSlackRequest(SECRET, command, { url: s.url });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ response_type: 'ephemeral', text: 'I am very busy right now' });
    busy = undefined;
    const ok = await signedSlackRequest(SECRET, command, { url: s.url });
    expect(ok).toEqual({ status: 200, body: '' });
    expect(dispatched).toHaveLength(0);
  });
});
