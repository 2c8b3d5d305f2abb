import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { App, type AppOptions } from '@slack/bolt';
import fc from 'fast-check';
import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { ACKED_ON_ARRIVAL, SlackHttpReceiver } from '../../../src/adapters/slack/http-receiver.js';
import { checkSlackSignature } from '../../../src/adapters/slack/request-signature.js';
import { createFakeCore } from '../../helpers/fake-core.js';
import {
  buttonPressPayload,
  type FakeSlack,
  interactionBody,
  signedSlackRequest,
  slashCommandBody,
  startFakeSlack,
  viewSubmissionPayload,
} from '../../helpers/fake-slack.js';
import { startHarness } from './harness.js';

/**
 * The HTTP receiver (docs/performance.md §4.2) with real bolt behind it and requests signed as Slack's
 * "Verifying requests from Slack" documents them. Orderings are proven by holding the dispatch,
 * never by timing.
 */

// Slack's documented example ("Verifying requests from Slack"): secret, timestamp, body, signature.
const DOC_SECRET = '8f742231b10e8888abcd99yyyzzz85a5';
const DOC_TIMESTAMP = 1531420618;
const DOC_BODY =
  'token=xyzz0WbapA4vBCDEFasx0q6G&team_id=T1DC2JH3J&team_domain=testteamnow&channel_id=G8PSS9T3V' +
  '&channel_name=foobar&user_id=U2CERLKJA&user_name=roadrunner&command=%2Fwebhook-collect&text=' +
  '&response_url=https%3A%2F%2Fhooks.slack.com%2Fcommands%2FT1DC2JH3J%2F397700885554%2F96rGlfmibIGlgcZRskXaIFfN' +
  '&trigger_id=398738663015.47445629121.803a0bc887a14d10d2c447fce8b6703c';
const DOC_SIGNATURE = 'v0=a2114d57b48eac39b9ad189dd8316235a7b4a8d21a10bd27519666489c69b503';

const SECRET = 'receiver-test-secret';
const silent: NonNullable<AppOptions['logger']> = {
  debug() {},
  info() {},
  warn() {},
  error() {},
  setLevel() {},
  getLevel: () => 'info' as never,
  setName() {},
};

describe("Slack's request signature", () => {
  const doc = (signature = DOC_SIGNATURE, body = DOC_BODY) => ({
    timestamp: String(DOC_TIMESTAMP),
    signature,
    body: Buffer.from(body),
  });

  it("accepts Slack's documented example, and nothing else near it", () => {
    expect(checkSlackSignature(DOC_SECRET, doc(), DOC_TIMESTAMP * 1000)).toBeUndefined();
    expect(checkSlackSignature(DOC_SECRET, doc(DOC_SIGNATURE, `${DOC_BODY}x`), DOC_TIMESTAMP * 1000)).toBe(
      'signature mismatch',
    );
    expect(checkSlackSignature(`${DOC_SECRET}x`, doc(), DOC_TIMESTAMP * 1000)).toBe('signature mismatch');
    expect(checkSlackSignature(DOC_SECRET, doc(DOC_SIGNATURE.slice(0, -1)), DOC_TIMESTAMP * 1000)).toBe(
      'malformed headers',
    );
    expect(checkSlackSignature(DOC_SECRET, { ...doc(), signature: undefined }, DOC_TIMESTAMP * 1000)).toBe(
      'missing headers',
    );
    expect(checkSlackSignature(DOC_SECRET, { ...doc(), timestamp: 'soon' }, DOC_TIMESTAMP * 1000)).toBe(
      'malformed headers',
    );
  });

  it('holds for five minutes either side of local time, not a second more', () => {
    for (const skewS of [-300, 0, 300])
      expect(checkSlackSignature(DOC_SECRET, doc(), (DOC_TIMESTAMP + skewS) * 1000)).toBeUndefined();
    for (const skewS of [-301, 301, 3600])
      expect(checkSlackSignature(DOC_SECRET, doc(), (DOC_TIMESTAMP + skewS) * 1000)).toBe('stale timestamp');
  });

  it('accepts every body signed as documented, and refuses it once one byte differs', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }),
        fc.uint8Array({ maxLength: 300 }),
        fc.nat(),
        (secret, bytes, at) => {
          const body = Buffer.from(bytes);
          const ts = 1_600_000_000 + (at % 100_000_000);
          const signature = documentedSignature(secret, ts, body);
          expect(
            checkSlackSignature(secret, { timestamp: String(ts), signature, body }, ts * 1000),
          ).toBeUndefined();
          const tampered = Buffer.concat([body, Buffer.from([bytes.length % 256])]);
          expect(
            checkSlackSignature(secret, { timestamp: String(ts), signature, body: tampered }, ts * 1000),
          ).toBe('signature mismatch');
        },
      ),
    );
  });
});

/** Slack's documented signature: `v0=` and the hex HMAC-SHA256 of `v0:<timestamp>:<raw body bytes>`. */
function documentedSignature(secret: string, ts: number, body: Buffer): string {
  return `v0=${createHmac('sha256', secret).update(`v0:${ts}:`).update(body).digest('hex')}`;
}

