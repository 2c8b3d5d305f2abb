import type { SlackChannelOptions } from '../../../src/adapters/slack/index.js';
import {
  createSlackChannel,
  type SlackChannel,
  type SlackLogger,
} from '../../../src/adapters/slack/index.js';
import type { HealthServer } from '../../../src/bots/health-server.js';
import type { Core } from '../../../src/core/core.js';
import type { DedupeStore } from '../../../src/store/stores.js';
import {
  type FakeSlack,
  type FakeSlackOptions,
  interactionBody,
  type SignedResponse,
  type SlackCall,
  signedSlackRequest,
  slashCommandBody,
  startFakeSlack,
} from '../../helpers/fake-slack.js';
import { serveMount } from '../../helpers/serve-mount.js';

export const SECRET = 'test-signing-secret';

/** An in-memory claim set; the real stores' dedupe has its own contract suite. */
export interface RecordingDedupe extends DedupeStore {
  readonly claims: { key: string; won: boolean }[];
  /** Resolves once `n` claims were decided, so a test knows a dropped retry was handled. */
  decided(n: number): Promise<void>;
}

export function memoryDedupe(): RecordingDedupe {
  const seen = new Map<string, number>();
  const claims: { key: string; won: boolean }[] = [];
  const waiters: { n: number; resolve: () => void }[] = [];
  return {
    claims,
    decided(n) {
      if (claims.length >= n) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ n, resolve }));
    },
    async claim(key, ttlMs) {
      const now = Date.now();
      const until = seen.get(key);
      const won = !(until !== undefined && until > now);
      if (won) seen.set(key, now + ttlMs);
      claims.push({ key, won });
      for (const w of waiters.filter((w) => claims.length >= w.n)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
      return won;
    },
  };
}

export interface SlackHarness {
  /** The bot's HTTP server the channel is mounted on. */
  server: HealthServer;
  slack: FakeSlack;
  channel: SlackChannel;
  url: string;
  dedupe: RecordingDedupe;
  /** Sends `/tel <text>` signed; returns the ack and the response URL id its answers go to. */
  command(
    text: string,
    f?: {
      user?: string;
      channel?: string;
      team?: string;
      headers?: Record<string, string>;
      triggerId?: string;
    },
  ): Promise<SignedResponse & { responseId: string; requestBody: string }>;
  interact(payload: object, headers?: Record<string, string>): Promise<SignedResponse>;
  /** Posts an Events API envelope (JSON) signed as Slack signs it. */
  event(body: string, headers?: Record<string, string>): Promise<SignedResponse>;
  close(): Promise<void>;
}

let responseSeq = 0;

/** Real bolt in HTTP mode on 127.0.0.1:0, its Web API pointed at a fake Slack. */
export async function startHarness(
  core: Core,
  fake: FakeSlackOptions = {},
  extra: Pick<SlackChannelOptions, 'viewAckBudgetMs' | 'logger' | 'memory' | 'workObjects'> = {},
): Promise<SlackHarness> {
  const slack = await startFakeSlack(fake);
  const dedupe = memoryDedupe();
  const channel = createSlackChannel({
    core,
    botToken: 'xoxb-test',
    signingSecret: SECRET,
    apiUrl: slack.apiUrl,
    dedupe,
    webApiRetry: { retries: 3, minTimeout: 1, maxTimeout: 5, factor: 1 },
    ...extra,
  });
  const server = await serveMount(channel.http!, channel.receiving);
  await channel.start();
  const url = `http://127.0.0.1:${server.port}/slack/events`;
  const harness: SlackHarness = {
    slack,
    channel,
    server,
    url,
    dedupe,
    async command(text, f = {}) {
      const responseId = `c${++responseSeq}`;
      const body = slashCommandBody({ text, responseUrl: slack.responseUrl(responseId), ...f });
      const res = await signedSlackRequest(SECRET, body, {
        url,
        ...(f.headers ? { headers: f.headers } : {}),
      });
      return { ...res, responseId, requestBody: body };
    },
    event: (body, headers) =>
      signedSlackRequest(SECRET, body, { url, headers: { 'content-type': 'application/json', ...headers } }),
    interact: (payload, headers) =>
      signedSlackRequest(SECRET, interactionBody(payload), { url, ...(headers ? { headers } : {}) }),
    async close() {
      await channel.stop();
      await server.close();
      await slack.close();
    },
  };
  return harness;
}

/** A logger that keeps every line, to prove no secret reaches it. */
export function recordingLogger(): SlackLogger & { lines: string[] } {
  const lines: string[] = [];
  const log = (obj: object, msg?: string) => {
    lines.push(`${JSON.stringify(obj)} ${msg ?? ''}`);
  };
  return { lines, debug: log, info: log, warn: log, error: log };
}

/**
 * The first form drawn (optionally the one with `callbackId`): opened at once for a user the bot
 * knows, or drawn over a neutral "one moment" once Slack said a new user's language
 * (form-language.ts). Its `body.view` is what the person fills in and Slack submits.
 */
export function waitForForm(slack: FakeSlack, callbackId?: string): Promise<SlackCall> {
  const isForm = (c: SlackCall) => {
    const id = (c.body.view as { callback_id?: unknown } | undefined)?.callback_id;
    return typeof id === 'string' && (callbackId === undefined || id === callbackId);
  };
  return Promise.race([slack.waitForCall('views.open', isForm), slack.waitForCall('views.update', isForm)]);
}
