import { z } from 'zod';
import { intIn, validCron } from './fields.js';

const PER_SECOND = 'must be a number from 0 to 10000 (decimals allowed)';

/** The low-balance sweep: when it runs and how hard it may press on the provider. */
export const alertSettings = z.object({
  ALERT_SWEEP_CRON: z
    .string()
    .trim()
    .default('*/15 * * * *')
    .refine(validCron, 'ALERT_SWEEP_CRON must be a cron pattern in UTC, e.g. */15 * * * * (every 15 minutes)')
    .describe('When the low-balance sweep runs (cron, UTC). Default every 15 minutes.'),
  ALERT_SWEEP_PER_SECOND: z.coerce
    .number({ error: PER_SECOND })
    .min(0, { error: PER_SECOND })
    .max(10_000, { error: PER_SECOND })
    .default(25)
    .describe('Provider calls per second a sweep starts at most (a steady trickle); 0: no pacing.'),
  ALERT_SWEEP_CONCURRENCY: intIn(1, 1024).default(16).describe('Balance reads of a sweep in flight at once.'),
  ALERT_REARM_MARGIN_PERCENT: intIn(0, 1000)
    .default(10)
    .describe(
      'An alert re-arms once the balance is this many percent above the threshold (or after a top-up).',
    ),
});
