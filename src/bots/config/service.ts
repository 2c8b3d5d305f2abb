import { z } from 'zod';
import { parseMasterKey } from '../../store/master-key.js';
import { intIn, optionalUrl, port } from './fields.js';

/**
 * Every comma-separated key must be a master key: a wrong length fails the configuration check
 * (exit 2, one message) instead of the store's start later. The rule itself is the store's.
 */
const masterKeys = (name: string) => (value: string, ctx: z.RefinementCtx) => {
  for (const key of value.split(',').filter((k) => k.trim())) {
    try {
      parseMasterKey(key, name);
    } catch {
      // The value is not shown: it may be a real key pasted incompletely.
      ctx.addIssue({
        code: 'custom',
        message: `${name} must be 32 random bytes written as base64 (44 characters) or hex (64 characters); got ${key.trim().length} characters. Generate one, e.g. ${name}="$(openssl rand -base64 32)"`,
      });
      return;
    }
  }
};

/** How the bot itself runs: storage and keys, logging, limits, the HTTP server and shutdown. */
export const serviceSettings = z.object({
  DATA_DIR: z
    .string()
    .default('./data')
    .describe('Where the SQLite store, the generated key and exports live.'),
  BOT_ENCRYPTION_KEY: z
    .string()
    .superRefine(masterKeys('BOT_ENCRYPTION_KEY'))
    .optional()
    .meta({ example: '"$(openssl rand -base64 32)"' })
    .describe(
      'Master key (32 bytes, base64 or hex) for stored credentials. Unset: generated into `<DATA_DIR>/master.key` (0600); required with `REDIS_URL` (every instance the same).',
    ),
  BOT_ENCRYPTION_KEY_PREVIOUS: z
    .string()
    .superRefine(masterKeys('BOT_ENCRYPTION_KEY_PREVIOUS'))
    .optional()
    .meta({ example: '<the old BOT_ENCRYPTION_KEY>' })
    .describe('Comma-separated older master keys that still decrypt, during a key rotation.'),
  REDIS_URL: optionalUrl('REDIS_URL must be a Redis URL, e.g. redis://host:6379', {
    protocols: ['redis', 'rediss'],
  }).describe('Switches every store to Redis, for several instances.'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info')
    .describe('pino log level.'),
  RATE_LIMIT_PER_MINUTE: intIn(0, 10_000)
    .default(30)
    .describe('Commands per user per minute; 0 turns the limit off.'),
  SECRET_DELETE_MINUTES: intIn(1, 2_880)
    .default(10)
    .describe(
      'A Telegram message showing a PIN or SIP password is deleted after this many minutes (Telegram deletes up to 48 h = 2880). Slack and the console cannot delete; there the secret is only a spoiler.',
    ),
  COMMAND_MAX_AGE_MS: intIn(1000, 3_600_000)
    .default(30_000)
    .describe(
      'A command that changes something (a call, a top-up) older than this when it reaches the bot (redelivered after an outage) is not run; its user is asked to send it again. Reads always run.',
    ),
  HEALTH_PORT: port()
    .optional()
    .meta({ example: '8081' })
    .describe(
      'Port of the one HTTP server (`/healthz`, `/readyz`, and the webhook or Slack receiver if any). Default: `TELEGRAM_WEBHOOK_PORT` in webhook mode, else `SLACK_PORT` in Slack HTTP mode, else none.',
    ),
  SHUTDOWN_TIMEOUT_MS: intIn(0, 120_000)
    .default(10_000)
    .describe('How long a shutdown waits for commands in flight.'),
});
