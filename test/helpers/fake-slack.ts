import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Dispatcher, request } from 'undici';
import { messageProblem, viewProblem } from './block-kit.js';
import { authTestAnswer, type FakeSlackApp, FakeSlackAuth, type FakeTokenOwner } from './fake-slack-oauth.js';
import { type FakeStream, fakeSlackStreams } from './fake-slack-streams.js';
import { CHARTS_REFUSED, FakeSurfaces } from './fake-slack-surfaces.js';

/**
 * A local fake of the Slack Web API for bolt's WebClient (`slackApiUrl`), plus the endpoints Slack
 * hands out: a `response_url` and a file `upload_url`. A real HTTP server on 127.0.0.1, port 0
 * (docs/architecture.md §7: fake the remote at the HTTP seam). It records every call with its parsed body and
 * can answer the next N calls of a method with 429 and `Retry-After`.
 *
 * A `response_url` keeps Slack's documented budget: "These responses can be sent up to 5 times
 * within 30 minutes of receiving the payload" (docs.slack.dev/interactivity/handling-user-interaction;
 * slash commands: "up to 5 times within 30 minutes of the user's invocation",
 * docs.slack.dev/interactivity/implementing-slash-commands). Slack documents the budget, not the
 * shape of its refusal; the fake answers the way clients report it: HTTP 404 with
 * `{"ok":false,"error":"expired_url"}`. Its clock is injectable (`now`, `advance`), so a test moves
 * 30 minutes without waiting.
 */

export interface SlackCall {
  /** `chat.postMessage`, …, or `response_url` / `upload` for the non-API endpoints. */
  readonly method: string;
  /** The parsed JSON or form body. Web API arrays and objects sent as form fields are decoded. */
  readonly body: Record<string, unknown>;
  readonly raw: string;
  /** The response_url's or upload's path id (`/response/<id>`). */
  readonly id?: string;
  /** 429 answers are recorded too, marked here. */
  readonly rateLimited: boolean;
  /** The bot token the call was made with (`Authorization: Bearer`, or a `token` field). */
  readonly token?: string;
  /** The workspace that token belongs to (each token belongs to one team). */
  readonly team?: string;
  /** Set when the fake refused the payload (`invalid_blocks`, …), with Slack's error and the reason. */
  readonly refused?: { error: string; reason: string };
  /**
   * A `response_url` post Slack turned away because the URL was spent (5 posts) or expired (30
   * minutes): nothing was shown. Left out of `callsOf`/`waitForCall` unless asked, like 429s.
   */
  readonly urlRefused?: {
    error: 'expired_url';
    reason: 'used 5 times' | '30 minutes passed' | 'never issued';
  };
  readonly seq: number;
  /** What the fake answered (Web API methods). */
  readonly answer?: Record<string, unknown>;
}

export interface FakeSlackUser {
  id: string;
  name?: string;
  isAdmin?: boolean;
  isOwner?: boolean;
  /** IANA zone, as `users.info` gives it in `tz`. Default `America/Los_Angeles` (Slack's own example). */
  tz?: string;
  /** `users.info` with `include_locale=true` gives it as `locale`. Default `en-US`. */
  locale?: string;
}

export interface FakeSlackOptions {
  users?: FakeSlackUser[];
  /** User group id → member ids, for `usergroups.list` / `usergroups.users.list`. */
  groups?: Record<string, string[]>;
  botUserId?: string;
  /**
   * Socket Mode: the WebSocket URL `apps.connections.open` hands out (a fresh one per call, as
   * Slack's are single-use). Unset: the method answers `not_allowed_token_type`-style errors only.
   */
  socketModeUrl?: () => string;
  /**
   * The tokens Slack knows, each owned by one team: a call with another token answers
   * `invalid_auth`, with none `not_authed`. Default: `xoxb-test` of team T1.
   */
  tokens?: Record<string, FakeTokenOwner>;
  /** The app's OAuth credentials and redirect URLs, for `oauth.v2.access` (fake-slack-oauth.ts). */
  oauthApp?: FakeSlackApp;
  /** Slack's clock in ms (default `Date.now`); `advance()` moves it further. */
  now?: () => number;
  /** Channel id → name, for `conversations.info` (default: none). */
  channelNames?: Record<string, string>;
}

