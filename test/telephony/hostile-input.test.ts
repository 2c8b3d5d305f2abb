import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTransport, type Transport } from '../../src/telephony/transport.js';
import {
  type FixtureServer,
  type Handler,
  loadFixture,
  sendJson,
  startFixtureServer,
} from '../helpers/fixture-server.js';
import { clientFor } from '../helpers/test-client.js';

/**
 * docs/reliability.md §4.1: no input can stall the client. Header values are checked before anything is dispatched,
 * the deadline covers the time queued for a pooled socket, and every failure gives its socket back.
 */

let server: FixtureServer;
beforeAll(async () => {
  server = await startFixtureServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const account = loadFixture('account');
const card = loadFixture('card-active');
const ok =
  (body: unknown): Handler =>
  (_req, res) =>
    sendJson(res, body);
/** Never answers: the request is held until the client gives up. */
const hold: Handler = () => {};
/** Answers the first request with `first`, every later one with `rest`. */
const firstThen =
  (first: Handler, rest: Handler): Handler =>
  (req, res, i) =>
    (i === 0 ? first : rest)(req, res, i);

const BAD_USERNAMES = ['dım', 'ბ', 'al\u0007ice', 'al\nice', 'al ice', 'ü', '', 'x'.repeat(101)];

describe('usernames that cannot travel in a header (spec 5)', () => {
  it.each(BAD_USERNAMES)(
    '%j is an InvalidInputError naming the fix, and nothing is sent',
    async (username) => {
      server.reset(ok(account));
      const client = clientFor(server, { credentials: { username, password: 'pw' } });
      await expect(client.account()).rejects.toMatchObject({
        name: 'InvalidInputError',
        code: 'TEL_INVALID_INPUT',
        parameter: 'username',
        fix: expect.stringMatching(/e\.g\. alice\.smith/),
      });
      await client.close();
      expect(server.count).toBe(0);
    },
  );

  it('the card account is checked the same way', async () => {
    server.reset(ok(card));
    const client = clientFor(server, { cardCredentials: { username: 'pın-maker', password: 'pw' } });
    await expect(client.show({ cli: '+49 151 12345678' })).rejects.toMatchObject({
      code: 'TEL_INVALID_INPUT',
      parameter: 'username',
    });
    await client.close();
    expect(server.count).toBe(0);
  });

  it('1,000 bad-username attempts leave a pool of 2 free: a valid call then completes within its deadline', async () => {
    server.reset(ok(account));
    const transport = createTransport({ connections: 2 });
    for (let i = 0; i < 1_000; i++) {
      const client = clientFor(server, {
        transport,
        credentials: { username: BAD_USERNAMES[i % BAD_USERNAMES.length]!, password: 'pw' },
      });
      await expect(client.account()).rejects.toMatchObject({ code: 'TEL_INVALID_INPUT' });
    }
    expect(server.count).toBe(0);
    // A generous deadline: what matters is that the call completes, not how fast.
    const client = clientFor(server, { transport, timeoutMs: 60_000, retry: { maxRetries: 0 } });
    const settled = await client.account().then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    expect(settled).not.toHaveProperty('error');
    expect(settled).toEqual({ value: expect.any(Array) });
    expect(server.count).toBe(1);
    await transport.close();
  });
});

describe('the transport refuses what undici would choke on', () => {
  let transport: Transport;
  beforeEach(() => {
    transport = createTransport({ connections: 1 });
  });

  it('a header value with a non-Latin-1 character is refused before dispatch, and the one socket stays free', async () => {
    server.reset(ok(account));
    const send = (headers: Record<string, string>) =>
      transport.send({ origin: server.url, path: '/api/rest/v2/?account', method: 'GET', headers }).response;
    for (let i = 0; i < 5; i++) {
      await expect(send({ 'x-authorization': 'dım:sig' })).rejects.toMatchObject({
        code: 'TRANSPORT_INVALID_REQUEST',
        message: 'the x-authorization header has characters HTTP cannot carry',
      });
      await expect(send({ 'x-date': 'a\u0000b' })).rejects.toMatchObject({
        code: 'TRANSPORT_INVALID_REQUEST',
      });
    }
    await expect(send({ accept: 'application/json' })).resolves.toMatchObject({ status: 200 });
    await expect(send({ accept: 'application/json' })).resolves.toMatchObject({ status: 200 });
    expect(server.count).toBe(2);
    await transport.close();
  });
});

describe('the whole-call deadline covers queueing (docs/reliability.md §4.1)', () => {
  it('a call queued behind a stalled one times out on its own deadline and is never sent later', async () => {
    server.reset(firstThen(hold, ok(account)));
    const transport = createTransport({ connections: 1 });
    const stalled = new AbortController();
    const first = clientFor(server, { transport, timeoutMs: 600_000, retry: { maxRetries: 0 } });
    const firstCall = first.account(undefined, { signal: stalled.signal });
    await expect.poll(() => server.count).toBe(1);

    const queued = clientFor(server, { transport, timeoutMs: 100, retry: { maxRetries: 0 } });
    await expect(queued.account()).rejects.toMatchObject({
      name: 'TimeoutError',
      code: 'TEL_TIMEOUT',
      timeoutMs: 100,
    });
    // A never-retry operation queued the same way was never written: a plain timeout, not "unknown".
    await expect(queued.topup({ pin: '12345678' })).rejects.toMatchObject({
      code: 'TEL_TIMEOUT',
      maybeDelivered: false,
    });

    stalled.abort();
    await expect(firstCall).rejects.toMatchObject({ name: 'TransportError', aborted: true });
    await expect(queued.account(undefined, { timeoutMs: 60_000 })).resolves.toHaveLength(2);
    // The first request and the last one only: the calls abandoned in the queue never went out.
    expect(server.requests.map((r) => r.route)).toEqual(['account', 'account']);
    await transport.close();
  });
});

describe('every failure gives its socket back', () => {
  const failures: [string, Handler, Record<string, unknown>][] = [
    ['a stalled answer (timeout)', hold, { code: 'TEL_TIMEOUT', maybeDelivered: true }],
    [
      'a stalled body (timeout)',
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
        res.write('{"error": false');
      },
      { code: 'TEL_TIMEOUT' },
    ],
    ['a dropped connection', (_req, res) => res.socket?.destroy(), { code: 'TEL_TRANSPORT' }],
    [
      'an answer larger than allowed',
      (_req, res) => sendJson(res, { error: false, body: 'x'.repeat(5_000) }),
      { code: 'TEL_TRANSPORT' },
    ],
    [
      'an endless chunked answer',
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write(' '.repeat(5_000));
      },
      { code: 'TEL_TRANSPORT' },
    ],
    [
      'malformed JSON',
      (_req, res) => sendJson(res, '{"error": false, "codes": ['),
      { code: 'TEL_TRANSPORT' },
    ],
  ];

  it.each(failures)('%s, then a valid call on the one socket completes', async (_label, handler, error) => {
    server.reset(firstThen(handler, ok(account)));
    const transport = createTransport({ connections: 1, maxResponseBytes: 4_096 });
    const client = clientFor(server, { transport, timeoutMs: 200, retry: { maxRetries: 0 } });
    await expect(client.account()).rejects.toMatchObject(error);
    await expect(client.account(undefined, { timeoutMs: 60_000 })).resolves.toHaveLength(2);
    expect(server.count).toBe(2);
    await transport.close();
  });

  it("the caller's abort while queued frees the caller at once", async () => {
    server.reset(firstThen(hold, ok(account)));
    const transport = createTransport({ connections: 1 });
    const client = clientFor(server, { transport, timeoutMs: 600_000, retry: { maxRetries: 0 } });
    const stalled = new AbortController();
    const first = client.account(undefined, { signal: stalled.signal });
    await expect.poll(() => server.count).toBe(1);
    const caller = new AbortController();
    const queued = client.account(undefined, { signal: caller.signal });
    caller.abort();
    await expect(queued).rejects.toMatchObject({
      name: 'TransportError',
      aborted: true,
      maybeDelivered: false,
    });
    stalled.abort();
    await expect(first).rejects.toMatchObject({ aborted: true, maybeDelivered: true });
    expect(server.count).toBe(1);
    await transport.close();
  });
});

