import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientLogger } from '../../src/telephony/client.js';
import { isTelephonyError, TelephonyError } from '../../src/telephony/errors.js';
import {
  errorEnvelope,
  type FixtureServer,
  type Handler,
  loadFixture,
  sendJson,
  startFixtureServer,
} from '../helpers/fixture-server.js';
import { ACCOUNT, ACCOUNT_MD5, CARD_ACCOUNT, CARD_MD5, clientFor } from '../helpers/test-client.js';

/**
 * Secrets never reach an error or a log line (docs/architecture.md §7; Octokit `request-error.js`): every error class,
 * produced by the real client wherever possible, serialized every way, holds no password, md5, PIN or
 * SIP password.
 */

const PIN = '73920115';
const SIP_PASSWORD = 'sip-Secr3t!Pw';
const SIP_PASSWORD_B64 = Buffer.from(SIP_PASSWORD).toString('base64');
const CARD_PIN = '55501234';
const SECRETS = {
  'account password': ACCOUNT.password,
  'account md5': ACCOUNT_MD5,
  'card password': CARD_ACCOUNT.password,
  'card md5': CARD_MD5,
  'top-up PIN': PIN,
  'card PIN': CARD_PIN,
  'SIP password': SIP_PASSWORD,
  'SIP password, base64': SIP_PASSWORD_B64,
};

/** Every way an error or a log entry gets printed. */
function renderings(value: unknown): string[] {
  const out = [
    JSON.stringify(value) ?? '',
    String(value),
    inspect(value, { depth: Number.POSITIVE_INFINITY }),
    inspect(value, { depth: 8, showHidden: true, getters: true }),
  ];
  for (let e: unknown = value; e instanceof Error; e = e.cause) out.push(e.stack ?? '', e.message);
  return out;
}

function expectNoSecret(value: unknown): void {
  for (const text of renderings(value)) {
    for (const [what, secret] of Object.entries(SECRETS)) {
      expect(text.includes(secret), `${what} appears in ${text.slice(0, 200)}`).toBe(false);
    }
  }
}

/** The guard itself must be able to fail. */
it('the scanner catches a secret', () => {
  expect(() => expectNoSecret(new Error(`bad ${PIN}`))).toThrow();
  expect(() => expectNoSecret({ nested: { deeper: [ACCOUNT_MD5] } })).toThrow();
  expect(() => expectNoSecret(new Error('outer', { cause: new Error(SIP_PASSWORD) }))).toThrow();
});

let server: FixtureServer;
const logs: { level: string; obj: Record<string, unknown>; msg: string | undefined }[] = [];
const logger: ClientLogger = {
  debug: (obj, msg) => logs.push({ level: 'debug', obj, msg }),
  warn: (obj, msg) => logs.push({ level: 'warn', obj, msg }),
};

const answer =
  (value: unknown, status = 200, headers: Record<string, string> = {}): Handler =>
  (_req, res) =>
    sendJson(res, value, status, headers);
const hold: Handler = () => {};

/** A voiplist and a card that carry secrets but break the schema elsewhere. */
const brokenVoiplist = {
  error: false,
  codes: [{ code: 200, description: 'OK' }],
  body: {
    customernumber: '1',
    accountnumber: '2',
    username: 'alice',
    customercurrency: 'eur',
    customeraccountstate: 'lots',
    voiplist: { sip_1: { type: 'SIP', password: SIP_PASSWORD_B64, ip: '192.0.2.1:5060' } },
  },
};
const brokenCard = {
  error: false,
  codes: [{ code: 200, description: 'OK' }],
  body: { CLI: '4915112345678', Amount: 'n/a', AmountAll: '1,00 EUR', fldPIN: CARD_PIN, active: 'perhaps' },
};

interface Case {
  expectedName: string;
  handler: Handler;
  run: (c: ReturnType<typeof clientFor>) => Promise<unknown>;
  options?: Parameters<typeof clientFor>[1];
}

