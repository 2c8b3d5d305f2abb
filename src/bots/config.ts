import { z } from 'zod';

/**
 * Every environment variable the bot reads, in one zod schema, checked at start-up (style.md).
 * Each `describe()` is the text of the README's configuration table (generated from this schema).
 */
const optionalUrl = (fix: string) =>
  z
    .string()
    .trim()
    .transform((v) => v || undefined)
    .pipe(z.url({ message: fix }).optional())
    .optional();

/**
 * A cron pattern's shape: 5 fields (or 6 with seconds) of digits, names, `*`, `,`, `-`, `/`, `?`,
 * `L`, `W`, `#`. Checked here without loading croner (`config reference` loads the schema only);
 * croner parses it fully when the scheduler starts.
 */
function validCron(pattern: string): boolean {
  const fields = pattern.split(/\s+/);
  return (fields.length === 5 || fields.length === 6) && fields.every((f) => /^[\w*,/?#-]+$/.test(f));
}

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

export const configSchema = z.object({
  NODE_ENV: z
    .string()
    .optional()
    .describe(
      '`production` (the Docker image sets it): starting without `TELEPHONY_BASE_URL` or without a channel is an error, unless `SANDBOX=1`.',
    ),
  SANDBOX: bool
    .optional()
    .describe('`1`: run the embedded demo sandbox on purpose, even with `NODE_ENV=production`.'),
  TELEPHONY_BASE_URL: optionalUrl(
    'TELEPHONY_BASE_URL must be the provider address, e.g. https://api.example.com',
  ).describe('The provider `{base_url}`. Unset: the embedded sandbox runs in-process.'),
  TELEPHONY_CARD_URL: optionalUrl(
    'TELEPHONY_CARD_URL must be a URL, e.g. https://api.example.com/api/rest/v2/',
  ).describe('The card module address (D1). Default `{base_url}/api/rest/v2/`.'),
  TELEPHONY_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(500)
    .max(120_000)
    .default(10_000)
    .describe('Per-attempt provider timeout, ms.'),
  TELEPHONY_CONNECTIONS: z.coerce
    .number()
    .int()
    .min(1)
    .max(4096)
    .default(64)
    .describe('Keep-alive sockets to the provider, shared by all chats; bounds concurrent provider calls.'),
  SANDBOX_PORT: z.coerce
    .number()
    .int()
    .min(0)
    .max(65535)
    .default(0)
    .describe('Port of the embedded sandbox; 0 picks a free one.'),
  SANDBOX_LATENCY_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(600_000)
    .default(0)
    .describe(
      'Extra delay of every embedded-sandbox answer, ms: a slow provider, for trials and the shutdown test.',
    ),
  SANDBOX_DATA: z
    .string()
    .optional()
    .describe('Seed file (YAML/JSON) for the embedded sandbox. Default: the shipped demo data.'),
  SANDBOX_PERSIST: z
    .string()
    .optional()
    .describe('File the embedded sandbox keeps its state in. Default `<DATA_DIR>/sandbox-state.json`.'),
  DATA_DIR: z
    .string()
    .default('./data')
    .describe('Where the SQLite store, the generated key and exports live.'),
  BOT_ENCRYPTION_KEY: z
    .string()
    .optional()
    .describe(
      'Master key (32 bytes, base64 or hex) for stored credentials. Unset: generated into `<DATA_DIR>/master.key` (0600).',
    ),
  BOT_ENCRYPTION_KEY_PREVIOUS: z
    .string()
    .optional()
    .describe('Comma-separated older master keys that still decrypt, during a key rotation.'),
  REDIS_URL: optionalUrl('REDIS_URL must look like redis://host:6379').describe(
    'Switches every store to Redis, for several instances.',
  ),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .describe('pino log level.'),
  RATE_LIMIT_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(0)
    .max(10_000)
    .default(30)
    .describe('Commands per user per minute; 0 turns the limit off.'),
  SECRET_DELETE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(2_880)
    .default(10)
    .describe(
      'A chat message showing a PIN or SIP password is deleted after this many minutes (Telegram deletes up to 48 h = 2880).',
    ),
  COMMAND_MAX_AGE_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .max(3_600_000)
    .default(30_000)
    .describe(
      'A command older than this when it reaches the bot (redelivered after an outage) is not run; its user is asked to send it again.',
    ),
  HEALTH_PORT: z.coerce
    .number()
    .int()
    .min(0)
    .max(65535)
    .optional()
    .describe(
      'Port of the one HTTP server (`/healthz`, `/readyz`, and the webhook or Slack receiver if any). Default: `TELEGRAM_WEBHOOK_PORT` in webhook mode, else `SLACK_PORT` in Slack HTTP mode, else none.',
    ),
  SHUTDOWN_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(120_000)
    .default(10_000)
    .describe('How long a shutdown waits for commands in flight.'),
  ALERT_SWEEP_CRON: z
    .string()
    .trim()
    .default('*/15 * * * *')
    .refine(validCron, 'ALERT_SWEEP_CRON must be a cron pattern in UTC, e.g. */15 * * * * (every 15 minutes)')
    .describe('When the low-balance sweep runs (cron, UTC). Default every 15 minutes.'),
  ALERT_SWEEP_PER_SECOND: z.coerce
    .number()
    .min(0)
    .max(10_000)
    .default(25)
    .describe('Provider calls per second a sweep starts at most (a steady trickle); 0: no pacing.'),
  ALERT_SWEEP_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(1024)
    .default(16)
    .describe('Balance reads of a sweep in flight at once.'),
  ALERT_REARM_MARGIN_PERCENT: z.coerce
    .number()
    .int()
    .min(0)
    .max(1000)
    .default(10)
    .describe(
      'An alert re-arms once the balance is this many percent above the threshold (or after a top-up).',
    ),
  CONSOLE: bool
    .optional()
    .describe('Run the console channel. Default: on when no Telegram or Slack token is set.'),
  LANG: z
    .string()
    .optional()
    .describe(
      "The console's language, e.g. `de_DE.UTF-8` for German (`/language` overrides it). Telegram and Slack users get their own.",
    ),
  TELEGRAM_BOT_TOKEN: z
    .string()
    .regex(
      /^\d+:[\w-]{20,}$/,
      'TELEGRAM_BOT_TOKEN looks wrong: copy it from @BotFather, it looks like 123456:ABC-DEF…',
    )
    .optional()
    .describe('Enables the Telegram channel.'),
  TELEGRAM_MODE: z
    .enum(['polling', 'webhook'])
    .default('polling')
    .describe('`polling` (default) or `webhook`.'),
  TELEGRAM_WEBHOOK_URL: optionalUrl(
    'TELEGRAM_WEBHOOK_URL must be the public https URL Telegram posts to, e.g. https://bot.example.com/telegram/webhook',
  )
    // Telegram refuses anything else ("An HTTPS URL must be provided for webhook", Bot API setWebhook).
    .refine((v) => v === undefined || v.startsWith('https://'), {
      message:
        'TELEGRAM_WEBHOOK_URL must start with https:// (Telegram posts only to HTTPS), e.g. https://bot.example.com/telegram/webhook',
    })
    .describe('Public https URL Telegram posts updates to (webhook mode); its path is the one served.'),
  TELEGRAM_WEBHOOK_PATH: z
    .string()
    .regex(/^\/[\w./-]*$/, 'TELEGRAM_WEBHOOK_PATH must be a path such as /telegram/webhook')
    .optional()
    .describe(
      'The local path the webhook is served on, when a proxy rewrites it. Default: the path of `TELEGRAM_WEBHOOK_URL`.',
    ),
  TELEGRAM_WEBHOOK_SECRET: z
    .string()
    .regex(
      /^[A-Za-z0-9_-]{16,256}$/,
      'TELEGRAM_WEBHOOK_SECRET must be 16-256 characters of A-Z, a-z, 0-9, _ and -',
    )
    .optional()
    .describe('Checked against `X-Telegram-Bot-Api-Secret-Token` (webhook mode).'),
  TELEGRAM_WEBHOOK_PORT: z.coerce
    .number()
    .int()
    .min(0)
    .max(65535)
    .default(8080)
    .describe('Port of the HTTP server in webhook mode, unless `HEALTH_PORT` is set.'),
  TELEGRAM_API_ROOT: optionalUrl('TELEGRAM_API_ROOT must be a URL such as http://127.0.0.1:8081').describe(
    'A local Bot API server (and the tests). Default `https://api.telegram.org`.',
  ),
  SLACK_BOT_TOKEN: z
    .string()
    .regex(/^xoxb-/, 'SLACK_BOT_TOKEN must start with xoxb- (OAuth & Permissions page)')
    .optional()
    .describe('Enables the Slack channel.'),
  SLACK_APP_TOKEN: z
    .string()
    .regex(/^xapp-/, 'SLACK_APP_TOKEN must start with xapp- (Basic Information → App-Level Tokens)')
    .optional()
    .describe('Socket Mode (the default).'),
  SLACK_SIGNING_SECRET: z
    .string()
    .min(16, 'SLACK_SIGNING_SECRET is on the Basic Information page')
    .optional()
    .describe('HTTP mode: verifies Slack signatures.'),
  SLACK_COMMAND: z
    .string()
    .regex(/^\/[a-z0-9_-]{1,31}$/, 'SLACK_COMMAND must look like /tel')
    .default('/tel')
    .describe('The slash command.'),
  SLACK_PORT: z.coerce
    .number()
    .int()
    .min(0)
    .max(65535)
    .default(3000)
    .describe('Port of the HTTP server in Slack HTTP mode, unless `HEALTH_PORT` or a webhook port is set.'),
  SLACK_API_URL: optionalUrl('SLACK_API_URL must be a URL ending in /api/').describe(
    'Slack Web API base; the tests point it at a fake.',
  ),
});

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and checks the environment once. Errors name the variable and the fix. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const relevant = Object.fromEntries(
    Object.keys(configSchema.shape)
      .filter((k) => env[k] !== undefined && env[k] !== '')
      .map((k) => [k, env[k]]),
  );
  const parsed = configSchema.safeParse(relevant);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `- ${String(i.path[0] ?? '')}: ${i.message}`);
    throw new ConfigError(`The configuration is not valid:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const problems: string[] = [];
  if (c.TELEGRAM_MODE === 'webhook' && c.TELEGRAM_BOT_TOKEN) {
    if (!c.TELEGRAM_WEBHOOK_URL)
      problems.push(
        '- TELEGRAM_WEBHOOK_URL: set it to your public https URL ending in /telegram/webhook, or use TELEGRAM_MODE=polling',
      );
    if (!c.TELEGRAM_WEBHOOK_SECRET)
      problems.push(
        '- TELEGRAM_WEBHOOK_SECRET: webhook mode needs a secret; generate one with `openssl rand -hex 32`',
      );
  }
  if (c.SLACK_BOT_TOKEN && !c.SLACK_APP_TOKEN && !c.SLACK_SIGNING_SECRET) {
    problems.push(
      '- SLACK_APP_TOKEN or SLACK_SIGNING_SECRET: Slack needs one, an xapp- token for Socket Mode (default) or the signing secret for HTTP mode',
    );
  }
  if ((c.SLACK_APP_TOKEN || c.SLACK_SIGNING_SECRET) && !c.SLACK_BOT_TOKEN) {
    problems.push('- SLACK_BOT_TOKEN: set the xoxb- bot token too, or remove the other SLACK_ variables');
  }
  if (c.NODE_ENV === 'production' && !c.SANDBOX) {
    // The image must never serve the demo by accident (issue 12).
    if (!c.TELEPHONY_BASE_URL)
      problems.push(
        '- TELEPHONY_BASE_URL: NODE_ENV=production needs the provider address, e.g. https://api.example.com (or SANDBOX=1 to run the demo sandbox on purpose)',
      );
    if (!c.TELEGRAM_BOT_TOKEN && !c.SLACK_BOT_TOKEN && !c.CONSOLE)
      problems.push(
        '- TELEGRAM_BOT_TOKEN or SLACK_BOT_TOKEN: NODE_ENV=production needs a channel (or SANDBOX=1 for the demo, CONSOLE=1 for the console)',
      );
  }
  if (problems.length) throw new ConfigError(`The configuration is not valid:\n${problems.join('\n')}`);
  return c;
}

/**
 * The port of the bot's one HTTP server: HEALTH_PORT, else the Telegram webhook's, else the Slack
 * HTTP receiver's; undefined when nothing needs one (polling or Socket Mode without HEALTH_PORT).
 */
export function httpPortOf(c: Config): number | undefined {
  if (c.HEALTH_PORT !== undefined) return c.HEALTH_PORT;
  if (c.TELEGRAM_BOT_TOKEN && c.TELEGRAM_MODE === 'webhook') return c.TELEGRAM_WEBHOOK_PORT;
  if (c.SLACK_BOT_TOKEN && !c.SLACK_APP_TOKEN) return c.SLACK_PORT;
  return undefined;
}

/** One Markdown table row per variable, for the README (a test keeps the two in step). */
export function configReferenceMarkdown(): string {
  const rows = Object.entries(configSchema.shape).map(([name, schema]) => {
    const s = schema as z.ZodType & { description?: string };
    const def = (() => {
      const r = s.safeParse(undefined);
      return r.success && r.data !== undefined ? `\`${String(r.data)}\`` : '';
    })();
    return `| \`${name}\` | ${def} | ${s.description ?? ''} |`;
  });
  return ['| variable | default | meaning |', '|---|---|---|', ...rows].join('\n');
}
