import { diskErrorOf } from '../store/disk-errors.js';
import type { Config } from './config.js';

/**
 * The one message a failed start prints (docs/operations.md §1.1): what failed, in the
 * platform's own words where there are some, and the fix. Errors are matched on `name` and `code`,
 * so this file needs none of the modules that throw them (the CLI's small commands stay small).
 */
export function startFailureMessage(err: unknown, config: Config | undefined): string {
  const e = err as {
    name?: string;
    code?: string;
    message?: string;
    method?: string;
    errorCode?: number;
    description?: string;
    slackError?: string;
    port?: number;
  };
  const head = 'telephony-bot could not start:';
  if (e.name === 'TelegramSetupError') {
    // "Later" answers (429, 5xx) were retried already; they say nothing about the settings, so
    // only a refusal of the request itself (400 on setWebhook) points at TELEGRAM_WEBHOOK_URL.
    const later = e.errorCode === 429 || (e.errorCode !== undefined && e.errorCode >= 500);
    const fix =
      e.errorCode === 401 || e.errorCode === 404
        ? 'Check TELEGRAM_BOT_TOKEN: copy it again from @BotFather.'
        : later
          ? 'Telegram kept answering "later" through every retry; the settings are not the problem. Start again in a few minutes.'
          : e.method === 'setWebhook'
            ? 'Check TELEGRAM_WEBHOOK_URL: a public https URL on port 443, 80, 88 or 8443, e.g. https://bot.example.com/telegram/webhook.'
            : e.errorCode === undefined
              ? `Check the network and TELEGRAM_API_ROOT (${config?.TELEGRAM_API_ROOT ?? 'https://api.telegram.org'}).`
              : 'Telegram kept refusing; try again later.';
    return `${head} Telegram refused ${e.method}: ${e.description}\n${fix}`;
  }
  if (e.name === 'SlackSetupError') {
    const code = e.slackError ?? '';
    const fix = /invalid_auth|not_authed|account_inactive|token_revoked/.test(code)
      ? e.method === 'apps.connections.open'
        ? 'Check SLACK_APP_TOKEN: an xapp- token with the connections:write scope (Basic Information → App-Level Tokens).'
        : 'Check SLACK_BOT_TOKEN: the xoxb- token on the OAuth & Permissions page.'
      : code.startsWith('not_allowed_token_type')
        ? 'SLACK_APP_TOKEN must be the app-level xapp- token, SLACK_BOT_TOKEN the xoxb- bot token.'
        : code.startsWith('no_answer') || code.startsWith('HTTP')
          ? `Check the network and SLACK_API_URL (${config?.SLACK_API_URL ?? 'https://slack.com/api/'}).`
          : 'Check the Slack app settings (Socket Mode on, scopes installed).';
    return `${head} Slack refused ${e.method}: ${code}\n${fix}`;
  }
  if (e.code === 'EADDRINUSE' && config?.SANDBOX_PORT && e.port === config.SANDBOX_PORT)
    return `${head} the port ${e.port} of the embedded sandbox is in use.\nSet SANDBOX_PORT to a free port (0 picks one), or stop the other process.`;
  if (e.code === 'EADDRINUSE')
    return `${head} the port ${e.port ?? ''} is in use.\nSet HEALTH_PORT (or TELEGRAM_WEBHOOK_PORT / SLACK_PORT) to a free port, or stop the other process.`;
  if (e.code === 'EACCES' && e.port !== undefined)
    return `${head} no permission to listen on port ${e.port}.\nUse a port above 1023 in HEALTH_PORT.`;
  // A disk the bot must write (full, read-only, not ours): the path and the fix, never a bare errno.
  const disk = diskErrorOf(err, config?.DATA_DIR ?? 'DATA_DIR');
  if (disk) return `${head} ${disk.message}`;
  // Store and key errors already name their fix (src/store/errors.ts).
  return `${head} ${e.message ?? String(err)}`;
}
