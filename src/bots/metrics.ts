import type { IncomingMessage, ServerResponse } from 'node:http';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { CommandEvent, SendFailedEvent } from '../core/ports/metrics.js';
import type { Transformer } from '../telephony/index.js';
import type { BotMetrics, DepthSource } from './bot-metrics.js';

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

export function createBotMetrics(options: BotMetricsOptions = {}): BotMetrics {
  const registry = new Registry();
  if (options.processMetrics ?? true) collectDefaultMetrics({ register: registry });
  const render = () => registry.metrics();
  const sampled = sampledGauges(registry);
  return {
    commandFinished: commandCounters(registry),
    sendFailed: sendFailures(registry),
    providerLayer: providerLayerOf(registry),
    addQueueDepth: (queue, depth) => sampled.depths.set(queue, depth),
    setStoreCheck: (store, reachable) => sampled.stores.set(store, reachable),
    render,
    contentType: registry.contentType,
    handler: metricsHandler(render, registry.contentType),
  };
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
  return (event) => {
    const { kind, platform, command, outcome } = event;
    commands.inc({ kind, platform, command, outcome });
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
  return (next) => async (req) => {
    const end = seconds.startTimer({ operation: req.label });
    try {
      const result = await next(req);
      requests.inc({ operation: req.label, outcome: 'ok' });
      return result;
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      requests.inc({ operation: req.label, outcome: typeof code === 'string' ? code : 'error' });
      throw err;
    } finally {
      end();
    }
  };
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
