import { z } from 'zod';
import { optionalUrl, port } from './fields.js';

/** The Slack channel: its tokens, Socket Mode or HTTP, and the slash command. */
export const slackSettings = z.object({
  SLACK_BOT_TOKEN: z
    .string()
    .regex(/^xoxb-/, 'SLACK_BOT_TOKEN must start with xoxb- (OAuth & Permissions page)')
    .optional()
    .meta({ example: 'xoxb-1234567890-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx' })
    .describe('Enables the Slack channel.'),
  SLACK_APP_TOKEN: z
    .string()
    .regex(/^xapp-/, 'SLACK_APP_TOKEN must start with xapp- (Basic Information → App-Level Tokens)')
    .optional()
    .meta({ example: 'xapp-1-A0123456789-1234567890123-0123abcd' })
    .describe('Socket Mode (the default).'),
  SLACK_SIGNING_SECRET: z
    .string()
    .min(16, 'SLACK_SIGNING_SECRET is on the Basic Information page')
    .optional()
    .meta({ example: '8f742231b10e8888abcd99yyyzzz85a5' })
    .describe('HTTP mode: verifies Slack signatures.'),
  SLACK_COMMAND: z
    .string()
    .regex(/^\/[a-z0-9_-]{1,31}$/, 'SLACK_COMMAND must look like /tel')
    .default('/tel')
    .describe('The slash command.'),
  SLACK_PORT: port()
    .default(3000)
    .describe('Port of the HTTP server in Slack HTTP mode, unless `HEALTH_PORT` or a webhook port is set.'),
  SLACK_API_URL: optionalUrl('SLACK_API_URL must be a URL ending in /api/, e.g. https://slack.com/api/', {
    protocols: ['http', 'https'],
  }).describe('Slack Web API base; the tests point it at a fake.'),
  SLACK_UNFURL_DOMAIN: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'SLACK_UNFURL_DOMAIN is a host name, e.g. bot.example.com')
    .optional()
    .meta({ example: 'bot.example.com' })
    .describe(
      "Work Objects: links `https://<domain>/wo/<id>` to a card or a call unfurl in Slack (the manifest's `unfurl_domains`; docs/channels.md §2.3). Unset: off.",
    ),
  SLACK_CLIENT_ID: z
    .string()
    .trim()
    .regex(
      /^\d+\.\d+$/,
      'SLACK_CLIENT_ID looks like 1234567890.1234567890 (Basic Information → App Credentials)',
    )
    .optional()
    .meta({ example: '1234567890.1234567890' })
    .describe(
      'Installation in many workspaces (HTTP mode): with `SLACK_CLIENT_SECRET`, serves `/slack/install` and `/slack/oauth_redirect`; each workspace gets its own token, so `SLACK_BOT_TOKEN` stays unset.',
    ),
  SLACK_CLIENT_SECRET: z
    .string()
    .trim()
    .min(16, 'SLACK_CLIENT_SECRET is on the Basic Information page (App Credentials)')
    .optional()
    .meta({ example: '0123456789abcdef0123456789abcdef' })
    .describe('The OAuth client secret, with `SLACK_CLIENT_ID`.'),
  SLACK_STATE_SECRET: z
    .string()
    .min(16, 'SLACK_STATE_SECRET must be at least 16 characters, e.g. from `openssl rand -hex 32`')
    .optional()
    .describe(
      "Signs the install link's `state` (valid 10 minutes). Default: derived from `SLACK_CLIENT_SECRET`; set the same value on every instance if you set it.",
    ),
  SLACK_OAUTH_REDIRECT_URL: optionalUrl(
    'SLACK_OAUTH_REDIRECT_URL must be the public URL Slack redirects to, e.g. https://bot.example.com/slack/oauth_redirect',
  ).describe(
    "The public redirect URL (one of the manifest's `redirect_urls`); its path is the one served. Default: Slack uses the manifest's first, served on `/slack/oauth_redirect`.",
  ),
});

/** Slack runs: one workspace (`SLACK_BOT_TOKEN`) or many (OAuth, `SLACK_CLIENT_ID`). */
export function slackEnabled(c: z.infer<typeof slackSettings>): boolean {
  return Boolean(c.SLACK_BOT_TOKEN || c.SLACK_CLIENT_ID);
}

