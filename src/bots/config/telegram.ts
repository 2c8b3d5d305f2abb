import { z } from 'zod';
import { optionalUrl, port } from './fields.js';

/** The Telegram channel: its token, and polling or webhook. */
export const telegramSettings = z.object({
  TELEGRAM_BOT_TOKEN: z
    .string()
    .regex(
      /^\d+:[\w-]{20,}$/,
      'TELEGRAM_BOT_TOKEN looks wrong: copy it from @BotFather, it looks like 123456:ABC-DEF…',
    )
    .optional()
    .meta({ example: '123456789:AAEhBOweik9ai2o4a5o6i7aAbCdEfGhIjKl' })
    .describe('Enables the Telegram channel.'),
  TELEGRAM_MODE: z
    .enum(['polling', 'webhook'], { error: 'must be polling or webhook' })
    .default('polling')
    .describe('`polling` (default) or `webhook`.'),
  TELEGRAM_WEBHOOK_URL: optionalUrl(
    'TELEGRAM_WEBHOOK_URL must be the public https URL Telegram posts to, e.g. https://bot.example.com/telegram/webhook',
  )
    // Telegram refuses anything else ("An HTTPS URL must be provided for webhook", Bot API setWebhook).
    // zod runs it after a failed URL check too: one message per problem.
    .refine((v) => v === undefined || !URL.canParse(v) || v.startsWith('https://'), {
      message:
        'TELEGRAM_WEBHOOK_URL must start with https:// (Telegram posts only to HTTPS), e.g. https://bot.example.com/telegram/webhook',
    })
    .describe('Public https URL Telegram posts updates to (webhook mode); its path is the one served.'),
  TELEGRAM_WEBHOOK_PATH: z
    .string()
    .regex(/^\/[\w./-]*$/, 'TELEGRAM_WEBHOOK_PATH must be a path such as /telegram/webhook')
    .optional()
    .meta({ example: '/telegram/webhook' })
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
    .meta({ example: '"$(openssl rand -hex 32)"' })
    .describe('Checked against `X-Telegram-Bot-Api-Secret-Token` (webhook mode).'),
  TELEGRAM_WEBHOOK_PORT: port()
    .default(8080)
    .describe('Port of the HTTP server in webhook mode, unless `HEALTH_PORT` is set.'),
  TELEGRAM_API_ROOT: optionalUrl('TELEGRAM_API_ROOT must be a URL, e.g. http://127.0.0.1:8081', {
    protocols: ['http', 'https'],
  }).describe('A local Bot API server (and the tests). Default `https://api.telegram.org`.'),
  TELEGRAM_EPHEMERAL: z
    .enum(['auto', 'on', 'off'], { error: 'must be auto, on or off' })
    .default('auto')
    .describe(
      'Personal answers asked in a group shown to the asker alone (ephemeral messages, Bot API 10.2): `auto` (default) asks the server at start and keeps them off until it knows, `on`, or `off` (the private chat). See docs/privacy.md §1.7.',
    ),
});

/** Webhook mode needs the public URL and the secret Telegram echoes back (Bot API setWebhook). */
export function telegramProblems(c: z.infer<typeof telegramSettings>): string[] {
  if (c.TELEGRAM_MODE !== 'webhook' || !c.TELEGRAM_BOT_TOKEN) return [];
  const problems: string[] = [];
  if (!c.TELEGRAM_WEBHOOK_URL)
    problems.push(
      '- TELEGRAM_WEBHOOK_URL: set it to your public https URL, e.g. https://bot.example.com/telegram/webhook, or use TELEGRAM_MODE=polling',
    );
  if (!c.TELEGRAM_WEBHOOK_SECRET)
    problems.push(
      '- TELEGRAM_WEBHOOK_SECRET: webhook mode needs a secret; generate one with `openssl rand -hex 32`, e.g. TELEGRAM_WEBHOOK_SECRET="$(openssl rand -hex 32)"',
    );
  return problems;
}
