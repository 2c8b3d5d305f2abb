import type { webApi } from '@slack/bolt';
import {
  type ChannelLogger,
  type ChannelMemory,
  type Core,
  type DedupeStore,
  inMemoryChannelMemory,
} from '../../core/index.js';
import { countingFetch } from './api-errors.js';
import type { SlackOAuthOptions } from './oauth.js';
import type { WorkObjectOptions } from './work-objects.js';

/** The pino-shaped logger the bot passes around; Slack logs at debug too. */
export type SlackLogger = Required<ChannelLogger>;

/**
 * Everything `createSlackChannel` needs. The composition root (`src/bots`) reads and checks the
 * environment (`SLACK_BOT_TOKEN`, `SLACK_APP_TOKEN` or `SLACK_SIGNING_SECRET`, `SLACK_COMMAND`,
 * `SLACK_API_URL`); this module only takes values.
 */
export interface SlackChannelOptions {
  core: Core;
  /** `xoxb-…`, for the Web API: one workspace. Omitted when `oauth` installs the app in many. */
  botToken?: string | undefined;
  /**
   * HTTP mode only: Slack's OAuth install flow (docs/operations.md §5.1), so the app runs in many workspaces, each
   * with its own token from its installation. Serve `SlackChannel.routes` beside `http`.
   */
  oauth?: SlackOAuthOptions | undefined;
  /** `xapp-…`: Socket Mode, the default, since it needs no public URL. Wins when both are set. */
  appToken?: string | undefined;
  /** HTTP mode: requests are verified with this secret; a stale or wrong signature gets 401. */
  signingSecret?: string | undefined;
  /** The slash command, default `/tel`. Must match the manifest. */
  command?: string;
  /** Base URL of the Web API (`SLACK_API_URL`), e.g. a local fake in tests. Default `https://slack.com/api/`. */
  apiUrl?: string | undefined;
  /** HTTP mode: the request path Slack posts to. Default `/slack/events`. */
  endpoint?: string;
  /** "Run once" claims for retried requests and double-clicks, shared across instances (docs/accounts.md §3.2). */
  dedupe: DedupeStore;
  logger?: SlackLogger;
  /** How long a claim holds. Default one hour; Slack retries within minutes. */
  dedupeTtlMs?: number;
  /** Web API retry policy (node-retry options). 429s are always waited out with `Retry-After`. */
  webApiRetry?: webApi.RetryOptions;
  /** Timeout for a `response_url` post or a file upload, in ms. Default 10 000. */
  httpTimeoutMs?: number;
  /**
   * A modal submission must be answered within Slack's 3 s; when `core.link` answers within this
   * budget its refusal is shown inline, otherwise the modal says "checking…" and is updated later.
   * Default 2000 ms.
   */
  viewAckBudgetMs?: number;
  /** How long a user's admin flag and user groups are cached, in ms. Default 60 000. */
  directoryTtlMs?: number;
  /**
   * Socket Mode: how long a pong may take before the socket counts as dead; @slack/socket-mode also
   * uses it as the unit of its reconnect backoff. Default 5000 ms (the library's own default).
   */
  socketPingTimeoutMs?: number;
  /** Upper bound for `stop()` to wait for answers still being delivered. Default 10 000 ms. */
  stopTimeoutMs?: number;
  /**
   * HTTP mode: commands acknowledged and not yet handled beyond which a new one is answered "busy,
   * try again" in its ack (admission control; `core.busy()` counts too). Default 1024.
   */
  backlog?: number;
  /** Clock, for the per-day audit thread. */
  now?: () => Date;
  /** Each failed Web API call, by method and Slack's `error` (or HTTP status, `network`), for `/metrics`. */
  onApiError?: ((method: string, code: string) => void) | undefined;
  /** What is remembered of a workspace across restarts and instances (the core's `ChannelMemory`); default: in memory only. */
  memory?: ChannelMemory;
  /** Work Objects: the unfurl domain (`SLACK_UNFURL_DOMAIN`) and the key their ids are sealed with; unset: off. */
  workObjects?: WorkObjectOptions | undefined;
}

export type ResolvedSlackOptions = Required<
  Omit<
    SlackChannelOptions,
    'appToken' | 'signingSecret' | 'apiUrl' | 'logger' | 'botToken' | 'oauth' | 'onApiError' | 'workObjects'
  >