export interface FakeSlack {
  /** `http://127.0.0.1:<port>/api/` for `slackApiUrl`. */
  readonly apiUrl: string;
  readonly url: string;
  readonly calls: readonly SlackCall[];
  /** Tokens and installs: the consent page (`approve`), `oauth.v2.access`, revocation. */
  readonly auth: FakeSlackAuth;
  /** Calls the fake refused because a payload broke Slack's documented limits (should stay empty). */
  refusedPayloads(): SlackCall[];
  /** Calls of one method, without 429s and refused `response_url` posts unless asked. */
  callsOf(method: string, options?: { includeRateLimited?: boolean; includeRefused?: boolean }): SlackCall[];
  /**
   * A response URL issued now, as Slack issues one with each payload; its posts are recorded as
   * method `response_url` with this `id`. It takes 5 posts within 30 minutes of issue (see above).
   * Asking again for an `id` already issued gives the same URL, its budget unchanged.
   */
  responseUrl(id?: string): string;
  /** Moves the fake's clock: `advance(31 * 60_000)` expires every response URL issued so far. */
  advance(ms: number): void;
  /** Answers the next `times` calls of `method` with 429 and `Retry-After: retryAfterSeconds`. */
  rateLimit(method: string, times: number, retryAfterSeconds?: number): void;
  /** Resolves with the first recorded call (past or future) that matches; no polling, no sleeps. */
  waitForCall(method: string, predicate?: (call: SlackCall) => boolean): Promise<SlackCall>;
  /** Resolves when `count` matching calls have been recorded. */
  waitForCalls(method: string, count: number, predicate?: (call: SlackCall) => boolean): Promise<SlackCall[]>;
  /**
   * Holds every call of `method` from now on until the returned function is called: a slow Slack
   * API (a `users.info` that takes seconds). The calls are recorded when they are answered.
   */
  hold(method: string): () => void;
  /**
   * A `trigger_id` is valid for 3 seconds (Slack, "Handling user interaction"): this makes every
   * trigger issued so far expired, so `views.open` with one answers `expired_trigger_id`. Tests
   * call it while the bot is busy, so the deadline is an event, not a clock. A trigger is also
   * single-use: `views.open` with one already exchanged answers `exchanged_trigger_id` ("The
   * trigger_id was already exchanged in a previous call", docs.slack.dev views.open).
   */
  expireTriggers(): void;
  /**
   * The person closed the modal `viewId` (its Cancel or ×): `views.update` on it answers `not_found`
   * ("The view_id was not found", docs.slack.dev views.update), as Slack does for a view gone.
   */
  closeView(viewId: string): void;
  /** Messages the bot posted with `chat.postMessage`, by `channel:ts`, as `chat.update` left them. */
  readonly messages: ReadonlyMap<string, { channel: string; ts: string; text: string; blocks: unknown }>;
  /** The app left (or was removed from) `channel`: posts, ephemeral ones too, answer `not_in_channel`. */
  leaveChannel(channel: string): void;
  /**
   * A workspace where Slack does not take the `table` block (it came in 2025; an Enterprise Grid
   * may hold it back): every message carrying one answers `invalid_blocks`, as an unknown block does.
   */
  refuseTables(): void;
  /** A workspace without the `data_visualization` block: a message carrying one answers `invalid_blocks`. */
  refuseCharts(): void;
  /** The agent view's and Work Objects' methods (fake-slack-surfaces.ts). */
  readonly surfaces: FakeSurfaces;
  /** Streams the bot started (`chat.startStream`), by `channel:ts` (fake-slack-streams.ts). */
  readonly streams: ReadonlyMap<string, FakeStream>;
  /** A workspace without streaming: the stream methods answer `unknown_method`. */
  refuseStreams(): void;
  /**
   * `channel` (a `D…` id) is a direct message between two people, not with the app: `/tel` works
   * there (its answers through response_url), but the app is no member, so `conversations.info`,
   * `chat.postMessage` and `chat.postEphemeral` answer `channel_not_found`. Every other `D…` id
   * is the app's own DM with the user.
   */
  directMessageBetweenPeople(channel: string): void;
  setUser(user: FakeSlackUser): void;
  setGroup(id: string, members: string[]): void;
  reset(): void;
  close(): Promise<void>;
}