interface Served {
  app: App;
  url: string;
  /** Lets the held dispatches go (the quiet gate opening). */
  open(): void;
  pending: Promise<void>[];
}

const servers: Server[] = [];
let slack: FakeSlack | undefined;
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
  await slack?.close();
  slack = undefined;
});

async function serve(
  o: {
    command?: string;
    nowMs?: () => number;
    maxBodyBytes?: number;
    secret?: string;
    unhandledRequestTimeoutMs?: number;
  } = {},
): Promise<Served> {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const pending: Promise<void>[] = [];
  const receiver = new SlackHttpReceiver({
    signingSecret: o.secret ?? SECRET,
    command: o.command ?? '/tel',
    maxBodyBytes: o.maxBodyBytes ?? 64 * 1024,
    dispatchWhen: () => gate,
    pending: (p) => pending.push(p),
    logger: silent,
    unhandledRequestTimeoutMs: o.unhandledRequestTimeoutMs ?? 2_500,
    ...(o.nowMs ? { nowMs: o.nowMs } : {}),
  });
  slack ??= await startFakeSlack();
  // bolt's Web API (its lazy `auth.test`) talks to the fake Slack.
  const app = new App({
    token: 'xoxb-test',
    receiver,
    logger: silent,
    clientOptions: { slackApiUrl: slack.apiUrl },
  });
  const server = createServer(receiver.requestListener);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/slack/events`;
  return { app, url, open, pending };
}

/** A promise the test resolves when a listener reports in. */
function signal<T>(): { promise: Promise<T>; resolve: (v: T) => void } {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('the HTTP receiver', () => {
  it("accepts Slack's documented request at its timestamp and refuses it six minutes later (401)", async () => {
    const seen: string[] = [];
    for (const skewS of [0, 360]) {
      const s = await serve({
        command: '/webhook-collect',
        secret: DOC_SECRET,
        nowMs: () => (DOC_TIMESTAMP + skewS) * 1000,
      });
      s.app.command('/webhook-collect', async ({ command }) => {
        seen.push(`${skewS}:${command.user_name}`);
      });
      s.open();
      const res = await signedSlackRequest(DOC_SECRET, DOC_BODY, {
        url: s.url,
        timestamp: DOC_TIMESTAMP,
        signature: DOC_SIGNATURE,
      });
      expect(res.status).toBe(skewS === 0 ? 200 : 401);
      await Promise.all(s.pending);
    }
    expect(seen).toEqual(['0:roadrunner']);
  });

  it('refuses a wrong signature with 401 and runs no listener', async () => {
    const s = await serve();
    let ran = 0;
    s.app.command('/tel', async () => {
      ran++;
    });
    s.app.action('confirm', async ({ ack }) => {
      ran++;
      await ack();
    });
    s.open();
    const body = slashCommandBody({ text: 'balance', responseUrl: 'https://hooks.slack.com/x' });
    expect((await signedSlackRequest('other-secret', body, { url: s.url })).status).toBe(401);
    expect(
      (await signedSlackRequest(SECRET, body, { url: s.url, signature: `v0=${'0'.repeat(64)}` })).status,
    ).toBe(401);
    const press = interactionBody(
      buttonPressPayload({ actionId: 'confirm', responseUrl: 'https://hooks.slack.com/x' }),
    );
    expect((await signedSlackRequest(SECRET, press, { url: s.url, signature: 'v0=' })).status).toBe(401);
    expect(s.pending).toHaveLength(0);
    expect(ran).toBe(0);
  });

  it('acks a burst of slash commands with an empty 200 before any listener starts', async () => {
    const s = await serve();
    const order: string[] = [];
    const ran = [signal<void>(), signal<void>(), signal<void>()];
    s.app.command('/tel', async ({ command, ack, context }) => {
      await ack();
      order.push(`listener ${command.text} acked-on-arrival=${context[ACKED_ON_ARRIVAL]}`);
      ran[Number(command.text)]!.resolve();
    });
    for (const i of [0, 1, 2]) {
      const res = await signedSlackRequest(
        SECRET,
        slashCommandBody({ text: String(i), responseUrl: 'https://x/' }),
        {
          url: s.url,
        },
      );
      order.push(`ack ${i} ${res.status} "${res.body}"`);
    }
    // Every ack is in; the listeners wait for the dispatch to be let go.
    expect(order).toEqual(['ack 0 200 ""', 'ack 1 200 ""', 'ack 2 200 ""']);
    expect(s.pending).toHaveLength(3);
    s.open();
    await Promise.all(ran.map((r) => r.promise));
    expect(order.slice(3)).toEqual([
      'listener 0 acked-on-arrival=true',
      'listener 1 acked-on-arrival=true',
      'listener 2 acked-on-arrival=true',
    ]);
  });

  it("passes Slack's retry headers to the listener, for commands and interactions alike", async () => {
    const s = await serve();
    const got = signal<unknown>();
    const pressed = signal<unknown>();
    s.app.command('/tel', async ({ context }) => {
      got.resolve({ retryNum: context.retryNum, retryReason: context.retryReason });
    });
    s.app.action('confirm', async ({ ack, context }) => {
      await ack();
      pressed.resolve({ retryNum: context.retryNum, retryReason: context.retryReason });
    });
    s.open();
    const headers = { 'x-slack-retry-num': '2', 'x-slack-retry-reason': 'http_timeout' };
    const body = slashCommandBody({ text: 'balance', responseUrl: 'https://x/' });
    expect((await signedSlackRequest(SECRET, body, { url: s.url, headers })).status).toBe(200);
    expect(await got.promise).toEqual({ retryNum: 2, retryReason: 'http_timeout' });
    const press = interactionBody(buttonPressPayload({ actionId: 'confirm', responseUrl: 'https://x/' }));
    expect((await signedSlackRequest(SECRET, press, { url: s.url, headers })).status).toBe(200);
    expect(await pressed.promise).toEqual({ retryNum: 2, retryReason: 'http_timeout' });
  });

  it("answers url_verification with Slack's challenge", async () => {
    const s = await serve();
    // The Events API's documented handshake.
    const challenge = '3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P';
    const body = JSON.stringify({ token: 'Jhj5dZrVaK7ZwHHjRyZWjbDl', challenge, type: 'url_verification' });
    const res = await signedSlackRequest(SECRET, body, {
      url: s.url,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ challenge });
    const forged = await signedSlackRequest('other', body, {
      url: s.url,
      headers: { 'content-type': 'application/json' },
    });
    expect(forged.status).toBe(401);
  });

  it("returns a view submission's errors in the ack body, as bolt's own receiver does", async () => {
    const s = await serve();
    s.app.view('link', async ({ ack, context }) => {
      expect(context[ACKED_ON_ARRIVAL]).toBeUndefined();
      await ack({ response_action: 'errors', errors: { username: 'Unknown user' } });
    });
    const payload = viewSubmissionPayload({ callbackId: 'link', privateMetadata: '', values: {} });
    const res = await signedSlackRequest(SECRET, interactionBody(payload), { url: s.url });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ response_action: 'errors', errors: { username: 'Unknown user' } });
    // Nothing was held for the quiet gate: the ack is the listener's own.
    expect(s.pending).toHaveLength(0);
  });

  it('answers a request no listener acknowledges (another command) after the unhandled-request timeout', async () => {
    const s = await serve({ unhandledRequestTimeoutMs: 20 });
    s.open();
    const body = slashCommandBody({ text: 'x', command: '/other', responseUrl: 'https://x/' });
    const res = await signedSlackRequest(SECRET, body, { url: s.url });
    expect(res.status).toBe(404);
    expect(s.pending).toHaveLength(0);
  });

  it('answers ssl_check unsigned, refuses a body over the limit (413) and a malformed one (400)', async () => {
    const s = await serve({ maxBodyBytes: 1024 });
    let ran = 0;
    s.app.command('/tel', async () => {
      ran++;
    });
    s.open();
    const ssl = await request(s.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'ssl_check=1&token=legacy',
    });
    expect(ssl.statusCode).toBe(200);
    expect(await ssl.body.text()).toBe('');
    const big = slashCommandBody({ text: 'y'.repeat(2000), responseUrl: 'https://x/' });
    expect((await signedSlackRequest(SECRET, big, { url: s.url })).status).toBe(413);
    const broken = await signedSlackRequest(SECRET, '{"type":', {
      url: s.url,
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.status).toBe(400);
    expect(ran).toBe(0);
  });

  it('refuses JSON that is not an object (400), and the server still answers afterwards', async () => {
    const s = await serve({});
    s.open();
    const json = { url: s.url, headers: { 'content-type': 'application/json' } };
    for (const body of ['null', '42', '"text"', '[]']) {
      expect((await signedSlackRequest(SECRET, body, json)).status).toBe(400);
    }
    expect((await signedSlackRequest(SECRET, 'payload=null', { url: s.url })).status).toBe(400);
    const challenge = { type: 'url_verification', challenge: 'still-here' };
    const alive = await signedSlackRequest(SECRET, JSON.stringify(challenge), json);
    expect(JSON.parse(alive.body)).toEqual({ challenge: 'still-here' });
  });
});

describe('the Slack channel in HTTP mode', () => {
  it('stop() waits for a command acknowledged on arrival but not yet handed to bolt', async () => {
    const core = createFakeCore('slack');
    const h = await startHarness(core);
    try {
      const ack = await h.command('balance');
      expect(ack.status).toBe(200);
      // The command waits for a quiet receiver; stopping now must still run and answer it.
      await h.channel.stop();
      expect(core.texts.map((t) => t.text)).toEqual(['balance']);
      expect(h.slack.callsOf('response_url').map((c) => c.id)).toEqual([ack.responseId]);
    } finally {
      await h.close();
    }
  });
});