> &
  Pick<
    SlackChannelOptions,
    'appToken' | 'signingSecret' | 'apiUrl' | 'botToken' | 'oauth' | 'onApiError' | 'workObjects'
  > & {
    logger: SlackLogger;
    mode: 'socket' | 'http';
  };

/**
 * Slack's posts are small: a slash command is a few form fields, an interaction carries at most one
 * message's or modal's blocks. A larger body is refused (413) before any signature work (docs/reliability.md §4.3).
 */
export const SLACK_MAX_BODY_BYTES = 512 * 1024;

const silent: SlackLogger = { debug() {}, info() {}, warn() {}, error() {} };

/**
 * A policy for chat posts: a few quick tries. The client waits out each 429's `Retry-After` before
 * the next try on top of this backoff (`@slack/web-api` `WebClient.makeRequest`).
 */
const DEFAULT_WEB_API_RETRY: webApi.RetryOptions = {
  retries: 5,
  factor: 2,
  minTimeout: 100,
  maxTimeout: 5_000,
  randomize: true,
};

export function resolveSlackOptions(options: SlackChannelOptions): ResolvedSlackOptions {
  if (!options.appToken && !options.signingSecret) {
    throw new Error(
      'Slack needs SLACK_APP_TOKEN (Socket Mode, recommended) or SLACK_SIGNING_SECRET (HTTP mode); set one of them.',
    );
  }
  if (options.oauth ? options.botToken || options.appToken || !options.signingSecret : !options.botToken) {
    throw new Error(
      options.oauth
        ? 'Slack OAuth (installation in many workspaces) runs in HTTP mode with tokens from each installation: set SLACK_SIGNING_SECRET and unset SLACK_BOT_TOKEN and SLACK_APP_TOKEN.'
        : 'Slack needs SLACK_BOT_TOKEN (xoxb-…, one workspace) or SLACK_CLIENT_ID and SLACK_CLIENT_SECRET (many workspaces).',
    );
  }
  const command = options.command ?? '/tel';
  if (!/^\/[a-z0-9_-]{1,31}$/.test(command)) {
    throw new Error(
      `SLACK_COMMAND must look like "/tel" (a slash and up to 31 lowercase letters), not "${command}".`,
    );
  }
  return {
    core: options.core,
    botToken: options.botToken,
    oauth: options.oauth,
    appToken: options.appToken,
    signingSecret: options.signingSecret,
    apiUrl: options.apiUrl,
    onApiError: options.onApiError,
    workObjects: options.workObjects,
    command,
    endpoint: options.endpoint ?? '/slack/events',
    dedupe: options.dedupe,
    memory: options.memory ?? inMemoryChannelMemory(),
    logger: options.logger ?? silent,
    dedupeTtlMs: options.dedupeTtlMs ?? 3_600_000,
    webApiRetry: options.webApiRetry ?? DEFAULT_WEB_API_RETRY,
    httpTimeoutMs: options.httpTimeoutMs ?? 10_000,
    viewAckBudgetMs: options.viewAckBudgetMs ?? 2_000,
    directoryTtlMs: options.directoryTtlMs ?? 60_000,
    stopTimeoutMs: options.stopTimeoutMs ?? 10_000,
    backlog: options.backlog ?? 1024,
    socketPingTimeoutMs: options.socketPingTimeoutMs ?? 5_000,
    now: options.now ?? (() => new Date()),
    mode: options.appToken ? 'socket' : 'http',
  };
}

/** What bolt's `WebClient`s are built with (the app's, Socket Mode's own, each workspace's). */
export function webClientOptions(options: ResolvedSlackOptions): webApi.WebClientOptions {
  return {
    ...(options.apiUrl ? { slackApiUrl: withSlash(options.apiUrl) } : {}),
    // Wait out 429s with `Retry-After` instead of failing the answer (docs/reliability.md §2.2).
    rejectRateLimitedCalls: false,
    retryConfig: options.webApiRetry,
    timeout: options.httpTimeoutMs,
    ...(options.onApiError ? { fetch: countingFetch(options.onApiError) } : {}),
  };
}

function withSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}