interface Waiter {
  method: string;
  count: number;
  predicate: (call: SlackCall) => boolean;
  resolve: (calls: SlackCall[]) => void;
}

export async function startFakeSlack(options: FakeSlackOptions = {}): Promise<FakeSlack> {
  const calls: SlackCall[] = [];
  const waiters = new Set<Waiter>();
  const limits = new Map<string, { times: number; retryAfter: number }>();
  const users = new Map((options.users ?? []).map((u) => [u.id, u]));
  const groups = new Map(Object.entries(options.groups ?? {}));
  let seq = 0;
  let fileSeq = 0;
  let tsSeq = 0;
  let base = '';
  const holds = new Map<string, Promise<void>>();
  let triggersExpiredUpTo = 0;
  const exchanged = new Set<string>();
  const closedViews = new Set<string>();
  const posted = new Map<string, { channel: string; ts: string; text: string; blocks: unknown }>();
  const left = new Set<string>();
  const peopleDms = new Set<string>();
  let tablesRefused = false;
  let chartsRefused = false;
  const surfaces = new FakeSurfaces();
  const auth = new FakeSlackAuth(options.oauthApp, options.tokens ?? { 'xoxb-test': { team: 'T1' } });
  let skew = 0;
  const clock = () => (options.now ?? Date.now)() + skew;
  /** response_url id → when Slack issued it and how many posts it took. */
  const issued = new Map<string, { at: number; uses: number }>();

  const nextTs = () => `1700000000.${String(++tsSeq).padStart(6, '0')}`;
  const streams = fakeSlackStreams(nextTs, (channel, ts) => posted.has(`${channel}:${ts}`), parseJson);

  function matches(method: string, predicate: (c: SlackCall) => boolean): SlackCall[] {
    return calls.filter((c) => c.method === method && !c.rateLimited && !c.urlRefused && predicate(c));
  }

  /** Why Slack turns a `response_url` post away, if it does: spent, expired, or never handed out. */
  function urlRefusal(id: string): SlackCall['urlRefused'] {
    const url = issued.get(id);
    if (!url) return { error: 'expired_url', reason: 'never issued' };
    if (clock() - url.at >= RESPONSE_URL_LIFETIME_MS)
      return { error: 'expired_url', reason: '30 minutes passed' };
    if (url.uses >= RESPONSE_URL_USES) return { error: 'expired_url', reason: 'used 5 times' };
    return undefined;
  }

  function responsePost(
    path: string,
    body: Record<string, unknown>,
    raw: string,
    at: number,
    res: ServerResponse,
  ) {
    const id = path.slice('/response/'.length);
    const base = { method: 'response_url', body, raw, id, rateLimited: false, seq: at };
    const spent = urlRefusal(id);
    if (spent) {
      record({ ...base, urlRefused: spent });
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ok: false, error: spent.error }));
      return;
    }
    const reason = messageProblem(body) ?? tableRefused(body);
    record({ ...base, ...(reason ? { refused: { error: 'invalid_blocks', reason } } : {}) });
    if (reason) {
      res.writeHead(400, { 'content-type': 'text/plain' }).end('invalid_blocks');
      return;
    }
    issued.get(id)!.uses += 1;
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  }

  function tableRefused(body: Record<string, unknown>): string | undefined {
    const blocks = parseJson(body.blocks);
    if (!Array.isArray(blocks)) return undefined;
    const has = (type: string) => blocks.some((b) => (b as { type?: unknown }).type === type);
    if (chartsRefused && has('data_visualization')) return CHARTS_REFUSED;
    return tablesRefused && has('table') ? TABLES_REFUSED : undefined;
  }

  function record(call: SlackCall): void {
    calls.push(call);
    for (const w of [...waiters]) {
      const found = matches(w.method, w.predicate);
      if (found.length >= w.count) {
        waiters.delete(w);
        w.resolve(found.slice(0, w.count));
      }
    }
  }

  /** Slack refuses blocks beyond its documented limits (`invalid_blocks`), checked in `block-kit.ts`. */
  function payloadProblem(method: string, body: Record<string, unknown>): string | undefined {
    if (['chat.postMessage', 'chat.postEphemeral', 'chat.update'].includes(method))
      return messageProblem(body) ?? tableRefused(body);
    if (['views.open', 'views.update', 'views.push', 'views.publish'].includes(method))
      return viewProblem(body.view);
    return undefined;
  }

  /** A Web API method: answered for the token's team, or refused for the token (auth.test docs). */
  function answer(
    method: string,
    body: Record<string, unknown>,
    token: string | undefined,
  ): Record<string, unknown> {
    if (method === 'apps.connections.open') return connectionsOpen(token ?? '');
    const owner = auth.check(token);
    if ('error' in owner) return { ok: false, error: owner.error };
    switch (method) {
      case 'auth.test':
        return authTestAnswer(owner, options.botUserId ?? 'UBOT');
      case 'chat.postMessage': {
        const channel = String(body.channel);
        if (peopleDms.has(channel)) return { ok: false, error: 'channel_not_found' };
        if (left.has(channel)) return { ok: false, error: 'not_in_channel' };
        const ts = nextTs();
        posted.set(`${channel}:${ts}`, {
          channel,
          ts,
          text: String(body.text ?? ''),
          blocks: parseJson(body.blocks),
        });
        return { ok: true, channel, ts, message: { text: body.text } };
      }
      case 'chat.postEphemeral':
        // The app must be in the channel to post there, ephemerally too (chat.postEphemeral docs).
        if (peopleDms.has(String(body.channel))) return { ok: false, error: 'channel_not_found' };
        if (left.has(String(body.channel))) return { ok: false, error: 'not_in_channel' };
        return { ok: true, message_ts: nextTs() };
      case 'chat.update': {
        // Only messages the bot posted can be updated; ephemeral ones cannot (chat.update docs).
        const msg = posted.get(`${String(body.channel)}:${String(body.ts)}`);
        if (!msg) return { ok: false, error: 'message_not_found' };
        msg.text = String(body.text ?? '');
        msg.blocks = parseJson(body.blocks);
        return { ok: true, channel: body.channel, ts: body.ts };
      }
      case 'chat.startStream':
      case 'chat.appendStream':
      case 'chat.stopStream':
        return streams.answer(method, body);
      case 'views.publish':
        return { ok: true, view: { id: `VH${++seq}`, ...(parseJson(body.view) as object) } };
      case 'views.open': {
        const issued = Number(/^trigger\.(\d+)\./.exec(String(body.trigger_id ?? ''))?.[1] ?? Number.NaN);
        const trigger = String(body.trigger_id ?? '');
        if (exchanged.has(trigger)) return { ok: false, error: 'exchanged_trigger_id' };
        if (issued <= triggersExpiredUpTo) return { ok: false, error: 'expired_trigger_id' };
        exchanged.add(trigger);
        return { ok: true, view: { id: `V${++seq}`, ...(parseJson(body.view) as object) } };
      }
      case 'views.update':
        if (closedViews.has(String(body.view_id))) return { ok: false, error: 'not_found' };
        return { ok: true, view: { id: body.view_id ?? `V${++seq}`, ...(parseJson(body.view) as object) } };
      case 'conversations.info':
        return conversationInfo(String(body.channel ?? ''), peopleDms, left, options.channelNames);
      case 'conversations.open':
        return { ok: true, channel: { id: `D${String(body.users ?? 'X')}` } };
      case 'files.getUploadURLExternal': {
        const id = `F${++fileSeq}`;
        return { ok: true, upload_url: `${base}/upload/${id}`, file_id: id };
      }
      case 'files.completeUploadExternal':
        return { ok: true, files: parseJson(body.files) };
      case 'users.info': {
        const u = users.get(String(body.user));
        if (!u) return { ok: false, error: 'user_not_found' };
        return {
          ok: true,
          user: {
            id: u.id,
            name: u.name ?? u.id,
            real_name: u.name ?? u.id,
            is_admin: u.isAdmin ?? false,
            is_owner: u.isOwner ?? false,
            // users.info: `tz`, `tz_label` and `tz_offset` always; `locale` only with include_locale.
            tz: u.tz ?? 'America/Los_Angeles',
            tz_label: u.tz ?? 'Pacific Standard Time',
            tz_offset: u.tz ? 0 : -28800,
            ...(String(body.include_locale) === 'true' ? { locale: u.locale ?? 'en-US' } : {}),
          },
        };
      }
      case 'usergroups.list':
        return { ok: true, usergroups: [...groups].map(([id, members]) => ({ id, users: members })) };
      case 'usergroups.users.list':
        return { ok: true, users: groups.get(String(body.usergroup)) ?? [] };
      default:
        return surfaces.answer(method, body) ?? { ok: false, error: 'unknown_method' };
    }
  }

  /**
   * `apps.connections.open` (Slack API docs): needs an app-level token (`xapp-`); a bot token is
   * refused with `not_allowed_token_type`, a missing one with `not_authed`.
   */
  function connectionsOpen(token: string): Record<string, unknown> {
    if (!token) return { ok: false, error: 'not_authed' };
    if (!token.startsWith('xapp-')) return { ok: false, error: 'not_allowed_token_type' };
    if (!options.socketModeUrl) return { ok: false, error: 'invalid_auth' };
    return { ok: true, url: options.socketModeUrl() };
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const path = new URL(req.url ?? '/', 'http://localhost').pathname;
      const body = parseBody(raw, String(req.headers['content-type'] ?? ''));
      const at = ++seq;
      if (path.startsWith('/response/')) {
        responsePost(path, body, raw, at, res);
        return;
      }
      if (path.startsWith('/upload/')) {
        record({
          method: 'upload',
          body: { content: raw },
          raw,
          id: path.slice('/upload/'.length),
          rateLimited: false,
          seq: at,
        });
        res.writeHead(200, { 'content-type': 'text/plain' }).end('OK - 1');
        return;
      }
      const method = path.replace(/^\/api\//, '');
      const held = holds.get(method);
      if (held) await held;
      const limit = limits.get(method);
      if (limit && limit.times > 0) {
        limit.times -= 1;
        record({ method, body, raw, rateLimited: true, seq: at });
        res.writeHead(429, { 'retry-after': String(limit.retryAfter), 'content-type': 'application/json' });
        res.end(JSON.stringify({ ok: false, error: 'ratelimited' }));
        return;
      }
      const token =
        /^Bearer (.+)$/.exec(String(req.headers.authorization ?? ''))?.[1] ??
        (typeof body.token === 'string' ? body.token : undefined);
      const reason = payloadProblem(method, body);
      const out = reason
        ? { ok: false, error: 'invalid_blocks', errors: [reason] }
        : method === 'oauth.v2.access'
          ? auth.access(body, String(req.headers.authorization ?? ''))
          : answer(method, body, token);
      const owner = token ? auth.check(token) : undefined;
      record({
        method,
        body,
        raw,
        rateLimited: false,
        seq: at,
        answer: out,
        ...(token ? { token } : {}),
        ...(owner && 'team' in owner ? { team: owner.team } : {}),
        ...(reason ? { refused: { error: 'invalid_blocks', reason } } : {}),
      });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(out));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let responseSeq = 0;

  return {
    apiUrl: `${base}/api/`,
    url: base,
    auth,
    get calls() {
      return calls;
    },
    refusedPayloads: () => calls.filter((c) => c.refused !== undefined),
    callsOf: (method, o = {}) =>
      calls.filter(
        (c) =>
          c.method === method &&
          (o.includeRateLimited || !c.rateLimited) &&
          (o.includeRefused || !c.urlRefused),
      ),
    responseUrl: (id = `r${++responseSeq}`) => {
      if (!issued.has(id)) issued.set(id, { at: clock(), uses: 0 });
      return `${base}/response/${id}`;
    },
    advance: (ms) => {
      skew += ms;
    },
    hold(method) {
      let release!: () => void;
      holds.set(
        method,
        new Promise<void>((resolve) => {
          release = resolve;
        }),
      );
      return () => {
        holds.delete(method);
        release();
      };
    },
    expireTriggers() {
      triggersExpiredUpTo = triggerSeq;
    },
    closeView(viewId) {
      closedViews.add(viewId);
    },
    rateLimit: (method, times, retryAfterSeconds = 0) => {
      limits.set(method, { times, retryAfter: retryAfterSeconds });
    },
    waitForCall: (method, predicate = () => true) =>
      new Promise<SlackCall[]>((resolve) => {
        const w: Waiter = { method, count: 1, predicate, resolve };
        const found = matches(method, predicate);
        if (found.length >= 1) resolve(found.slice(0, 1));
        else waiters.add(w);
      }).then((c) => c[0]!),
    waitForCalls: (method, count, predicate = () => true) =>
      new Promise<SlackCall[]>((resolve) => {
        const found = matches(method, predicate);
        if (found.length >= count) resolve(found.slice(0, count));
        else waiters.add({ method, count, predicate, resolve });
      }),
    messages: posted,
    leaveChannel: (channel) => {
      left.add(channel);
    },
    streams: streams.streams,
    refuseStreams: streams.refuse,
    refuseTables: () => {
      tablesRefused = true;
    },
    surfaces,
    refuseCharts: () => {
      chartsRefused = true;
    },
    directMessageBetweenPeople: (channel) => {
      peopleDms.add(channel);
    },
    setUser: (user) => {
      users.set(user.id, user);
    },
    setGroup: (id, members) => {
      groups.set(id, members);
    },
    reset: () => {
      calls.length = 0;
      limits.clear();
      issued.clear();
    },
    close: async () => {
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
      // Every Block Kit payload any test produced must have kept within Slack's limits (docs/interface.md §4.2);
      // a table refused by `refuseTables()` is the workspace's choice, not a broken limit.
      const refused = calls.filter(
        (c) => c.refused !== undefined && ![TABLES_REFUSED, CHARTS_REFUSED].includes(c.refused.reason),
      );
      if (refused.length > 0)
        throw new Error(
          `Slack refused payloads: ${JSON.stringify(refused.map((c) => [c.method, c.refused]))}`,
        );
    },
  };
}

