import { createSlackChannel } from '../adapters/slack/index.js';
import { createTelegramChannel } from '../adapters/telegram/index.js';
import type { Config } from './config.js';
import type { Runtime } from './runtime.js';

export interface RunningChannel {
  name: string;
  stop(): Promise<void>;
}

/** Starts the chat channels the configuration asks for (Telegram, Slack); config was checked at load. */
export async function startChatChannels(config: Config, runtime: Runtime): Promise<RunningChannel[]> {
  const running: RunningChannel[] = [];
  const { core, stores, logger } = runtime;
  if (config.TELEGRAM_BOT_TOKEN) {
    const webhookUrl = config.TELEGRAM_WEBHOOK_URL;
    const channel = createTelegramChannel({
      core,
      token: config.TELEGRAM_BOT_TOKEN,
      mode: config.TELEGRAM_MODE,
      apiRoot: config.TELEGRAM_API_ROOT,
      webhook:
        config.TELEGRAM_MODE === 'webhook' && webhookUrl && config.TELEGRAM_WEBHOOK_SECRET
          ? { url: webhookUrl, secret: config.TELEGRAM_WEBHOOK_SECRET, port: config.TELEGRAM_WEBHOOK_PORT }
          : undefined,
      health:
        config.TELEGRAM_MODE === 'polling' && config.HEALTH_PORT !== undefined
          ? { port: config.HEALTH_PORT }
          : undefined,
      dedupe: stores.dedupe,
      settings: stores.settings,
      logger: logger.child({ channel: 'telegram' }),
    });
    await channel.start();
    running.push({ name: `telegram (${config.TELEGRAM_MODE})`, stop: () => channel.stop() });
  }
  if (config.SLACK_BOT_TOKEN) {
    const channel = createSlackChannel({
      core,
      botToken: config.SLACK_BOT_TOKEN,
      appToken: config.SLACK_APP_TOKEN,
      signingSecret: config.SLACK_SIGNING_SECRET,
      command: config.SLACK_COMMAND,
      apiUrl: config.SLACK_API_URL,
      port: config.SLACK_PORT,
      dedupe: stores.dedupe,
      logger: logger.child({ channel: 'slack' }),
    });
    await channel.start();
    running.push({
      name: `slack (${channel.mode === 'socket' ? 'Socket Mode' : 'HTTP'})`,
      stop: () => channel.stop(),
    });
  }
  return running;
}
