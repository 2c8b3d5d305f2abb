import { z } from 'zod';
import { intIn } from './fields.js';

/**
 * The proactive jobs on BullMQ (with `REDIS_URL`; docs/proactive.md §5). The rate is the
 * provider's protection: 150 jobs a second across every instance (each job about one provider
 * call) is 100,000 watched accounts in about 11 minutes, inside the 15-minute sweep interval.
 */
export const jobSettings = z.object({
  JOBS_PER_SECOND: intIn(1, 10_000)
    .default(150)
    .describe(
      'With REDIS_URL: proactive jobs (about one provider call each) started per second across all instances.',
    ),
  JOBS_CONCURRENCY: intIn(1, 1024)
    .default(48)
    .describe(
      'With REDIS_URL: proactive jobs one instance runs at once; the default leaves 16 of the 64 TELEPHONY_CONNECTIONS to commands.',
    ),
  JOBS_ATTEMPTS: intIn(1, 50)
    .default(6)
    .describe(
      'With REDIS_URL: tries of a proactive job (backoff from 5 s, doubling) before it lands in the failed set (`telephony-bot jobs failed`).',
    ),
});