/** The reason recorded for a table block refused by `refuseTables()`. */
export const TABLES_REFUSED = 'table blocks are not available in this workspace';

/** Slack's budget of a `response_url` (docs.slack.dev "Handling user interaction"). */
const RESPONSE_URL_USES = 5;
const RESPONSE_URL_LIFETIME_MS = 30 * 60_000;

function parseJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/** The WebClient sends forms (`a=b&blocks=[…]`) or JSON; both are decoded, nested JSON fields too. */
function parseBody(raw: string, contentType: string): Record<string, unknown> {
  if (!raw) return {};
  if (contentType.includes('application/json')) {
    try {
      return JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return { raw };
    }
  }
  if (contentType.includes('application/x-www-form-urlencoded')) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of new URLSearchParams(raw)) {
      out[k] = /^[[{]/.test(v) ? parseJson(v) : v;
    }
    return out;
  }
  return { raw };
}

// ---------------------------------------------------------------------------------------------
// Slack's side of a request to the bot: signed slash commands and interactivity payloads.

/** `v0=` + hex HMAC-SHA256 over `v0:<timestamp>:<body>` (api.slack.com "Verifying requests from Slack"). */
export function slackSignature(secret: string, timestamp: number, body: string): string {
  return `v0=${createHmac('sha256', secret).update(`v0:${timestamp}:${body}`).digest('hex')}`;
}

