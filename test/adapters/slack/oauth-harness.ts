import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import {
  createSlackChannel,
  type SlackChannel,
  type SlackLogger,
} from '../../../src/adapters/slack/index.js';
import { createHealthServer, type HealthServer } from '../../../src/bots/health-server.js';
import {
  createInstallationStore,
  type InstallationStore,
  keyringFromKeys,
} from '../../../src/store/index.js';
import { createSqliteKeyValueStore } from '../../../src/store/sqlite-key-value-store.js';
import {
  eventCallbackBody,
  type FakeSlack,
  type SignedResponse,
  signedSlackRequest,
  slashCommandBody,
  startFakeSlack,
} from '../../helpers/fake-slack.js';
import type { FakeSlackApp, Installer } from '../../helpers/fake-slack-oauth.js';
import { freePort } from '../../helpers/free-port.js';
import { createTestStack, type TestStack } from '../../helpers/stack.js';
import { memoryDedupe, recordingLogger, SECRET } from './harness.js';

/**
 * The Slack channel installed in many workspaces (docs/operations.md §5.1): real bolt in HTTP mode with
 * @slack/oauth's installer, the real core and sandbox, one real SQLite file for the credentials
 * and the installations, and the fake Slack Web API issuing codes and tokens per workspace.
 */
export interface OAuthHarness {
  slack: FakeSlack;
  stack: TestStack;
  channel: SlackChannel;
  installations: InstallationStore;
  logger: SlackLogger & { lines: string[] };
  /** The bot's base URL, e.g. `http://127.0.0.1:<port>`. */
  base: string;
  /** The app's OAuth settings as Slack knows them. */
  app: FakeSlackApp;
  /** Moves the installer's clock (the state's 10 minutes). */
  advance(ms: number): void;
  /** The SQLite file (with its WAL) as bytes, for the at-rest scan. */
  fileBytes(): Promise<string>;
  /** The browser's trip: the install link, Slack's consent page, the redirect back with the cookie. */
  install(installer: Installer): Promise<Browsed>;
  /** The first two legs only: the install link and Slack's redirect URL (with code and state). */
  startInstall(installer: Installer): Promise<{ cookie: string; redirect: string }>;
  get(url: string, cookie?: string): Promise<Browsed>;
  command(
    text: string,
    f: { team: string; user?: string; extra?: Record<string, string> },
  ): Promise<SignedResponse & { responseId: string }>;
  /** An Events API delivery; `orgWide`: to an org-wide install, flagged as Slack flags it. */
  event(
    event: Record<string, unknown>,
    f: { team: string; enterprise?: string; orgWide?: boolean },
  ): Promise<SignedResponse>;
  close(): Promise<void>;
}

export interface Browsed {
  status: number;
  body: string;
  location?: string;
  setCookie: string[];
}

export const CLIENT_ID = '1111111111.2222222222';
export const CLIENT_SECRET = 'c0ffee00c0ffee00c0ffee00c0ffee00';

let responses = 0;

