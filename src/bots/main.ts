import { join } from 'node:path';
import type { Logger } from 'pino';
import pino from 'pino';
import { createConsoleChannel } from '../adapters/console/console-channel.js';
import { errorSummary } from '../core/logs/safe-error.js';
import { createSampler } from '../core/logs/sampler.js';
import { diskErrorOf, namingDiskSync } from '../store/disk-errors.js';
import { ensurePrivateFile } from '../store/index.js';
import { bannerLines, promptHint } from './banner.js';
import { type ChatChannel, createChatChannels } from './channels.js';
import { slackEnabled } from './config/slack.js';
import { type Config, ConfigError, httpPortOf, loadConfig, unknownVariableWarnings } from './config.js';
import { DataDirError, prepareDataDir } from './data-dir.js';
import { envFileRead } from './env-file.js';
import { createHealthServer, type HealthServer } from './health-server.js';
import { type StartedJobs, startJobs } from './jobs.js';
import { createLogger } from './logger.js';
import { mountMcpHttp } from './mcp-http.js';
import { createRuntime, type Runtime } from './runtime.js';
import {
  type ConsoleHandle,
  closeAll,
  createShutdown,
  EXIT,
  type Opened,
  START_CLEANUP_MS,
} from './shutdown.js';
import { startFailureMessage } from './start-errors.js';
import { sharedKeyCheck } from './store-config.js';

export { EXIT } from './shutdown.js';

/** What a successful start leaves running. */
interface Started {
  health: HealthServer | undefined;
  runtime: Runtime;
  channels: ChatChannel[];
  /** The proactive jobs (src/bots/jobs.ts); the shutdown stops them first. */
  scheduler: StartedJobs;
}

/**
 * `npm start`: with no tokens, the embedded sandbox plus the console channel, with the demo account
 * linked; with TELEGRAM_/SLACK_ tokens, those channels; with TELEPHONY_BASE_URL, the real provider.
 *
 * Start is all or nothing (docs/operations.md §1.1): each step that opens something registers how to close it;
 * when any step fails, everything opened is closed (bounded), one message names the fix, and the
 * returned code is non-zero. The CLI then exits, so no half-started process lingers.
 */