export interface SignedRequestOptions {
  /** Receiver URL, e.g. `http://127.0.0.1:<port>/slack/events`. */
  url: string;
  /** Unix seconds; default now. */
  timestamp?: number;
  /** Replaces the computed signature (for the bad-signature test). */
  signature?: string;
  headers?: Record<string, string>;
  /** The connection pool to send through; default undici's global one. */
  dispatcher?: Dispatcher;
}

export interface SignedResponse {
  status: number;
  body: string;
}

/** Posts a form body signed as Slack signs it, and returns the HTTP answer (the ack). */
export async function signedSlackRequest(
  secret: string,
  body: string,
  options: SignedRequestOptions,
): Promise<SignedResponse> {
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  const res = await request(options.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-slack-request-timestamp': String(timestamp),
      'x-slack-signature': options.signature ?? slackSignature(secret, timestamp, body),
      ...options.headers,
    },
    body,
    ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
  });
  return { status: res.statusCode, body: await res.body.text() };
}

export interface SlashCommandFields {
  text: string;
  team?: string;
  user?: string;
  channel?: string;
  responseUrl: string;
  triggerId?: string;
  command?: string;
}

let triggerSeq = 0;

/**
 * A new `trigger_id`, as Slack sends with a command, a button, a submission or a shortcut. All kinds
 * share one sequence, so `expireTriggers()` expires each one issued so far (a button's trigger lasts
 * 3 s like a command's).
 */
