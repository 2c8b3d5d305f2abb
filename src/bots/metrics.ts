import type { IncomingMessage, ServerResponse } from 'node:http';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { CommandEvent, SendFailedEvent } from '../core/ports/metrics.js';
import type { Transformer } from '../telephony/index.js';
import type { BotMetrics, DepthSource } from './bot-metrics.js';
import { packageVersion } from './version.js';

export type { BotMetrics, DepthSource } from './bot-metrics.js';

/** The one options object of {@link createBotMetrics}. */
export interface BotMetricsOptions {
  /**
   * Node's process metrics (CPU, memory, event-loop lag, GC), prom-client's defaults. Default true;
   * each registry that has them runs its own event-loop monitor, so the tests' runtimes go without.
   */
  processMetrics?: boolean;
}

/** Seconds. A provider answer takes milliseconds to the 10 s default timeout, retries included. */
const LATENCY_BUCKETS = [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Seconds. A command answered from the bot alone takes milliseconds; one that waits on the provider, more. */
const COMMAND_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export function createBotMetrics(options: BotMetricsOptions = {}): BotMetrics {
  const registry = new Registry();
  if (options.processMetrics ?? true) collectDefaultMetrics({ register: registry });
  const render = () => registry.metrics();
  const sampled = sampledGauges(registry);
  buildInfo(registry);
  return {
    commandFinished: commandCounters(registry),
    claimUnsettled: unsettledCounter(registry),
    sendFailed: sendFailures(registry),
    providerLayer: providerLayerOf(registry),
    platformApiError: platformErrors(registry),
    addQueueDepth: (queue, depth) => sampled.depths.set(queue, depth),
    setStoreCheck: (store, reachable) => sampled.stores.set(store, reachable),
    render,
    contentType: registry.contentType,
    handler: metricsHandler(render, registry.contentType),
  };
}

/** Messages the jobs sent whose claim could not be confirmed (docs/reliability.md §8.4), by job. */
function unsettledCounter(registry: Registry): (job: string) => void {
  const unsettled = new Counter({
    name: 'telephony_bot_claims_unsettled_total',
    help: 'Job messages sent whose once-only claim could not be confirmed in the store after retries, by job.',
    labelNames: ['job'] as const,
    registers: [registry],
  });
  return (job) => unsettled.inc({ job });
}

/** Commands by name and outcome, and the rate limit's refusals among them. */
function commandCounters(registry: Registry): (event: CommandEvent) => void {
  const commands = new Counter({
    name: 'telephony_bot_commands_total',
    help: 'Commands and button presses that ended, by kind, platform, command and outcome.',
    labelNames: ['kind', 'platform', 'command', 'outcome'] as const,
    registers: [registry],
  });
  const rateLimited = new Counter({
    name: 'telephony_bot_rate_limited_total',
    help: 'Commands refused by the per-user rate limit (RATE_LIMIT_PER_MINUTE), by platform.',
    labelNames: ['platform'] as const,
    registers: [registry],
  });
  const seconds = new Histogram({
    name: 'telephony_command_duration_seconds',
    help: 'Time from a command or press reaching the core to its answer, by command, channel and outcome.',
    labelNames: ['command', 'channel', 'outcome'] as const,
    buckets: COMMAND_BUCKETS,
    registers: [registry],
  });
  return (event) => {
    const { kind, platform, command, outcome } = event;
    commands.inc({ kind, platform, command, outcome });
    // `command` is a name of the command table or `unknown` (src/core/dispatch/text-steps.ts): a
    // bounded set whatever users type (docs/operations.md §4.2).
    seconds.observe({ command, channel: platform, outcome }, event.durationMs / 1000);
    // The outcome the core's rate-limit step ends a command with (src/core/dispatch/text-steps.ts).
    if (outcome === 'rate-limited') rateLimited.inc({ platform });
  };
}

/** Sends of the road out that did not end in `sent` (docs/reliability.md §2.4). */
function sendFailures(registry: Registry): (event: SendFailedEvent) => void {
  const failures = new Counter({
    name: 'telephony_bot_send_failures_total',
    help: 'Sends refused by the platform (then sent plainer or elsewhere) or left unknown (never sent again).',
    labelNames: ['platform', 'primitive', 'report', 'reason'] as const,
    registers: [registry],
  });
  return (event) => failures.inc({ ...event });
}

/** Provider calls by operation and outcome (`ok` or the client's error code), and their latency. */
function providerLayerOf(registry: Registry): Transformer {
  const requests = new Counter({
    name: 'telephony_bot_provider_requests_total',
    help: 'Provider API calls (retries included in one call), by operation and outcome (ok or the error code).',
    labelNames: ['operation', 'outcome'] as const,
    registers: [registry],
  });
  const seconds = new Histogram({
    name: 'telephony_bot_provider_request_duration_seconds',
    help: 'Provider API call latency in seconds, retries included, by operation.',
    labelNames: ['operation'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const errors = new Counter({
    name: 'telephony_provider_errors_total',
    help: "Provider API calls that failed, by operation and code: the provider's own numeric code when it answered, else the client's (TEL_TIMEOUT, TEL_TRANSPORT, …).",
    labelNames: ['operation', 'code'] as const,
    registers: [registry],
  });
  return (next) => async (req) => {
    const end = seconds.startTimer({ operation: req.label });
    try {
      const result = await next(req);
      requests.inc({ operation: req.label, outcome: 'ok' });
      return result;
    } catch (err) {
      const { code, providerCode } = err as { code?: unknown; providerCode?: unknown };
      const clientCode = typeof code === 'string' ? code : 'error';
      requests.inc({ operation: req.label, outcome: clientCode });
      const own =
        typeof providerCode === 'number' && Number.isInteger(providerCode) ? String(providerCode) : undefined;
      errors.inc({ operation: req.label, code: own ?? clientCode });
      throw err;
    } finally {
      end();
    }
  };
}

/** Errors the chat platforms' APIs answered (Telegram's error_code, Slack's `error`), by method. */
function platformErrors(registry: Registry): BotMetrics['platformApiError'] {
  const errors = new Counter({
    name: 'telephony_platform_errors_total',
    help: "Chat platform API calls that failed (each attempt), by platform, method and the platform's code (429, channel_not_found, network).",
    labelNames: ['platform', 'method', 'code'] as const,
    registers: [registry],
  });
  return ({ platform, method, code }) => errors.inc({ platform, method, code });
}

/** `telephony_bot_build_info{version} 1`: which version each instance runs, for a rollout's dashboard. */
function buildInfo(registry: Registry): void {
  const info = new Gauge({
    name: 'telephony_bot_build_info',
    help: 'Always 1; its version label is the running version of telephony-bot.',
    labelNames: ['version'] as const,
    registers: [registry],
  });
  info.set({ version: packageVersion() }, 1);
}

/** Gauges read from their sources at every scrape: queue depths and store health. */
function sampledGauges(registry: Registry) {
  const depths = new Map<string, DepthSource>();
  const stores = new Map<string, () => boolean>();
  new Gauge({
    name: 'telephony_bot_queue_depth',
    help: 'Jobs waiting in each queue, read at scrape time.',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const [queue, depth] of depths) {
        // A source that fails is left out of this scrape rather than failing it.
        const value = await Promise.resolve()
          .then(depth)
          .catch(() => undefined);
        if (typeof value === 'number' && Number.isFinite(value)) this.set({ queue }, value);
      }
    },
  });
  new Gauge({
    name: 'telephony_bot_store_up',
    help: 'Whether the store answers: 1 reachable, 0 not (commands are refused meanwhile).',
    labelNames: ['store'] as const,
    registers: [registry],
    collect() {
      for (const [store, reachable] of stores) {
        let up = false;
        try {
          up = reachable();
        } catch {
          up = false;
        }
        this.set({ store }, up ? 1 : 0);
      }
    },
  });
  return { depths, stores };
}

/** `GET /metrics`: the text exposition format, never cached. */
function metricsHandler(render: () => Promise<string>, contentType: string) {
  return (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { 'content-type': 'text/plain; charset=utf-8', allow: 'GET, HEAD' });
      res.end('method not allowed\n');
      return;
    }
    render().then(
      (body) => {
        res.writeHead(200, {
          'content-type': contentType,
          'cache-control': 'no-store',
          'content-length': Buffer.byteLength(body),
        });
        res.end(req.method === 'HEAD' ? undefined : body);
      },
      () => {
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('metrics unavailable\n');
      },
    );
  };
}