export async function startOAuthHarness(): Promise<OAuthHarness> {
  const dir = await mkdtemp(join(tmpdir(), 'slack-oauth-'));
  const path = join(dir, 'bot.sqlite');
  const kv = createSqliteKeyValueStore({ path });
  const keyring = keyringFromKeys(randomBytes(32));
  const stack = await createTestStack({ kv, keyring });
  const installations = createInstallationStore({ kv, keyring });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const app: FakeSlackApp = {
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    appId: 'A1',
    redirectUrls: [`${base}/slack/oauth_redirect`],
  };
  const slack = await startFakeSlack({ oauthApp: app, tokens: {}, users: [{ id: 'U1', name: 'alice' }] });
  const clock = { now: Date.now() };
  const logger = recordingLogger();
  const { channel, server } = await startBot({ stack, installations, slack, base, port, clock, logger });
  const signed = (body: string, headers: Record<string, string> = {}) =>
    signedSlackRequest(SECRET, body, { url: `${base}/slack/events`, headers });
  return {
    ...browser(base, slack),
    slack,
    stack,
    channel,
    installations,
    logger,
    base,
    app,
    advance(ms) {
      clock.now += ms;
    },
    fileBytes: () => fileBytes(path),
    async command(text, f) {
      const responseId = `o${++responses}`;
      const body = slashCommandBody({
        text,
        team: f.team,
        user: f.user ?? 'U1',
        responseUrl: slack.responseUrl(responseId),
      });
      const extra = f.extra ? `&${new URLSearchParams(f.extra).toString()}` : '';
      return { ...(await signed(body + extra)), responseId };
    },
    event: (event, f) => signed(orgWide(event, f), { 'content-type': 'application/json' }),
    async close() {
      await channel.stop();
      await server.close();
      await slack.close();
      await stack.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** The channel with OAuth, served as src/bots serves it: Slack's posts and the browser routes on one server. */
async function startBot(o: {
  stack: TestStack;
  installations: InstallationStore;
  slack: FakeSlack;
  base: string;
  port: number;
  clock: { now: number };
  logger: SlackLogger;
}): Promise<{ channel: SlackChannel; server: HealthServer }> {
  const channel = createSlackChannel({
    core: o.stack.core,
    signingSecret: SECRET,
    apiUrl: o.slack.apiUrl,
    dedupe: memoryDedupe(),
    logger: o.logger,
    webApiRetry: { retries: 0 },
    oauth: {
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      redirectUrl: `${o.base}/slack/oauth_redirect`,
      records: o.installations,
      now: () => new Date(o.clock.now),
    },
  });
  const server = createHealthServer({ port: o.port, host: '127.0.0.1' });
  const http = channel.http!;
  server.mount(http.path, http.handler, { maxBodyBytes: http.maxBodyBytes });
  for (const route of channel.routes) server.mount(route.path, route.handler, { maxBodyBytes: 0 });
  await server.listen();
  await channel.start();
  return { channel, server };
}

/** A browser: GETs with a cookie, and the install's trip through the bot and Slack's consent page. */
function browser(base: string, slack: FakeSlack): Pick<OAuthHarness, 'get' | 'startInstall' | 'install'> {
  const get = async (url: string, cookie?: string): Promise<Browsed> => {
    const res = await request(url, { method: 'GET', headers: cookie ? { cookie } : {} });
    const raw = res.headers['set-cookie'];
    const location = res.headers.location;
    return {
      status: res.statusCode,
      body: await res.body.text(),
      ...(typeof location === 'string' ? { location } : {}),
      setCookie: raw === undefined ? [] : Array.isArray(raw) ? raw : [raw],
    };
  };
  const startInstall = async (installer: Installer) => {
    const link = await get(`${base}/slack/install`);
    if (link.status !== 302 || !link.location) throw new Error(`install link answered ${link.status}`);
    // The browser keeps the cookie's name=value and sends it back to the bot's host.
    const cookie = (link.setCookie[0] ?? '').split(';')[0] ?? '';
    return { cookie, redirect: slack.auth.approve(link.location, installer) };
  };
  return {
    get,
    startInstall,
    async install(installer) {
      const { cookie, redirect } = await startInstall(installer);
      return get(redirect, cookie);
    },
  };
}

async function fileBytes(path: string): Promise<string> {
  const parts = await Promise.all(
    ['', '-wal'].map((s) => readFile(`${path}${s}`).catch(() => Buffer.alloc(0))),
  );
  return Buffer.concat(parts).toString('latin1');
}

/** An event envelope; an org-wide install's carries `is_enterprise_install` in its authorizations. */
function orgWide(
  event: Record<string, unknown>,
  f: { team: string; enterprise?: string; orgWide?: boolean },
): string {
  const body = JSON.parse(
    eventCallbackBody(event, { team: f.team, ...(f.enterprise ? { enterprise: f.enterprise } : {}) }),
  ) as { is_enterprise_install?: boolean; authorizations: Record<string, unknown>[] };
  if (!f.orgWide) return JSON.stringify(body);
  body.is_enterprise_install = true;
  for (const a of body.authorizations) a.is_enterprise_install = true;
  return JSON.stringify(body);
}
