import { z } from 'zod';
import { bool } from './fields.js';

/** The console channel. */
export const consoleSettings = z.object({
  CONSOLE: bool
    .optional()
    .meta({ example: '1' })
    .describe('Run the console channel. Default: on when no Telegram or Slack token is set.'),
  LANG: z
    .string()
    .optional()
    .describe(
      "The console's language, e.g. `de_DE.UTF-8` for German (`/language` overrides it). Telegram and Slack users get their own.",
    ),
});