/** A bot token needs a way to receive events (Socket Mode or HTTP), and those need a bot token. */
export function slackProblems(c: z.infer<typeof slackSettings>): string[] {
  const problems: string[] = [];
  if (c.SLACK_BOT_TOKEN && !c.SLACK_APP_TOKEN && !c.SLACK_SIGNING_SECRET) {
    problems.push(
      '- SLACK_APP_TOKEN or SLACK_SIGNING_SECRET: Slack needs one, an xapp- token for Socket Mode (default) or the signing secret for HTTP mode, e.g. SLACK_APP_TOKEN=xapp-1-A0123456789-1234567890123-0123abcd',
    );
  }
  if ((c.SLACK_APP_TOKEN || c.SLACK_SIGNING_SECRET) && !slackEnabled(c)) {
    problems.push(
      '- SLACK_BOT_TOKEN: set the xoxb- bot token too, e.g. SLACK_BOT_TOKEN=xoxb-1234567890-1234567890123-AbCdEf, or remove the other SLACK_ variables',
    );
  }
  return [...problems, ...oauthProblems(c)];
}

/** OAuth is all or nothing, and runs in HTTP mode with each installation's own token (docs/operations.md §5.1). */
function oauthProblems(c: z.infer<typeof slackSettings>): string[] {
  const problems: string[] = [];
  if (Boolean(c.SLACK_CLIENT_ID) !== Boolean(c.SLACK_CLIENT_SECRET))
    problems.push(
      `- ${c.SLACK_CLIENT_ID ? 'SLACK_CLIENT_SECRET' : 'SLACK_CLIENT_ID'}: installation in many workspaces needs both SLACK_CLIENT_ID and SLACK_CLIENT_SECRET (Basic Information → App Credentials), e.g. ${c.SLACK_CLIENT_ID ? 'SLACK_CLIENT_SECRET=0123456789abcdef0123456789abcdef' : 'SLACK_CLIENT_ID=1234567890.1234567890'}`,
    );
  if (!c.SLACK_CLIENT_ID) {
    for (const name of ['SLACK_STATE_SECRET', 'SLACK_OAUTH_REDIRECT_URL'] as const)
      if (c[name])
        problems.push(
          `- ${name}: only used with SLACK_CLIENT_ID and SLACK_CLIENT_SECRET; set those (e.g. SLACK_CLIENT_ID=1234567890.1234567890) or remove it`,
        );
    return problems;
  }
  if (c.SLACK_BOT_TOKEN)
    problems.push(
      "- SLACK_BOT_TOKEN: with SLACK_CLIENT_ID each workspace's token comes from its installation; remove SLACK_BOT_TOKEN and install through /slack/install, e.g. https://bot.example.com/slack/install",
    );
  if (c.SLACK_APP_TOKEN)
    problems.push(
      '- SLACK_APP_TOKEN: installation in many workspaces runs in HTTP mode; remove SLACK_APP_TOKEN and set SLACK_SIGNING_SECRET, e.g. SLACK_SIGNING_SECRET=8f742231b10e8888abcd99yyyzzz85a5',
    );
  if (!c.SLACK_SIGNING_SECRET)
    problems.push(
      '- SLACK_SIGNING_SECRET: installation in many workspaces runs in HTTP mode; set the signing secret (Basic Information → App Credentials), e.g. SLACK_SIGNING_SECRET=8f742231b10e8888abcd99yyyzzz85a5',
    );
  if (c.SLACK_OAUTH_REDIRECT_URL && !secureOrLoopback(c.SLACK_OAUTH_REDIRECT_URL))
    problems.push(
      '- SLACK_OAUTH_REDIRECT_URL: Slack redirects only to https, and the install link ties its state to the browser with a Secure cookie, which a browser keeps only for https; use e.g. https://bot.example.com/slack/oauth_redirect (TLS ends at your proxy)',
    );
  return problems;
}

/** https, or plain http to this machine (a local trial: browsers count loopback as secure). */
function secureOrLoopback(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  return protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(hostname);
}