export async function main(env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const checked = preflight(env);
  if (typeof checked === 'number') return checked;
  const config = checked;
  const chatTokens = Boolean(config.TELEGRAM_BOT_TOKEN || slackEnabled(config));
  const consoleOn = config.CONSOLE ?? !chatTokens;
  const { logger, logFile, logOpen } = openLog(config, consoleOn);
  // Closed in reverse order on a failed start; the shutdown runs the same list.
  const opened: Opened[] = [];
  const readiness = { started: false };
  let started: Started;
  try {
    started = await startServices(config, logger, opened, readiness);
  } catch (err) {
    await closeAll(opened, START_CLEANUP_MS, logger);
    logger.error({ err: errorSummary(err) }, 'start failed');
    // pino flushes the log file synchronously at process.exit, which throws while it is still
    // opening ("sonic boom is not ready yet") and would bury this message under a stack trace.
    await logOpen;
    logger.flush?.();
    process.stderr.write(`${startFailureMessage(err, config)}\n`);
    return EXIT.failed;
  }
  const { health, runtime, channels, scheduler } = started;
  const banner = bannerOf({ config, started, consoleOn, chatTokens, logFile });
  const consoleHandle: ConsoleHandle = {};
  const shutdown = createShutdown({
    config,
    logger,
    health,
    opened,
    channels,
    runtime,
    scheduler,
    console: consoleHandle,
  });
  const onSignal = (signal: NodeJS.Signals) => {
    void shutdown(signal).then((code) => process.exit(code));
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
  // docs/reliability.md §5.1: another instance took the SQLite store over; this one stops, non-zero.
  runtime.onWriterLost(() => void shutdown('store lock lost').then(() => process.exit(EXIT.failed)));
  if (consoleOn) {
    await runConsole(config, runtime, consoleHandle, () => {
      process.stdout.write(`${banner.join('\n')}\n${promptHint(config.LANG)}\n`);
      readiness.started = true;
    });
    if (channels.length === 0) return shutdown('end of input');
    return new Promise<number>(() => {});
  }
  process.stdout.write(`${banner.join('\n')}\n`);
  readiness.started = true;
  logger.info({ channels: channels.map((c) => c.name) }, 'started');
  return new Promise<number>(() => {});
}

/**
 * What is checked before anything opens: the settings (a refusal exits 2) and the data directory
 * (exit 1). Returns the configuration, or the exit code after printing what to fix.
 */
function preflight(env: NodeJS.ProcessEnv): Config | number {
  for (const warning of unknownVariableWarnings(env)) process.stderr.write(`${warning}\n`);
  const config = configOrUndefined(env);
  if (!config) return EXIT.config;
  const shared = sharedKeyCheck(config);
  if (shared.refusal) {
    process.stderr.write(`${shared.refusal}\n`);
    return EXIT.config;
  }
  if (shared.warning) process.stderr.write(`${shared.warning}\n`);
  // Owner-only from here on, whatever umask the bot was started with (see openLog).
  process.umask(0o077);
  try {
    prepareDataDir(config.DATA_DIR);
  } catch (err) {
    if (!(err instanceof DataDirError)) throw err;
    process.stderr.write(`${err.message}\n`);
    return EXIT.failed;
  }
  return config;
}

/** The checked configuration, or undefined after printing what to fix (exit code 2). */
function configOrUndefined(env: NodeJS.ProcessEnv): Config | undefined {
  try {
    return loadConfig(env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    process.stderr.write(`${err.message}\n`);
    return undefined;
  }
}

/**
 * Everything the bot writes is owner-only, whatever the umask it was started with (docs/reliability.md §5.4): the
 * umask covers files created later (exports, sandbox state); DATA_DIR and the log are made private
 * (prepareDataDir, before this), the SQLite files and the lock by the store. On the console, log lines would garble the
 * prompt: they go to a file instead.
 */
function openLog(
  config: Config,
  consoleOn: boolean,
): { logger: Logger; logFile: string; logOpen: Promise<void> } {
  const logFile = join(config.DATA_DIR, 'telephony-bot.log');
  if (consoleOn) namingDiskSync(logFile, () => ensurePrivateFile(logFile));
  const destination = consoleOn ? pino.destination({ dest: logFile, mkdir: true, sync: false }) : undefined;
  const logger = createLogger({ level: config.LOG_LEVEL, destination });
  // A log file the disk refuses (full, read-only) is said on stderr, with its fix, once a minute;
  // sonic-boom's 'error' would otherwise end the process with a stack trace.
  const refusals = createSampler({ windowMs: 60_000 });
  destination?.on('error', (err: unknown) => {
    if (!refusals.take('log')) return;
    const disk = diskErrorOf(err, logFile);
    process.stderr.write(`telephony-bot: ${disk?.message ?? `cannot write the log ${logFile}`}\n`);
  });
  // Resolves once the file is open (at once for stderr); an open that fails resolves too.
  const logOpen =
    destination && (destination as unknown as { fd: number }).fd < 0
      ? new Promise<void>((resolve) => {
          destination.once('ready', () => resolve());
          destination.once('error', () => resolve());
        })
      : Promise.resolve();
  return { logger, logFile, logOpen };
}

/** How long `/readyz` names a data loss of the shared store after it was found. */
const DATA_LOSS_UNREADY_MS = 10 * 60_000;

/** Opens the HTTP server, the runtime and the chat channels, registering each in `opened`. */
async function startServices(
  config: Config,
  logger: Logger,
  opened: Opened[],
  readiness: { started: boolean },
): Promise<Started> {
  const port = httpPortOf(config);
  // Up first, so liveness answers during start-up; `/readyz` waits for every check below.
  const health =
    port === undefined
      ? undefined
      : createHealthServer({
          port,
          onHandlerError: (err) =>
            logger.error({ err: errorSummary(err) }, 'an HTTP handler failed; answered 500'),
        });
  health?.addCheck('starting', () => readiness.started);
  // prom-client only where /metrics is served (it costs the console's start for nothing).
  const metrics = health ? (await import('./metrics.js')).createBotMetrics() : undefined;
  const runtime = await createRuntime(config, logger, metrics ? { metrics } : {});
  // docs/reliability.md §5.2: not ready while the shared store (Redis) cannot be reached.
  const stores = runtime.stores;
  health?.addCheck('store', () => stores.reachable());
  // A fencing read of the lock file (docs/reliability.md §5.1): a probe finds a takeover too.
  health?.addCheck('store lock', () => stores.holdsWriterLock?.() ?? true);
  // Prometheus scrapes the same port (docs/operations.md §7, metrics).
  health?.mount('/metrics', runtime.metrics.handler, { maxBodyBytes: 0 });
  // Loud for ten minutes after the shared store was found empty (data-marker.ts), then ready again.
  health?.addCheck('store data lost', () => {
    const lost = stores.dataLostAt?.();
    return lost === undefined || Date.now() - lost.getTime() > DATA_LOSS_UNREADY_MS;
  });
  opened.push({ name: 'provider connections and stores', close: () => runtime.close() });
  const channels = await createChatChannels(config, runtime);
  for (const channel of channels) {
    if (channel.mount) {
      if (!health) throw new Error(`${channel.name} needs an HTTP port; set HEALTH_PORT`);
      health.mount(channel.mount.path, channel.mount.handler, { maxBodyBytes: channel.mount.maxBodyBytes });
      // Browser GETs (the OAuth install link and redirect): no body to allow.
      for (const route of channel.routes ?? []) health.mount(route.path, route.handler, { maxBodyBytes: 0 });
    }
    health?.addCheck(channel.name, channel.receiving);
  }
  await mountMcpHttp({ config, runtime, health, channels, opened, logger });
  if (health) {
    await health.listen();
    opened.push({ name: 'HTTP server', close: () => health.close() });
  }
  for (const channel of channels) {
    await channel.start();
    opened.push({ name: channel.name, close: () => channel.stop() });
  }
  // Alerts, call reports, digests, the money guard: BullMQ jobs with REDIS_URL, else in process.
  const scheduler = await startJobs(config, runtime, logger, health);
  opened.push({ name: 'proactive jobs', close: () => scheduler.stop() });
  return { health, runtime, channels, scheduler };
}

/** The start-up banner's facts (src/bots/banner.ts words them in the console's language). */
function bannerOf(o: {
  config: Config;
  started: Started;
  consoleOn: boolean;
  chatTokens: boolean;
  logFile: string;
}): string[] {
  const { config, started, consoleOn } = o;
  const { runtime, channels, health } = started;
  const sandbox = runtime.sandbox;
  return bannerLines({
    lang: config.LANG,
    provider: runtime.baseUrl,
    sandbox: sandbox ? { adminUrl: sandbox.adminUrl, pins: sandbox.state.pins() } : undefined,
    store: config.REDIS_URL ? 'Redis' : `SQLite in ${join(config.DATA_DIR, 'telephony-bot.sqlite')}`,
    channels: [...channels.map((c) => c.name), ...(consoleOn ? ['console'] : [])],
    chatTokens: o.chatTokens,
    httpPort: health?.port,
    installLink: health && config.SLACK_CLIENT_ID ? installLinkOf(config, health.port) : undefined,
    keyCreatedAt: runtime.keyCreatedAt,
    logFile: consoleOn ? o.logFile : undefined,
    envFile: envFileRead,
  });
}

/** Runs the console until its input ends; `onReady` prints the banner once the prompt is set up. */
async function runConsole(
  config: Config,
  runtime: Runtime,
  handle: ConsoleHandle,
  onReady: () => void,
): Promise<void> {
  const channel = createConsoleChannel({
    core: runtime.core,
    exportDir: join(config.DATA_DIR, 'exports'),
    ...(config.LANG ? { locale: config.LANG } : {}),
  });
  handle.channel = channel;
  runtime.proactive.attach(channel.notifier);
  if (runtime.sandbox) await runtime.linkDemo(channel.identity);
  onReady();
  handle.run = channel.run();
  await handle.run;
}

/** Slack's install link (docs/operations.md §5.1): on the public host of the redirect URL when set, else this machine. */
function installLinkOf(config: Config, port: number): string {
  const origin = config.SLACK_OAUTH_REDIRECT_URL
    ? new URL(config.SLACK_OAUTH_REDIRECT_URL).origin
    : `http://localhost:${port}`;
  return `${origin}/slack/install`;
}
