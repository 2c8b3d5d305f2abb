import { z } from 'zod';
import { optionalUrl, port } from './fields.js';

/** The Slack channel: its tokens, Socket Mode or HTTP, and the slash command. */
export const slackSettings = z.object({
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
  SLACK_PORT: port()
    .default(3000)
    .describe('Port of the HTTP server in Slack HTTP mode, unless `HEALTH_PORT` or a webhook port is set.'),
  SLACK_API_URL: optionalUrl('SLACK_API_URL must be a URL ending in /api/').describe(
    'Slack Web API base; the tests point it at a fake.',
  ),
});

/** A bot token needs a way to receive events (Socket Mode or HTTP), and those need a bot token. */
export function slackProblems(c: z.infer<typeof slackSettings>): string[] {
  const problems: string[] = [];
  if (c.SLACK_BOT_TOKEN && !c.SLACK_APP_TOKEN && !c.SLACK_SIGNING_SECRET) {
    problems.push(
      '- SLACK_APP_TOKEN or SLACK_SIGNING_SECRET: Slack needs one, an xapp- token for Socket Mode (default) or the signing secret for HTTP mode',
    );
  }
  if ((c.SLACK_APP_TOKEN || c.SLACK_SIGNING_SECRET) && !c.SLACK_BOT_TOKEN) {
    problems.push('- SLACK_BOT_TOKEN: set the xoxb- bot token too, or remove the other SLACK_ variables');
  }
  return problems;
}
