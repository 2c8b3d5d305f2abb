import { join } from 'node:path';
import pino from 'pino';
import { createConsoleChannel } from '../adapters/console/console-channel.js';
import { ensurePrivateDir, ensurePrivateFile } from '../store/index.js';
import { type ChatChannel, createChatChannels } from './channels.js';
import { slackEnabled } from './config/slack.js';
import { type Config, ConfigError, httpPortOf, loadConfig } from './config.js';
import { createHealthServer, type HealthServer } from './health-server.js';
import { createLogger } from './logger.js';
import { createRuntime, type Runtime } from './runtime.js';
import { startFailureMessage } from './start-errors.js';

/** What a failed start may take to close what it opened, before the process exits anyway. */
const START_CLEANUP_MS = 1500;

/** Exit codes: 2 for a configuration the user must change, 1 for any other failed start or stop. */
export const EXIT = { ok: 0, failed: 1, config: 2 } as const;

/**
 * `npm start`: with no tokens, the embedded sandbox plus the console channel, with the demo account
 * linked; with TELEGRAM_/SLACK_ tokens, those channels; with TELEPHONY_BASE_URL, the real provider.
 *
 * Start is all or nothing (issue 12): each step that opens something registers how to close it;
 * when any step fails, everything opened is closed (bounded), one message names the fix, and the
 * returned code is non-zero. The CLI then exits, so no half-started process lingers.
 */
