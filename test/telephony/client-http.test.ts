import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTelephonyClient } from '../../src/telephony/client.js';
import {
  AuthenticationError,
  ClockSkewError,
  ForbiddenError,
  MissingCredentialsError,
  NoCallingCardError,
  NotFoundError,
  OutcomeUnknownError,
  ProviderError,
  TimeoutError,
  TransportError,
} from '../../src/telephony/errors.js';
import { parseXDate } from '../../src/telephony/signature.js';
import {
  errorEnvelope,
  type FixtureServer,
  type Handler,
  loadFixture,
  sendJson,
  startFixtureServer,
} from '../helpers/fixture-server.js';
import {
  ACCOUNT,
  ACCOUNT_MD5,
  CARD_ACCOUNT,
  CARD_MD5,
  clientFor,
  signedWith,
} from '../helpers/test-client.js';

/** The client over real HTTP on 127.0.0.1 (docs/architecture.md §7: fake the remote at the HTTP seam). */

let server: FixtureServer;
beforeAll(async () => {
  server = await startFixtureServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const account = loadFixture('account');
const topupOk = loadFixture('topup-ok');
const card = loadFixture('card-active');

/** Answers the i-th request with the i-th handler; the last one repeats. */
function sequence(...handlers: Handler[]): Handler {
  return (req, res, i) => handlers[Math.min(i, handlers.length - 1)]!(req, res, i);
}
const ok =
  (body: unknown): Handler =>
  (_req, res) =>
    sendJson(res, body);
const plain503: Handler = (_req, res) => {
  res.writeHead(503, { 'content-type': 'text/plain' });
  res.end('Service Unavailable');
};
const drop: Handler = (_req, res) => {
  res.socket?.destroy();
};
/** Never answers: the request is held until the client gives up. */
const hold: Handler = () => {};

/** A clock that moves one second on every reading, so every attempt gets its own x-date. */
function steppingClock(start = Date.UTC(2026, 10, 21, 9, 30, 0)): () => Date {
  let t = start;
  return () => {
    t += 1_000;
    return new Date(t);
  };
}

describe('signing on the wire (spec 5, provider-notes 1.1)', () => {
  it('sends the known-answer x-authorization for the pinned x-date', async () => {
    server.reset(ok(account));
    const fixed = () => new Date(Date.UTC(2014, 1, 20, 19, 44, 49));
    for (const credentials of [
      { username: 'demo', password: 'demo' },
      { username: 'demo', md5: 'fe01ce2a7fbac8fafaed7c982a04e229' },
    ]) {
      const client = clientFor(server, { credentials, clock: fixed });
      await client.account();
      await client.close();
    }
    expect(server.count).toBe(2);
    for (const req of server.requests) {
      expect(req.headers['x-date']).toBe('2014-02-20 19:44:49.000000 GMT+0000');
      expect(req.headers['x-authorization']).toBe('demo:dPekrt6IefY86DWmnLBOHWIEAr4=');
      expect(req.headers.connection).toBe('keep-alive');
      expect(req.headers.host).toBe(new URL(server.url).host);
    }
  });

  it('GETs reads at {base}/api/rest/v2/?<module> and POSTs writes as a form', async () => {
    server.reset(sequence(ok(account), ok(topupOk)));
    const client = clientFor(server, { baseUrl: `${server.url}/` });
    await client.account();
    await client.topup({ pin: '12345678' });
    await client.close();
    const [get, post] = server.requests;
    expect(get).toMatchObject({ method: 'GET', url: '/api/rest/v2/?account', body: '' });
    expect(post).toMatchObject({ method: 'POST', url: '/api/rest/v2/?topup', body: 'pin=12345678' });
    expect(post!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(post!.headers['content-length']).toBe('12');
  });

  it('signs a fresh x-date on every attempt, each valid for its own date', async () => {
    server.reset(sequence(plain503, plain503, ok(account)));
    const client = clientFor(server, { clock: steppingClock() });
    await expect(client.account()).resolves.toHaveLength(2);
    await client.close();
    expect(server.count).toBe(3);
    const dates = server.requests.map((r) => r.headers['x-date']);
    expect(new Set(dates).size).toBe(3);
    expect(new Set(server.requests.map((r) => r.headers['x-authorization'])).size).toBe(3);
    for (const req of server.requests) expect(signedWith(req, ACCOUNT.username, ACCOUNT_MD5)).toBe(true);
  });
});

describe('retries: safe reads only (provider-notes §3)', () => {
  it('retries a read after a plain 503, then succeeds', async () => {
    server.reset(sequence(plain503, ok(account)));
    const client = clientFor(server);
    await expect(client.account()).resolves.toHaveLength(2);
    await client.close();
    expect(server.count).toBe(2);
  });

  it('retries a read after the provider code 504 in a 503 envelope', async () => {
    server.reset(
      sequence((_q, res) => sendJson(res, errorEnvelope(504, 'Platform Failure'), 503), ok(account)),
    );
    const client = clientFor(server);
    await expect(client.account()).resolves.toHaveLength(2);
    await client.close();
    expect(server.count).toBe(2);
  });

  it('retries a read after a dropped connection', async () => {
    server.reset(sequence(drop, ok(account)));
    const client = clientFor(server);
    await expect(client.account()).resolves.toHaveLength(2);
    await client.close();
    expect(server.count).toBe(2);
  });

  it('gives up after maxRetries, with the last TransportError', async () => {
    server.reset(plain503);
    const client = clientFor(server, { retry: { maxRetries: 3, baseDelayMs: 1, maxDelayMs: 2 } });
    await expect(client.account()).rejects.toMatchObject({
      name: 'TransportError',
      code: 'TEL_TRANSPORT',
      httpStatus: 503,
    });
    await client.close();
    expect(server.count).toBe(4);
  });

  it('malformed JSON is a TransportError (D3), retried for a read', async () => {
    server.reset((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"error": false, "codes": [');
    });
    const client = clientFor(server);
    const p = client.account();
    await expect(p).rejects.toThrow(TransportError);
    await expect(p).rejects.toMatchObject({
      httpStatus: 200,
      message: expect.stringContaining('without a JSON'),
    });
    await client.close();
    expect(server.count).toBe(3);
  });

  it('does not retry a provider error such as 1001', async () => {
    server.reset((_q, res) => sendJson(res, errorEnvelope(1001, 'Result Not Known')));
    const client = clientFor(server);
    await expect(client.show({ cli: '+49 151 12345678' })).rejects.toThrow(NotFoundError);
    await client.close();
    expect(server.count).toBe(1);
  });
});

describe('never-retry operations: outcome unknown, never resent', () => {
  it('topup held past the timeout → TEL_OUTCOME_UNKNOWN after one request', async () => {
    server.reset(hold);
    const client = clientFor(server, { timeoutMs: 150 });
    const p = client.topup({ pin: '12345678' });
    await expect(p).rejects.toThrow(OutcomeUnknownError);
    await expect(p).rejects.toMatchObject({
      code: 'TEL_OUTCOME_UNKNOWN',
      operation: 'topup',
      cause: expect.any(TimeoutError),
    });
    await client.close();
    expect(server.count).toBe(1);
  });

  it('topup answered 503 → TEL_OUTCOME_UNKNOWN after one request', async () => {
    server.reset(sequence(plain503, ok(topupOk)));
    const client = clientFor(server);
    await expect(client.topup({ pin: '12345678' })).rejects.toMatchObject({ code: 'TEL_OUTCOME_UNKNOWN' });
    await client.close();
    expect(server.count).toBe(1);
  });

  it.each([
    [
      'trycallback',
      (c: ReturnType<typeof clientFor>) => c.trycallback({ aNumber: '+4930123456', bNumber: '+4930654321' }),
    ],
    [
      'store',
      (c: ReturnType<typeof clientFor>) => c.store({ aNumber: '+4930123456', bNumber: '+4930654321' }),
    ],
    ['blockcard', (c: ReturnType<typeof clientFor>) => c.blockcard({ cli: '+49 151 12345678' })],
    ['insert', (c: ReturnType<typeof clientFor>) => c.insert({ cli: '+49 151 12345678' })],
  ])('%s with a dropped connection → TEL_OUTCOME_UNKNOWN after one request', async (_name, run) => {
    server.reset(sequence(drop, ok(card)));
    const client = clientFor(server);
    await expect(run(client)).rejects.toMatchObject({ code: 'TEL_OUTCOME_UNKNOWN' });
    await client.close();
    expect(server.count).toBe(1);
  });

  it('topup answered 429 without an envelope was refused before acting: a plain TransportError', async () => {
    server.reset((_req, res) => {
      res.writeHead(429, { 'retry-after': '30' });
      res.end('slow down');
    });
    const client = clientFor(server);
    await expect(client.topup({ pin: '12345678' })).rejects.toMatchObject({
      name: 'TransportError',
      httpStatus: 429,
      retryAfterSeconds: 30,
      maybeDelivered: false,
    });
    await client.close();
    expect(server.count).toBe(1);
  });

  it('a provider refusal of a write stays a ProviderError (it answered)', async () => {
    server.reset((_q, res) => sendJson(res, loadFixture('topup-invalid-pin')));
    const client = clientFor(server);
    await expect(client.topup({ pin: '12345678' })).rejects.toMatchObject({ code: 'TEL_INVALID_PIN' });
    await client.close();
    expect(server.count).toBe(1);
  });
});

describe('clock skew (provider-notes 1.2)', () => {
  const LOCAL = Date.UTC(2026, 10, 21, 9, 30, 0);
  const TEN_MINUTES = 10 * 60_000;

  /** A provider whose clock reads `serverNow`: 1011 when the x-date is older than 180 s, 1012 when ahead. */
  function skewedProvider(
    serverNow: number,
    options: { alwaysRefuse?: 1011 | 1012; sendDate?: boolean } = {},
  ) {
    return ((req, res) => {
      const headers: Record<string, string> =
        options.sendDate === false ? {} : { date: new Date(serverNow).toUTCString() };
      if (options.sendDate === false) res.sendDate = false;
      const xDate = parseXDate(String(req.headers['x-date']));
      if (!xDate || !signedWith(req, ACCOUNT.username, ACCOUNT_MD5)) {
        return sendJson(res, errorEnvelope(401, 'Unauthorized'), 401, headers);
      }
      const age = serverNow - xDate.getTime();
      const code = options.alwaysRefuse ?? (age > 180_000 ? 1011 : age < 0 ? 1012 : 0);
      if (code === 1011) return sendJson(res, errorEnvelope(1011, 'Wrong x-date Too Old'), 200, headers);
      if (code === 1012)
        return sendJson(res, errorEnvelope(1012, 'Wrong x-date In The Future'), 200, headers);
      sendJson(res, account, 200, headers);
    }) satisfies Handler;
  }

  it.each([
    ['10 minutes ahead (1011, too old)', TEN_MINUTES, 1011],
    ['10 minutes behind (1012, in the future)', -TEN_MINUTES, 1012],
  ])(
    'server %s: learns the offset, re-signs once, then succeeds first time',
    async (_label, offset, code) => {
      server.reset(skewedProvider(LOCAL + offset));
      const warnings: Record<string, unknown>[] = [];
      const client = clientFor(server, {
        clock: () => new Date(LOCAL),
        logger: { debug() {}, warn: (o) => warnings.push(o) },
      });
      await expect(client.account()).resolves.toHaveLength(2);
      expect(server.count).toBe(2);
      expect(client.clockSkewMs).toBe(offset);
      expect(warnings).toEqual([{ operation: 'account', skewMs: offset }]);
      const [refused, resent] = server.requests;
      expect(parseXDate(String(refused!.headers['x-date']))!.getTime()).toBe(LOCAL);
      expect(parseXDate(String(resent!.headers['x-date']))!.getTime()).toBe(LOCAL + offset);
      expect(signedWith(resent!, ACCOUNT.username, ACCOUNT_MD5)).toBe(true);
      // The learned offset is kept: the next call needs one request.
      await expect(client.account()).resolves.toHaveLength(2);
      expect(server.count).toBe(3);
      await client.close();
      expect(code).toBe(offset > 0 ? 1011 : 1012);
    },
  );

  it('re-signs only once: a provider that keeps saying 1011 gives ClockSkewError after two requests', async () => {
    server.reset(skewedProvider(LOCAL + TEN_MINUTES, { alwaysRefuse: 1011 }));
    const client = clientFor(server, { clock: () => new Date(LOCAL) });
    const p = client.account();
    await expect(p).rejects.toThrow(ClockSkewError);
    await expect(p).rejects.toMatchObject({ code: 'TEL_CLOCK_SKEW', providerCode: 1011 });
    await client.close();
    expect(server.count).toBe(2);
  });

  it('re-signs a never-retry write too, exactly once (refused before acting)', async () => {
    server.reset(
      sequence(
        (_req, res) =>
          sendJson(res, errorEnvelope(1012, 'In The Future'), 200, { date: new Date(LOCAL).toUTCString() }),
        ok(topupOk),
      ),
    );
    const client = clientFor(server, { clock: () => new Date(LOCAL + TEN_MINUTES) });
    await expect(client.topup({ pin: '12345678' })).resolves.toMatchObject({
      account: { username: 'alice' },
    });
    await client.close();
    expect(server.count).toBe(2);
  });

  it('without a Date header nothing can be learned: no resend', async () => {
    server.reset(skewedProvider(LOCAL + TEN_MINUTES, { sendDate: false }));
    const client = clientFor(server, { clock: () => new Date(LOCAL) });
    await expect(client.account()).rejects.toThrow(ClockSkewError);
    await client.close();
    expect(server.count).toBe(1);
    expect(client.clockSkewMs).toBe(0);
  });
});

describe('timeouts and aborts', () => {
  it('a stalled header is a TimeoutError naming the operation', async () => {
    server.reset(hold);
    const client = clientFor(server, { timeoutMs: 100, retry: { maxRetries: 0 } });
    await expect(client.account()).rejects.toMatchObject({
      name: 'TimeoutError',
      code: 'TEL_TIMEOUT',
      operation: 'account',
      timeoutMs: 100,
    });
    await client.close();
    expect(server.count).toBe(1);
  });

  it('the timeout covers the body: headers then a stalled body → TimeoutError', async () => {
    server.reset((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      res.write('{"error": false, "codes": [');
    });
    const client = clientFor(server, { timeoutMs: 150, retry: { maxRetries: 0 } });
    await expect(client.account()).rejects.toThrow(TimeoutError);
    await client.close();
    expect(server.count).toBe(1);
  });

  it('a stalled body on a read is retried like any timeout', async () => {
    server.reset(
      sequence((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{');
      }, ok(account)),
    );
    const client = clientFor(server, { timeoutMs: 150 });
    await expect(client.account()).resolves.toHaveLength(2);
    await client.close();
    expect(server.count).toBe(2);
  });

  it('per-call timeoutMs overrides the client default', async () => {
    server.reset(hold);
    const client = clientFor(server, { timeoutMs: 60_000, retry: { maxRetries: 0 } });
    await expect(client.account(undefined, { timeoutMs: 100 })).rejects.toMatchObject({ timeoutMs: 100 });
    await client.close();
  });

  it("the caller's AbortSignal aborts a request in flight, and it is not retried", async () => {
    const controller = new AbortController();
    server.reset(() => controller.abort());
    const client = clientFor(server);
    await expect(client.account(undefined, { signal: controller.signal })).rejects.toMatchObject({
      name: 'TransportError',
      aborted: true,
    });
    await client.close();
    expect(server.count).toBe(1);
  });

  it('an already aborted signal sends nothing', async () => {
    server.reset(ok(account));
    const client = clientFor(server);
    await expect(client.account(undefined, { signal: AbortSignal.abort() })).rejects.toMatchObject({
      name: 'TransportError',
      aborted: true,
    });
    await client.close();
    expect(server.count).toBe(0);
  });
});

describe('card module (provider-notes D1, D2)', () => {
  it('POSTs m=mycard-v2&v=json&act=… to {base}/api/rest/v2/, signed with the card account', async () => {
    server.reset(sequence(ok(card), ok(account)));
    const client = clientFor(server);
    await client.blockcard({ cli: '+49 151 12345678' });
    await client.account();
    await client.close();
    const [cardReq, accountReq] = server.requests;
    expect(cardReq).toMatchObject({ method: 'POST', url: '/api/rest/v2/' });
    expect(cardReq!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(cardReq!.body).toBe('m=mycard-v2&v=json&act=blockcard&Telefon=4915112345678');
    expect(String(cardReq!.headers['x-authorization'])).toMatch(/^pin-maker:/);
    expect(signedWith(cardReq!, CARD_ACCOUNT.username, CARD_MD5)).toBe(true);
    expect(signedWith(cardReq!, ACCOUNT.username, ACCOUNT_MD5)).toBe(false);
    expect(signedWith(accountReq!, ACCOUNT.username, ACCOUNT_MD5)).toBe(true);
  });

  it('uses the configured card address and method', async () => {
    server.reset(ok(card));
    const client = clientFor(server, {
      cardUrl: `${server.url}/pin-service/endpoint`,
      cardMethod: 'GET',
      cardCredentials: { username: 'pin-maker', md5: CARD_MD5 },
    });
    await client.show({ cli: '+49 151 12345678' });
    await client.close();
    const [req] = server.requests;
    expect(req).toMatchObject({ method: 'GET', pathname: '/pin-service/endpoint', body: '' });
    expect(Object.fromEntries(req!.query)).toEqual({
      m: 'mycard-v2',
      v: 'json',
      act: 'show',
      Telefon: '4915112345678',
    });
    expect(signedWith(req!, CARD_ACCOUNT.username, CARD_MD5)).toBe(true);
  });

  it('without card credentials: MissingCredentialsError and no request', async () => {
    server.reset(ok(card));
    const client = createTelephonyClient({ baseUrl: server.url, credentials: ACCOUNT });
    expect(client.hasCardCredentials).toBe(false);
    const p = client.show({ cli: '+49 151 12345678' });
    await expect(p).rejects.toThrow(MissingCredentialsError);
    await expect(p).rejects.toMatchObject({
      code: 'TEL_NO_CREDENTIALS',
      kind: 'card',
      operation: 'mycard-v2.show',
    });
    await expect(client.insert({ cli: '+49 151 12345678' })).rejects.toMatchObject({
      code: 'TEL_NO_CREDENTIALS',
    });
    await client.close();
    expect(server.count).toBe(0);
  });

  it('without account credentials: account reads fail the same way, card operations still work', async () => {
    server.reset(ok(card));
    const client = createTelephonyClient({ baseUrl: server.url, cardCredentials: CARD_ACCOUNT });
    await expect(client.account()).rejects.toMatchObject({ code: 'TEL_NO_CREDENTIALS', kind: 'account' });
    expect(server.count).toBe(0);
    await expect(client.show({ cli: '+49 151 12345678' })).resolves.toMatchObject({ state: 'active' });
    await client.close();
    expect(server.count).toBe(1);
  });
});

describe('provider errors: the envelope is the truth (D3, provider-notes 1.3)', () => {
  it.each([
    [401, 401, AuthenticationError, 'TEL_AUTH'],
    [403, 200, ForbiddenError, 'TEL_FORBIDDEN'],
    [1001, 200, NotFoundError, 'TEL_NOT_FOUND'],
    [1201, 200, NoCallingCardError, 'TEL_NO_CALLING_CARD'],
    [7777, 200, ProviderError, 'TEL_PROVIDER'],
    [7777, 500, ProviderError, 'TEL_PROVIDER'],
  ] as const)('code %i under HTTP %i → %o', async (providerCode, status, Class, code) => {
    server.reset((_q, res) =>
      sendJson(res, errorEnvelope(providerCode, `described ${providerCode}`), status),
    );
    const client = clientFor(server, { retry: { maxRetries: 0 } });
    const p = client.voiplist();
    await expect(p).rejects.toThrow(Class);
    await expect(p).rejects.toMatchObject({
      code,
      providerCode,
      description: `described ${providerCode}`,
      httpStatus: status,
      operation: 'voiplist',
    });
    await client.close();
  });

  it('an HTTP 200 without the envelope is a ResponseShapeError', async () => {
    server.reset((_q, res) => sendJson(res, { hello: 'world' }));
    const client = clientFor(server);
    await expect(client.account()).rejects.toMatchObject({
      name: 'ResponseShapeError',
      code: 'TEL_RESPONSE_SHAPE',
    });
    await client.close();
    expect(server.count).toBe(1);
  });
});