describe('free text refuses control characters and over-long values (spec 4.1, docs/reliability.md §4.2)', () => {
  it.each([
    ['customer', { customer: '\u0000\u0007\u001b[31m evil' }, /control characters; use plain text, e\.g\./],
    ['customer', { customer: 'A'.repeat(101) }, /at most 100 characters; shorten it, e\.g\./],
    ['smsMessage', { smsMessage: 'Hello\u009b2J' }, /control characters/],
    ['smsMessage', { smsMessage: 'x'.repeat(481) }, /at most 480 characters/],
  ])('%s %j → InvalidInputError with a fix, nothing sent', async (parameter, extra, fix) => {
    server.reset(ok(card));
    const client = clientFor(server);
    await expect(client.insert({ cli: '+49 170 99887767', ...extra })).rejects.toMatchObject({
      code: 'TEL_INVALID_INPUT',
      parameter,
      fix: expect.stringMatching(fix),
    });
    await client.close();
    expect(server.count).toBe(0);
  });

  it('plain names and SMS texts go through as typed', async () => {
    server.reset(ok(card));
    const client = clientFor(server);
    await client.insert({
      cli: '+49 170 99887767',
      customer: 'Anna Schmidt-Lüdtke',
      smsMessage: 'Ihre Karte',
    });
    await client.close();
    expect(server.requests[0]!.form.get('Kunde')).toBe('Anna Schmidt-Lüdtke');
    expect(server.requests[0]!.form.get('smsinfo_message')).toBe('Ihre Karte');
  });
});