function newTrigger(kind: string): string {
  return `trigger.${++triggerSeq}.${kind}`;
}

/** A slash command as Slack posts it (form-encoded). */
export function slashCommandBody(f: SlashCommandFields): string {
  return new URLSearchParams({
    token: 'legacy-verification-token',
    team_id: f.team ?? 'T1',
    team_domain: 'example',
    channel_id: f.channel ?? 'D1',
    channel_name: 'directmessage',
    user_id: f.user ?? 'U1',
    user_name: 'alice',
    command: f.command ?? '/tel',
    text: f.text,
    api_app_id: 'A1',
    response_url: f.responseUrl,
    trigger_id: f.triggerId ?? newTrigger('c'),
  }).toString();
}

/** An interactivity request: `payload=<json>`. */
export function interactionBody(payload: object): string {
  return new URLSearchParams({ payload: JSON.stringify(payload) }).toString();
}

export interface ButtonPressFields {
  actionId: string;
  team?: string;
  user?: string;
  channel?: string;
  responseUrl: string;
  messageTs?: string;
  actionTs?: string;
  /** The button sat on an ephemeral message (`container.is_ephemeral`). Default false. */
  ephemeral?: boolean;
}

let actionSeq = 0;

export function buttonPressPayload(f: ButtonPressFields): object {
  const channel = f.channel ?? 'D1';
  return {
    type: 'block_actions',
    team: { id: f.team ?? 'T1', domain: 'example' },
    user: { id: f.user ?? 'U1', username: 'alice', team_id: f.team ?? 'T1' },
    api_app_id: 'A1',
    token: 'legacy-verification-token',
    trigger_id: newTrigger('a'),
    container: {
      type: 'message',
      message_ts: f.messageTs ?? '1700000000.000001',
      channel_id: channel,
      is_ephemeral: f.ephemeral ?? false,
    },
    channel: { id: channel, name: 'c' },
    message: { type: 'message', ts: f.messageTs ?? '1700000000.000001', text: '' },
    response_url: f.responseUrl,
    actions: [
      {
        type: 'button',
        action_id: f.actionId,
        block_id: 'b1',
        text: { type: 'plain_text', text: 'Confirm' },
        value: f.actionId,
        action_ts: f.actionTs ?? `1700000001.${String(++actionSeq).padStart(6, '0')}`,
      },
    ],
  };
}