const topup = (c: ReturnType<typeof clientFor>) => c.topup({ pin: PIN });
const activate = (c: ReturnType<typeof clientFor>) => c.activateMyCard({ cli: '+49 151 12345678', pin: PIN });
const CASES: Record<string, Case> = {
  'InvalidPinError (1200)': {
    expectedName: 'InvalidPinError',
    handler: answer(loadFixture('topup-invalid-pin')),
    run: topup,
  },
  'InvalidPinError on activateMyCard': {
    expectedName: 'InvalidPinError',
    handler: answer(errorEnvelope(1200, 'Personal Identification Number Not Valid')),
    run: activate,
  },
  'AuthenticationError (401)': {
    expectedName: 'AuthenticationError',
    handler: answer(errorEnvelope(401, 'Unauthorized'), 401),
    run: topup,
  },
  'ClockSkewError (1011)': {
    expectedName: 'ClockSkewError',
    handler: answer(errorEnvelope(1011, 'Wrong x-date Too Old'), 200, { date: new Date(0).toUTCString() }),
    run: topup,
  },
  'NotFoundError (1001)': {
    expectedName: 'NotFoundError',
    handler: answer(errorEnvelope(1001, 'x')),
    run: activate,
  },
  'ForbiddenError (403)': {
    expectedName: 'ForbiddenError',
    handler: answer(errorEnvelope(403, 'x')),
    run: activate,
  },
  'NoCallingCardError (1201)': {
    expectedName: 'NoCallingCardError',
    handler: answer(errorEnvelope(1201, 'x')),
    run: topup,
  },
  'ProviderError (unknown code)': {
    expectedName: 'ProviderError',
    handler: answer(errorEnvelope(9999, 'x')),
    run: topup,
  },
  'TransportError (malformed JSON)': {
    expectedName: 'TransportError',
    handler: answer('{"error":'),
    run: (c) => c.voiplist(),
  },
  'TransportError (dropped connection)': {
    expectedName: 'TransportError',
    handler: (_req, res) => {
      res.socket?.destroy();
    },
    run: (c) => c.voiplist(),
  },
  'TransportError (aborted)': {
    expectedName: 'TransportError',
    handler: hold,
    run: (c) => c.voiplist(undefined, { signal: AbortSignal.timeout(50) }),
  },
  'TimeoutError (read)': {
    expectedName: 'TimeoutError',
    handler: hold,
    run: (c) => c.show({ cli: '+49 151 12345678' }),
    options: { timeoutMs: 80, retry: { maxRetries: 0 } },
  },
  'OutcomeUnknownError (topup timeout)': {
    expectedName: 'OutcomeUnknownError',
    handler: hold,
    run: topup,
    options: { timeoutMs: 80 },
  },
  'OutcomeUnknownError (activateMyCard dropped)': {
    expectedName: 'OutcomeUnknownError',
    handler: (_req, res) => {
      res.socket?.destroy();
    },
    run: activate,
  },
  'ResponseShapeError (voiplist with a SIP password)': {
    expectedName: 'ResponseShapeError',
    handler: answer(brokenVoiplist),
    run: (c) => c.voiplist(),
  },
  'ResponseShapeError (card with a PIN)': {
    expectedName: 'ResponseShapeError',
    handler: answer(brokenCard),
    run: activate,
  },
  'InvalidInputError (PIN with a letter)': {
    expectedName: 'InvalidInputError',
    handler: answer({}),
    run: (c) => c.topup({ pin: `${PIN}x` }),
  },
  'InvalidInputError (PIN typed as the amount)': {
    expectedName: 'InvalidInputError',
    handler: answer({}),
    run: (c) => c.insert({ cli: '+49 151 12345678', amount: `${PIN} EURO` }),
  },
  MissingCredentialsError: {
    expectedName: 'MissingCredentialsError',
    handler: answer({}),
    run: activate,
    options: { cardCredentials: undefined },
  },
};

beforeAll(async () => {
  server = await startFixtureServer();
});
afterAll(() => server.close());

describe('no secret in any error', () => {
  it.each(Object.entries(CASES))('%s', async (_label, { expectedName, handler, run, options }) => {
    server.reset(handler);
    const client = clientFor(server, { logger, ...options });
    const err = await run(client).then(
      () => undefined,
      (e: unknown) => e,
    );
    await client.close();
    expect(err).toBeInstanceOf(TelephonyError);
    expect(isTelephonyError(err)).toBe(true);
    expect((err as Error).name).toBe(expectedName);
    expectNoSecret(err);
  });

  it('toJSON lists only public fields', async () => {
    server.reset(answer(loadFixture('topup-invalid-pin')));
    const client = clientFor(server);
    const err = await topup(client).catch((e: unknown) => e);
    await client.close();
    expect(JSON.parse(JSON.stringify(err))).toEqual({
      name: 'InvalidPinError',
      code: 'TEL_INVALID_PIN',
      operation: 'topup',
      message: 'topup: provider error 1200 (Personal Identification Number Not Valid)',
      providerCode: 1200,
      description: 'Personal Identification Number Not Valid',
    });
  });
});

describe('no secret in the log', () => {
  it('debug and warn entries across successes, retries, skew and failures hold none', async () => {
    logs.length = 0;
    let n = 0;
    server.reset((req, res) => {
      n++;
      if (n === 1) return void res.socket?.destroy();
      if (n === 2)
        return sendJson(res, errorEnvelope(1012, 'In The Future'), 200, { date: new Date(0).toUTCString() });
      if (req.route === 'voiplist') return sendJson(res, loadFixture('voiplist'));
      if (req.route === 'topup') return sendJson(res, loadFixture('topup-invalid-pin'));
      sendJson(res, loadFixture('card-active'));
    });
    const client = clientFor(server, { logger });
    const list = await client.voiplist();
    expect(list.lines[0]!.password.reveal()).toBe(SIP_PASSWORD);
    await expect(topup(client)).rejects.toMatchObject({ code: 'TEL_INVALID_PIN' });
    await expect(activate(client)).resolves.toMatchObject({ state: 'active' });
    await client.close();
    expect(logs.filter((l) => l.level === 'debug').length).toBeGreaterThanOrEqual(4);
    expect(logs.filter((l) => l.level === 'warn')).toHaveLength(1);
    for (const entry of logs) expectNoSecret(entry);
    expectNoSecret(logs);
  });
});

describe('no secret in the client itself', () => {
  it('util.inspect and JSON.stringify of the client reveal neither md5 nor password', async () => {
    const credentials = { ...ACCOUNT };
    const client = clientFor(server, {
      credentials,
      cardCredentials: { username: 'pin-maker', md5: CARD_MD5 },
    });
    expectNoSecret(client);
    expect(inspect(client, { showHidden: true, depth: Number.POSITIVE_INFINITY })).not.toContain(ACCOUNT_MD5);
    // The caller's own object is not changed by the client.
    expect(credentials).toEqual(ACCOUNT);
    await client.close();
  });
});
