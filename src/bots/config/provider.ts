import { z } from 'zod';
import { bool, intIn, optionalUrl, port } from './fields.js';

/** Where the provider is (or the embedded sandbox that stands in for it), and how it is reached. */
export const providerSettings = z.object({
  NODE_ENV: z
    .string()
    .optional()
    .meta({ example: 'production' })
    .describe(
      '`production` (the Docker image sets it): starting without `TELEPHONY_BASE_URL` or without a channel is an error, unless `SANDBOX=1`.',
    ),
  SANDBOX: bool
    .optional()
    .meta({ example: '1' })
    .describe('`1`: run the embedded demo sandbox on purpose, even with `NODE_ENV=production`.'),
  TELEPHONY_BASE_URL: optionalUrl(
    'TELEPHONY_BASE_URL must be the provider address, e.g. https://api.example.com',
    // The client appends api/rest/v2/ and api/rest/v3/ (spec 4): a path here would double them.
    { protocols: ['http', 'https'], originOnly: true },
  ).describe('The provider `{base_url}`. Unset: the embedded sandbox runs in-process.'),
  TELEPHONY_CARD_URL: optionalUrl(
    'TELEPHONY_CARD_URL must be a URL, e.g. https://api.example.com/api/rest/v2/',
    { protocols: ['http', 'https'] },
  ).describe('The card module address (D1). Default `{base_url}/api/rest/v2/`.'),
  TELEPHONY_TIMEOUT_MS: intIn(500, 120_000).default(10_000).describe('Per-attempt provider timeout, ms.'),
  TELEPHONY_CONNECTIONS: intIn(1, 4096)
    .default(64)
    .describe('Keep-alive sockets to the provider, shared by all chats; bounds concurrent provider calls.'),
  TELEPHONY_BACKLOG: intIn(1, 1_000_000)
    .default(1024)
    .describe(
      'Work waiting per instance (provider calls waiting for a socket, or webhook updates taken and not yet handled) beyond which new work is turned away: the Telegram webhook answers 503 (Telegram delivers again later), a Slack command gets "busy, try again" (in the user\'s language if the bot has seen them, else in English and German). Waiting calls are served in fair turns by account.',
    ),
  SANDBOX_PORT: port().default(0).describe('Port of the embedded sandbox; 0 picks a free one.'),
  SANDBOX_LATENCY_MS: intIn(0, 600_000)
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
});
