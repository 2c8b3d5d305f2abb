import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { ClientCapabilities } from '@modelcontextprotocol/sdk/types.js';
import type { Update } from 'grammy/types';
import { afterEach, beforeEach } from 'vitest';
import { createMcpHttp, type McpHttp } from '../../../src/adapters/mcp/http/index.js';
import { createTelegramChannel } from '../../../src/adapters/telegram/index.js';
import { createHealthServer, type HealthServer } from '../../../src/bots/health-server.js';
import { createMemoryKeyValueStore } from '../../../src/store/index.js';
import {
  type FakeChat,
  type FakeMessage,
  FakeTelegram,
  type FakeUser,
  shownText,
} from '../../helpers/fake-telegram.js';
import { createTestStack, type TestStack } from '../../helpers/stack.js';

export const alice: FakeUser = { id: 1001, first_name: 'Alice', username: 'alice', language_code: 'en' };
export const dave: FakeUser = { id: 1004, first_name: 'Dave', username: 'dave', language_code: 'de' };
const silent = { debug() {}, info() {}, warn() {}, error() {} };
type Markup = { inline_keyboard: { text: string; callback_data?: string }[][] };

/**
 * The HTTP side of MCP on the real stack: the sandbox, the core, the bot's one HTTP server with
 * `/mcp` and the authorization server mounted, and a Telegram chat (grammY against the fake Bot API)
 * where the person gives consent.
 */
export interface HttpHarness {
  stack: TestStack;
  telegram: FakeTelegram;
  http: HealthServer;
  mcp: McpHttp;
  base: string;
  /** Sends a line from `who`'s private chat with the bot (or `chat`); resolves once the bot answered. */
  say(who: FakeUser, text: string, chat?: FakeChat): Promise<void>;
  /** Every key and value of the store, as text. */
  dump(): Promise<string>;
  /** Presses the button labelled `label` on the bot's last message to `who`. */
  press(who: FakeUser, label: string): Promise<void>;
  /** The bot's messages in `who`'s private chat, as shown. */
  chat(who: FakeUser): string[];
  close(): Promise<void>;
}

/**
 * A fresh harness for each test of the file (this registers the `beforeEach` and `afterEach`): the
 * object returned stands for the running test's harness.
 */
export function httpHarnessPerTest(): HttpHarness {
  let current: HttpHarness | undefined;
  beforeEach(async () => {
    current = await httpHarness();
  });
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  return new Proxy({} as HttpHarness, {
    get(_, key) {
      if (!current) throw new Error('the HTTP harness is started per test: use it inside a test');
      return Reflect.get(current, key);
    },
  });
}

export async function httpHarness(): Promise<HttpHarness> {
  const kv = createMemoryKeyValueStore();
  const stack = await createTestStack({ kv });
  const telegram = await FakeTelegram.start();
  const channel = createTelegramChannel({
    core: stack.core,
    token: telegram.token,
    mode: 'polling',
    apiRoot: telegram.apiRoot,
    dedupe: stack.stores.dedupe,
    logger: silent,
    ephemeral: 'on',
  });
  await channel.bot.init();
  // The bot's own messages to a person (a confirmation the client cannot ask) go out as in `start`.
  stack.proactive.attach(channel.notifier);
  const http = createHealthServer({ port: 0, host: '127.0.0.1' });
  const port = await http.listen();
  const base = `http://127.0.0.1:${port}`;
  const mcp = createMcpHttp({
    core: stack.core,
    tokens: stack.stores.tokens,
    publicUrl: new URL(base),
    telegramBot: () => channel.bot.botInfo.username,
    roadOut: stack.proactive.outbox,
    logger: silent,
  });
  for (const { path, maxBodyBytes } of mcp.paths) http.mount(path, mcp.handler, { maxBodyBytes });
  for (const who of [alice, dave])
    await stack.linkDemo({ platform: 'telegram', tenant: '', user: String(who.id) });
  const run = (update: object) => channel.bot.handleUpdate(update as Update);
  const last = (who: FakeUser): FakeMessage | undefined =>
    telegram
      .messages(who.id)
      .filter((m) => m.from?.id === telegram.bot.id && !m.deleted)
      .at(-1);
  return {
    stack,
    telegram,
    http,
    mcp,
    base,
    say: (who, text, chat) => run(telegram.message(who, text, chat)),
    async dump() {
      const parts: string[] = [];
      for await (const key of kv.keys('')) parts.push(`${key} ${JSON.stringify(await kv.get(key))}`);
      return parts.join('\n');
    },
    async press(who, label) {
      const message = last(who);
      const rows = (message?.reply_markup as Markup | undefined)?.inline_keyboard ?? [];
      const data = rows.flat().find((b) => b.text === label)?.callback_data;
      if (!message || !data) throw new Error(`no button "${label}" on the last message to ${who.first_name}`);
      await run(telegram.press(who, message, data));
    },
    chat: (who) =>
      telegram
        .messages(who.id)
        .filter((m) => m.from?.id === telegram.bot.id && !m.deleted)
        .map((m) => shownText(m)),
    async close() {
      await mcp.close();
      await http.close();
      await telegram.close();
      await stack.close();
    },
  };
}