export async function main(env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let config: Config;
  try {
    config = loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      return EXIT.config;
    }
    throw err;
  }
  const chatTokens = Boolean(config.TELEGRAM_BOT_TOKEN || slackEnabled(config));
  const consoleOn = config.CONSOLE ?? !chatTokens;
  // Everything the bot writes is owner-only, whatever the umask it was started with (issue 10): the
  // umask covers files created later (exports, sandbox state); DATA_DIR and the log are made private
  // here, the SQLite files and the lock by the store.
  process.umask(0o077);
  ensurePrivateDir(config.DATA_DIR);
  // On the console, log lines would garble the prompt: they go to a file instead.
  const logFile = join(config.DATA_DIR, 'telephony-bot.log');
  if (consoleOn) ensurePrivateFile(logFile);
  const logger = createLogger({
    level: config.LOG_LEVEL,
    destination: consoleOn ? pino.destination({ dest: logFile, mkdir: true, sync: false }) : undefined,
  });

  // Closed in reverse order on a failed start; the shutdown runs the same list.
  const opened: { name: string; close: () => Promise<void> }[] = [];
  let started = false;
  let health: HealthServer | undefined;
  let runtime: Runtime;
  let channels: ChatChannel[];
  try {
    const port = httpPortOf(config);
    if (port !== undefined) {
      // Up first, so liveness answers during start-up; `/readyz` waits for every check below.
      health = createHealthServer({ port });
      health.addCheck('starting', () => started);
    }
    runtime = await createRuntime(config, logger);
    // Issue 10: not ready while the shared store (Redis) cannot be reached.
    const stores = runtime.stores;
    health?.addCheck('store', () => stores.reachable());
    opened.push({ name: 'provider connections and stores', close: () => runtime.close() });
    channels = await createChatChannels(config, runtime);
    for (const channel of channels) {
      if (channel.mount) {
        if (!health) throw new Error(`${channel.name} needs an HTTP port; set HEALTH_PORT`);
        health.mount(channel.mount.path, channel.mount.handler, { maxBodyBytes: channel.mount.maxBodyBytes });
        // Browser GETs (the OAuth install link and redirect): no body to allow.
        for (const route of channel.routes ?? [])
          health.mount(route.path, route.handler, { maxBodyBytes: 0 });
      }
      health?.addCheck(channel.name, channel.receiving);
    }
    if (health) {
      await health.listen();
      const server = health;
      opened.push({ name: 'HTTP server', close: () => server.close() });
    }
    for (const channel of channels) {
      await channel.start();
      opened.push({ name: channel.name, close: () => channel.stop() });
    }
  } catch (err) {
    await closeAll(opened, START_CLEANUP_MS, logger);
    logger.error({ err: (err as Error)?.name, code: (err as { code?: unknown })?.code }, 'start failed');
    logger.flush?.();
    process.stderr.write(`${startFailureMessage(err, config)}\n`);
    return EXIT.failed;
  }
  // Alerts, call reports and digests: once per tick across instances (lease in the shared store).
  const scheduler = runtime.proactive.schedule({ alerts: config.ALERT_SWEEP_CRON });
  scheduler.start();
  const out = process.stdout;
  const banner = [
    'telephony-bot is running.',
    `  provider: ${runtime.sandbox ? `embedded sandbox at ${runtime.baseUrl} (demo data)` : runtime.baseUrl}`,
    `  store:    ${config.REDIS_URL ? 'Redis' : `SQLite in ${join(config.DATA_DIR, 'telephony-bot.sqlite')}`}`,
    `  channels: ${[...channels.map((c) => c.name), ...(consoleOn ? ['console'] : [])].join(', ') || 'none'}`,
  ];
  if (health) banner.push(`  http:     port ${health.port} (/healthz, /readyz)`);
  if (health && config.SLACK_CLIENT_ID)
    banner.push(`  install:  ${installLinkOf(config, health.port)} (open it once per workspace)`);
  if (runtime.keyCreatedAt)
    banner.push(
      `  generated a master key into ${runtime.keyCreatedAt} (mode 0600); keep it safe, or set BOT_ENCRYPTION_KEY`,
    );
  if (consoleOn) banner.push(`  logs:     ${logFile}`);
  if (!chatTokens) {
    banner.push(
      'Switch channels with TELEGRAM_BOT_TOKEN (Telegram) or SLACK_BOT_TOKEN + SLACK_APP_TOKEN (Slack);',
      'use a real provider with TELEPHONY_BASE_URL. See README "Configuration".',
    );
  }

  let consoleChannel: ReturnType<typeof createConsoleChannel> | undefined;
  let consoleRun: Promise<void> | undefined;
  let stopping: Promise<number> | undefined;
  const shutdown = (signal: string) => {
    stopping ??= (async () => {
      health?.drain();
      logger.info({ signal }, 'shutting down');
      // Shutdown always ends (issue 10): past the bound, whatever is pending is abandoned, by name.
      const pending = new Set<string>(['commands in flight', ...opened.map((o) => o.name)]);
      const deadline = setTimeout(() => {
        logger.error(
          { abandoned: [...pending] },
          `shutdown timed out; abandoned: ${[...pending].join(', ')}`,
        );
        logger.flush?.();
        process.exit(EXIT.failed);
      }, config.SHUTDOWN_TIMEOUT_MS + START_CLEANUP_MS);
      deadline.unref();
      // Stop taking updates, finish what is in flight (bounded), then close pools and stores.
      consoleChannel?.close();
      // A sweep in progress stops between accounts; what it did is claimed, the next sweep goes on.
      const stopScheduler = scheduler.stop();
      await Promise.allSettled(
        channels.map(async (c) => {
          await c.stop();
          pending.delete(c.name);
        }),
      );
      await stopScheduler;
      if (await runtime.core.drain(config.SHUTDOWN_TIMEOUT_MS)) pending.delete('commands in flight');
      // The core answered the line in flight; let the console print that reply before we exit.
      if (consoleRun) await Promise.race([consoleRun, delay(1000)]);
      const rest = opened.filter((o) => pending.has(o.name));
      await closeAll(rest, config.SHUTDOWN_TIMEOUT_MS + START_CLEANUP_MS, logger, pending);
      clearTimeout(deadline);
      logger.info({}, 'stopped');
      logger.flush?.();
      return EXIT.ok;
    })();
    return stopping;
  };
  const onSignal = (signal: NodeJS.Signals) => {
    void shutdown(signal).then((code) => process.exit(code));
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);

  if (consoleOn) {
    consoleChannel = createConsoleChannel({
      core: runtime.core,
      exportDir: join(config.DATA_DIR, 'exports'),
      ...(config.LANG ? { locale: config.LANG } : {}),
    });
    runtime.proactive.attach(consoleChannel.notifier);
    if (runtime.sandbox) await runtime.linkDemo(consoleChannel.identity);
    out.write(`${banner.join('\n')}\nType /help for the commands, /quit to leave.\n`);
    started = true;
    consoleRun = consoleChannel.run();
    await consoleRun;
    if (channels.length === 0) return shutdown('end of input');
    return new Promise<number>(() => {});
  }
  out.write(`${banner.join('\n')}\n`);
  started = true;
  logger.info({ channels: channels.map((c) => c.name) }, 'started');
  return new Promise<number>(() => {});
}

/** Closes in reverse order of opening, each step bounded, never throwing. */
async function closeAll(
  opened: { name: string; close: () => Promise<void> }[],
  boundMs: number,
  logger: { warn(obj: object, msg?: string): void },
  pending?: Set<string>,
): Promise<void> {
  for (const step of [...opened].reverse()) {
    const ok = await Promise.race([
      step.close().then(
        () => true,
        (err: unknown) => {
          logger.warn({ step: step.name, err: (err as Error)?.name }, 'close failed');
          return true;
        },
      ),
      delay(boundMs).then(() => false),
    ]);
    if (ok) pending?.delete(step.name);
    else logger.warn({ step: step.name }, 'close did not finish in time');
  }
}

const delay = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref();
  });

/** Slack's install link (issue 16): on the public host of the redirect URL when set, else this machine. */
function installLinkOf(config: Config, port: number): string {
  const origin = config.SLACK_OAUTH_REDIRECT_URL
    ? new URL(config.SLACK_OAUTH_REDIRECT_URL).origin
    : `http://localhost:${port}`;
  return `${origin}/slack/install`;
}