export interface ViewSubmissionFields {
  callbackId: string;
  privateMetadata: string;
  /** block id → value: a string for text inputs, a string[] for `multi_users_select`. */
  values: Record<string, string | string[]>;
  team?: string;
  user?: string;
  viewId?: string;
}

export function viewSubmissionPayload(f: ViewSubmissionFields): object {
  const values: Record<string, Record<string, object>> = {};
  for (const [block, v] of Object.entries(f.values)) {
    values[block] = {
      value: Array.isArray(v)
        ? { type: 'multi_users_select', selected_users: v }
        : { type: 'plain_text_input', value: v },
    };
  }
  return {
    type: 'view_submission',
    team: { id: f.team ?? 'T1', domain: 'example' },
    user: { id: f.user ?? 'U1', username: 'alice', team_id: f.team ?? 'T1' },
    api_app_id: 'A1',
    token: 'legacy-verification-token',
    trigger_id: newTrigger('v'),
    view: {
      id: f.viewId ?? `V${++actionSeq}`,
      team_id: f.team ?? 'T1',
      type: 'modal',
      callback_id: f.callbackId,
      private_metadata: f.privateMetadata,
      hash: `h${actionSeq}`,
      blocks: [],
      state: { values },
      title: { type: 'plain_text', text: 't' },
      close: null,
      submit: null,
      app_id: 'A1',
      bot_id: 'BBOT',
      root_view_id: f.viewId ?? 'V0',
      previous_view_id: null,
      clear_on_close: false,
      notify_on_close: false,
      external_id: '',
    },
    response_urls: [],
  };
}

// ---------------------------------------------------------------------------------------------
// Events API deliveries (api.slack.com/apis/events-api): JSON `event_callback` envelopes.

let eventSeq = 0;

