import type { SlackChannelOptions, SlackOAuthOptions } from '../adapters/slack/index.js';
import { slackEnabled } from './config/slack.js';
import { teamsEnabled } from './config/teams.js';
import type { Config } from './config.js';
import type { MountedHandler } from './health-server.js';
import type { Runtime } from './runtime.js';

/** A chat channel, created but not started, as the start sequence in `main.ts` drives it. */
export interface ChatChannel {
  name: string;
  /** A handler the bot's HTTP server must serve before `start()` (webhook, Slack HTTP receiver). */
  mount?: { path: string; handler: MountedHandler; maxBodyBytes: number };
  /** Browser routes served beside it (Slack's OAuth install link and redirect, docs/operations.md §5.1). */
  routes?: { path: string; handler: MountedHandler }[];
  /** The bot's username for a deep link into its chat (`t.me/<bot>`), once known (docs/mcp.md §8.2). */
  deepLinkBot?(): string | undefined;
  /** For `/readyz`: true once updates really arrive (docs/operations.md §2.2). */
  receiving(): boolean;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Creates the chat channels the configuration asks for (Telegram, Slack, Teams); config was checked at load.
 * Each adapter is imported only when configured: grammY and bolt are most of the start-up time and
 * memory, and the console defaults need neither (docs/operations.md §1.4, `npm run bench:start`).
 */
export async function createChatChannels(config: Config, runtime: Runtime): Promise<ChatChannel[]> {
  const channels: ChatChannel[] = [];
  if (config.TELEGRAM_BOT_TOKEN)
    channels.push(await telegramChannel(config, runtime, config.TELEGRAM_BOT_TOKEN));
  if (slackEnabled(config)) channels.push(await slackChannel(config, runtime));
  if (teamsEnabled(config)) channels.push(await teamsChannel(config, runtime));
  return channels;
}

/** Telegram, polling or webhook; alerts and call reports reach it once it runs (docs/proactive.md §4.1). */
async function telegramChannel(config: Config, runtime: Runtime, token: string): Promise<ChatChannel> {
  const { core, stores, logger } = runtime;
  const { createTelegramChannel } = await import('../adapters/telegram/index.js');
  const webhookUrl = config.TELEGRAM_WEBHOOK_URL;
  const channel = createTelegramChannel({
    core,
    token,
    mode: config.TELEGRAM_MODE,
    apiRoot: config.TELEGRAM_API_ROOT,
    ephemeral: config.TELEGRAM_EPHEMERAL,
    webhook:
      config.TELEGRAM_MODE === 'webhook' && webhookUrl && config.TELEGRAM_WEBHOOK_SECRET
        ? {
            url: webhookUrl,
            secret: config.TELEGRAM_WEBHOOK_SECRET,
            ...(config.TELEGRAM_WEBHOOK_PATH ? { path: config.TELEGRAM_WEBHOOK_PATH } : {}),
          }
        : undefined,
    dedupe: stores.dedupe,
    // A promised deletion of a PIN or SIP password survives a restart (docs/privacy.md §2.3).
    deletions: stores.proactive.deletions,
    // What each message's command did, so its edit is judged the same on every instance (docs/privacy.md §2.2).
    edits: stores.proactive.claims,
    drainTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    backlog: config.TELEPHONY_BACKLOG,
    // While the shared store is down, /readyz and the webhook answer 503: Telegram redelivers later.
    ready: () => stores.reachable(),
    onApiError: (method, code) => runtime.metrics.platformApiError({ platform: 'telegram', method, code }),
    logger: logger.child({ channel: 'telegram' }),
  });
  return {
    name: `telegram (${config.TELEGRAM_MODE})`,
    ...(channel.webhook ? { mount: channel.webhook } : {}),
    deepLinkBot: () => (channel.bot.isInited() ? channel.bot.botInfo.username : undefined),
    receiving: channel.receiving,
    start: async () => {
      await channel.start();
      runtime.proactive.attach(channel.notifier);
    },
    stop: () => channel.stop(),
  };
}

/** Slack, Socket Mode or HTTP; alerts and call reports reach it once it runs (docs/proactive.md §4.1). */
async function slackChannel(config: Config, runtime: Runtime): Promise<ChatChannel> {
  const { core, stores, logger } = runtime;
  const { createSlackChannel } = await import('../adapters/slack/index.js');
  const channel = createSlackChannel({
    core,
    botToken: config.SLACK_BOT_TOKEN,
    ...slackOAuthOf(config, runtime),
    appToken: config.SLACK_APP_TOKEN,
    signingSecret: config.SLACK_SIGNING_SECRET,
    command: config.SLACK_COMMAND,
    apiUrl: config.SLACK_API_URL,
    dedupe: stores.dedupe,
    stopTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    backlog: config.TELEPHONY_BACKLOG,
    ...(runtime.channelMemory ? { memory: runtime.channelMemory } : {}),
    workObjects: workObjectsOf(config),
    onApiError: (method, code) => runtime.metrics.platformApiError({ platform: 'slack', method, code }),
    logger: logger.child({ channel: 'slack' }),
  });
  return {
    name: `slack (${channel.mode === 'socket' ? 'Socket Mode' : 'HTTP'})`,
    ...(channel.http ? { mount: channel.http } : {}),
    routes: channel.routes,
    receiving: channel.receiving,
    start: async () => {
      await channel.start();
      runtime.proactive.attach(channel.notifier);
    },
    stop: () => channel.stop(),
  };
}

/** Teams on `/api/messages` of the one HTTP server; alerts and call reports reach it once it runs (docs/teams.md). */
async function teamsChannel(config: Config, runtime: Runtime): Promise<ChatChannel> {
  const { core, stores, logger } = runtime;
  const { createTeamsChannel } = await import('../adapters/teams/index.js');
  const channel = createTeamsChannel({
    core,
    appId: config.TEAMS_APP_ID ?? '',
    tenantId: config.TEAMS_TENANT_ID ?? '',
    appPassword: config.TEAMS_APP_PASSWORD,
    sidecarUrl: config.TEAMS_TOKEN_SIDECAR_URL,
    authority: config.TEAMS_AUTHORITY,
    targeted: config.TEAMS_TARGETED,
    ...(runtime.channelMemory ? { memory: runtime.channelMemory } : {}),
    dedupe: stores.dedupe,
    references: stores.references,
    logger: logger.child({ channel: 'teams' }),
  });
  return {
    name: 'teams',
    mount: channel.http,
    receiving: channel.receiving,
    start: async () => {
      runtime.proactive.attach(channel.notifier);
    },
    // Late answers (docs/teams.md §3.4) finish before the process ends, within the shutdown bound.
    stop: async () => {
      await channel.stop(config.SHUTDOWN_TIMEOUT_MS);
    },
  };
}

/**
 * Work Objects (docs/channels.md §2.3): their ids are sealed with a key derived from the bot's own
 * secret: the master key when set, else the Slack signing secret or bot token.
 */
function workObjectsOf(config: Config): SlackChannelOptions['workObjects'] {
  const secret = config.BOT_ENCRYPTION_KEY ?? config.SLACK_SIGNING_SECRET ?? config.SLACK_BOT_TOKEN;
  if (!config.SLACK_UNFURL_DOMAIN || !secret) return undefined;
  return { domain: config.SLACK_UNFURL_DOMAIN, key: new TextEncoder().encode(secret) };
}

/**
 * Installation in many workspaces (docs/operations.md §5.1): the OAuth settings, with the installations kept
 * sealed in the bot's own store. Config was checked at load: both client settings, or neither.
 */
function slackOAuthOf(config: Config, runtime: Runtime): { oauth?: SlackOAuthOptions } {
  if (!config.SLACK_CLIENT_ID || !config.SLACK_CLIENT_SECRET) return {};
  if (!runtime.installations) throw new Error("Slack OAuth needs the bot's own store for its installations");
  return {
    oauth: {
      clientId: config.SLACK_CLIENT_ID,
      clientSecret: config.SLACK_CLIENT_SECRET,
      ...(config.SLACK_STATE_SECRET ? { stateSecret: config.SLACK_STATE_SECRET } : {}),
      ...(config.SLACK_OAUTH_REDIRECT_URL ? { redirectUrl: config.SLACK_OAUTH_REDIRECT_URL } : {}),
      records: runtime.installations,
    },
  };
}