/** The consent page as a client's browser gets it: its short code and where it asks how things stand. */
export function readPage(html: string): { code: string; status: string; deepLink: string | undefined } {
  const code = /\/assistants connect ([A-Z0-9]{6})/.exec(html)?.[1];
  const status = /fetch\("([^"]+)"/.exec(html)?.[1];
  if (!code || !status) throw new Error('not a consent page');
  const deepLink = /href="(https:\/\/t\.me\/[^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
  return { code, status, deepLink };
}

/** An MCP client's OAuth side, in memory, as the SDK asks for it; the authorization URL is kept for the test. */
export class MemoryOAuthClient implements OAuthClientProvider {
  info: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier = '';
  authorizationUrl: URL | undefined;
  constructor(readonly redirect = 'http://127.0.0.1:9/callback') {}
  get redirectUrl() {
    return this.redirect;
  }
  get clientMetadata() {
    return {
      client_name: 'Test Assistant',
      redirect_uris: [this.redirect],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
    };
  }
  clientInformation() {
    return this.info;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.info = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(v: string) {
    this.verifier = v;
  }
  codeVerifier() {
    return this.verifier;
  }
}

/**
 * The official client connected through the whole OAuth flow, with consent given by `who` in their
 * Telegram chat: its transport (for the session id) and its OAuth side (for the token).
 */
export async function authorizedClient(
  h: HttpHarness,
  who: FakeUser,
  confirm = 'Confirm',
  capabilities: ClientCapabilities = {},
) {
  const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
  const { StreamableHTTPClientTransport } = await import(
    '@modelcontextprotocol/sdk/client/streamableHttp.js'
  );
  const oauth = new MemoryOAuthClient();
  const url = new URL('/mcp', h.base);
  const first = new StreamableHTTPClientTransport(url, { authProvider: oauth });
  await new Client({ name: 'test', version: '1' }).connect(first).catch(() => undefined);
  if (!oauth.authorizationUrl) throw new Error('the client was not sent to authorize');
  const { code, status } = readPage(await (await fetch(oauth.authorizationUrl)).text());
  await h.say(who, `/assistants connect ${code}`);
  await h.press(who, confirm);
  const answer = (await (await fetch(new URL(status, h.base))).json()) as { redirect: string };
  await first.finishAuth(new URL(answer.redirect).searchParams.get('code') ?? '');
  const transport = new StreamableHTTPClientTransport(url, { authProvider: oauth });
  const client = new Client({ name: 'test', version: '1' }, { capabilities });
  await client.connect(transport);
  return { client, transport, oauth };
}

/** The text of a tool result over HTTP. */
export const resultText = (r: object) =>
  (((r as { content?: unknown }).content ?? []) as { type: string; text?: string }[])
    .map((c) => c.text ?? '')
    .join('\n');