/** An `event_callback` envelope as Slack posts it (JSON), with a fresh `event_id` unless given. */
export function eventCallbackBody(
  event: Record<string, unknown>,
  f: { team?: string; eventId?: string; enterprise?: string } = {},
): string {
  return JSON.stringify({
    token: 'legacy-verification-token',
    team_id: f.team ?? 'T1',
    ...(f.enterprise ? { enterprise_id: f.enterprise } : {}),
    api_app_id: 'A1',
    event: { event_ts: `1700000100.${String(++eventSeq).padStart(6, '0')}`, ...event },
    type: 'event_callback',
    event_id: f.eventId ?? `Ev${String(eventSeq).padStart(8, '0')}`,
    event_time: 1700000100,
    authorizations: [
      { team_id: f.team ?? 'T1', user_id: 'UBOT', is_bot: true, enterprise_id: f.enterprise ?? null },
    ],
  });
}

/** A button on the Home tab: `block_actions` from a `view` container, with no channel or response_url. */
export function homeButtonPayload(f: { actionId: string; user?: string; team?: string }): object {
  const team = f.team ?? 'T1';
  return {
    type: 'block_actions',
    team: { id: team, domain: 'example' },
    user: { id: f.user ?? 'U1', username: 'alice', team_id: team },
    api_app_id: 'A1',
    token: 'legacy-verification-token',
    trigger_id: newTrigger('h'),
    container: { type: 'view', view_id: 'VH1' },
    view: {
      id: 'VH1',
      type: 'home',
      team_id: team,
      blocks: [],
      private_metadata: '',
      callback_id: '',
      hash: 'h',
    },
    actions: [
      {
        type: 'button',
        action_id: f.actionId,
        block_id: 'b1',
        text: { type: 'plain_text', text: 'x' },
        value: f.actionId,
        action_ts: `1700000002.${String(++actionSeq).padStart(6, '0')}`,
      },
    ],
  };
}

/** A global shortcut (`type: shortcut`): a trigger_id, no channel, no response_url. */
export function globalShortcutPayload(f: { callbackId: string; user?: string; team?: string }): object {
  const team = f.team ?? 'T1';
  return {
    type: 'shortcut',
    token: 'legacy-verification-token',
    action_ts: `1700000003.${String(++actionSeq).padStart(6, '0')}`,
    team: { id: team, domain: 'example' },
    user: { id: f.user ?? 'U1', username: 'alice', team_id: team },
    callback_id: f.callbackId,
    trigger_id: newTrigger('s'),
  };
}

/** A message shortcut (`type: message_action`) on a message with `text`, in `channel`. */
export function messageShortcutPayload(f: {
  callbackId: string;
  text: string;
  responseUrl: string;
  channel?: string;
  user?: string;
  team?: string;
}): object {
  const team = f.team ?? 'T1';
  return {
    type: 'message_action',
    token: 'legacy-verification-token',
    action_ts: `1700000004.${String(++actionSeq).padStart(6, '0')}`,
    team: { id: team, domain: 'example' },
    user: { id: f.user ?? 'U1', username: 'alice', team_id: team, name: 'alice' },
    channel: { id: f.channel ?? 'C1', name: 'general' },
    callback_id: f.callbackId,
    trigger_id: newTrigger('m'),
    message_ts: '1700000000.000100',
    message: { type: 'message', user: 'U2', ts: '1700000000.000100', text: f.text },
    response_url: f.responseUrl,
  };
}

/**
 * `conversations.info` as the app sees it (needs `channels:read`/`groups:read`/`im:read`): its own
 * DMs are `is_im`, a DM between two people is not visible (`channel_not_found`), nor is a channel
 * it left, unless public.
 */
function conversationInfo(
  channel: string,
  peopleDms: Set<string>,
  left: Set<string>,
  names: Record<string, string> = {},
): Record<string, unknown> {
  if (!channel) return { ok: false, error: 'channel_not_found' };
  if (peopleDms.has(channel)) return { ok: false, error: 'channel_not_found' };
  if (channel.startsWith('D')) return { ok: true, channel: { id: channel, is_im: true, is_channel: false } };
  const isPrivate = channel.startsWith('G');
  if (isPrivate && left.has(channel)) return { ok: false, error: 'channel_not_found' };
  const name = names[channel] ? { name: names[channel] } : {};
  return {
    ok: true,
    channel: { id: channel, ...name, is_im: false, is_channel: !isPrivate, is_private: isPrivate },
  };
}
