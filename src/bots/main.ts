import { join } from 'node:path';
import pino from 'pino';
import { createConsoleChannel } from '../adapters/console/console-channel.js';
import { ensurePrivateDir, ensurePrivateFile } from '../store/index.js';
import { type RunningChannel, startChatChannels } from './channels.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import { createHealthServer, type HealthServer } from './health-server.js';
import { createLogger } from './logger.js';
import { createRuntime } from './runtime.js';

/**
 * `npm start`: with no tokens, the embedded sandbox plus the console channel, with the demo account
 * linked; with TELEGRAM_/SLACK_ tokens, those channels; with TELEPHONY_BASE_URL, the real provider.
 */
export async function main(env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let config: Config;
  try {
    config = loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      return 2;
    }
    throw err;
  }
  const chatTokens = Boolean(config.TELEGRAM_BOT_TOKEN || config.SLACK_BOT_TOKEN);
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
  // Up before the runtime, so liveness answers during start-up; ready only once channels run.
  let ready = false;
  let health: HealthServer | undefined;
  // One health server for every channel; the Telegram webhook server serves its own paths too.
  if (config.HEALTH_PORT !== undefined) {
    health = createHealthServer({ port: config.HEALTH_PORT, ready: () => ready });
    await health.listen();
  }
  const runtime = await createRuntime(config, logger).catch(async (err: unknown) => {
    await health?.close(); // a listening server would keep a failed start alive
    throw err;
  });
  const channels: RunningChannel[] = await startChatChannels(config, runtime).catch(async (err: unknown) => {
    await runtime.close();
    await health?.close();
    throw err;
  });
  const out = process.stdout;
  const banner = [
    'telephony-bot is running.',
    `  provider: ${runtime.sandbox ? `embedded sandbox at ${runtime.baseUrl} (demo data)` : runtime.baseUrl}`,
    `  store:    ${config.REDIS_URL ? 'Redis' : `SQLite in ${join(config.DATA_DIR, 'telephony-bot.sqlite')}`}`,
    `  channels: ${[...channels.map((c) => c.name), ...(consoleOn ? ['console'] : [])].join(', ') || 'none'}`,
  ];
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
      ready = false;
      logger.info({ signal }, 'shutting down');
      // Stop taking updates, finish what is in flight (bounded), then close pools and stores.
      consoleChannel?.close();
      await Promise.allSettled(channels.map((c) => c.stop()));
      await runtime.core.drain(config.SHUTDOWN_TIMEOUT_MS);
      // The core answered the line in flight; let the console print that reply before we exit.
      if (consoleRun) await Promise.race([consoleRun, delay(1000)]);
      await runtime.close();
      await health?.close();
      logger.info({}, 'stopped');
      logger.flush?.();
      return 0;
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
    });
    if (runtime.sandbox) await runtime.linkDemo(consoleChannel.identity);
    out.write(`${banner.join('\n')}\nType /help for the commands, /quit to leave.\n`);
    ready = true;
    consoleRun = consoleChannel.run();
    await consoleRun;
    if (channels.length === 0) return shutdown('end of input');
    return new Promise<number>(() => {});
  }
  out.write(`${banner.join('\n')}\n`);
  ready = true;
  return new Promise<number>(() => {});
}

const delay = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref();
  });
