import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CoreMetrics } from '../core/ports/metrics.js';
import type { Transformer } from '../telephony/index.js';

/** One failed call of a chat platform's API, for {@link BotMetrics.platformApiError}. */
export interface PlatformApiError {
  platform: string;
  method: string;
  code: string;
}

/** Something with a depth: a job queue, a backlog. Read at every scrape; a throw reads as absent. */
export type DepthSource = () => number | Promise<number>;

/**
 * The bot's Prometheus metrics (docs/operations.md §4.2, `/metrics`): the core's port
 * ({@link CoreMetrics}), a layer for the provider client, and gauges read at scrape time. Label
 * values are operation names, command names, platforms and outcomes: bounded sets, never a user,
 * a chat or a number.
 */
export interface BotMetrics extends CoreMetrics {
  /** Wraps every provider call (`client.use(...)`): count by operation and outcome, and latency. */
  readonly providerLayer: Transformer;
  /**
   * Registers a queue whose depth `telephony_bot_queue_depth{queue}` shows, e.g. a BullMQ queue's
   * waiting + delayed jobs. Registering a name again replaces its source.
   */
  addQueueDepth(queue: string, depth: DepthSource): void;
  /**
   * A chat platform's API answered an error (or none came): counted by platform, method and code
   * (`telephony_platform_errors_total`). Codes are the platform's (Telegram's `error_code`, Slack's
   * `error`) or `network`: bounded sets, never a chat or a user.
   */
  platformApiError(error: PlatformApiError): void;
  /** The store's health, read at every scrape: 1 reachable, 0 not (`telephony_bot_store_up`). */
  setStoreCheck(store: string, reachable: () => boolean): void;
  /** The text exposition format, for `GET /metrics`. */
  render(): Promise<string>;
  readonly contentType: string;
  /** `GET /metrics` on the bot's HTTP server. */
  handler(req: IncomingMessage, res: ServerResponse): void;
}

/**
 * Metrics where nothing serves them (no HTTP server: the console, polling without HEALTH_PORT), so
 * the start does not load prom-client for nothing (`npm run bench:start`). Sources registered on it
 * are dropped.
 */
export const noBotMetrics: BotMetrics = {
  commandFinished() {},
  claimUnsettled() {},
  providerLayer: (next) => next,
  platformApiError() {},
  addQueueDepth() {},
  setStoreCheck() {},
  render: () => Promise.resolve(''),
  contentType: 'text/plain; version=0.0.4; charset=utf-8',
  handler(_req, res) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('metrics are off\n');
  },
};
