import type { Logger } from 'pino';
import type { JobDepths, JobScheduler } from '../core/ports/jobs.js';
import type { Config } from './config.js';
import type { HealthServer } from './health-server.js';
import type { Runtime } from './runtime.js';

/** The proactive jobs as started: stopped by the shutdown, read by `/readyz` (and a metrics endpoint). */
export interface StartedJobs extends JobScheduler {
  /** `bullmq` with REDIS_URL, else `in-process`. */
  readonly backend: 'bullmq' | 'in-process';
  /**
   * The queue's depths as last read (every 5 s), without a round trip; in process there is no queue
   * and everything is zero. `/metrics` exports them (`telephony_bot_queue_depth`).
   */
  depths(): JobDepths;
}

const NO_QUEUE: JobDepths = { waiting: 0, active: 0, delayed: 0, failed: 0, completedHere: 0, failedHere: 0 };

/**
 * Alerts, call reports and digests (docs/proactive.md §5). With REDIS_URL they are
 * BullMQ jobs shared by every instance, loaded only then (so `npm start` loads no bullmq); without,
 * croner schedules them in process under a lease in the store. Both run the core's same jobs.
 */
export async function startJobs(
  config: Config,
  runtime: Runtime,
  logger: Logger,
  health: HealthServer | undefined,
): Promise<StartedJobs> {
  if (!config.REDIS_URL) {
    const scheduler = runtime.proactive.schedule({ alerts: config.ALERT_SWEEP_CRON });
    scheduler.start();
    return { backend: 'in-process', start() {}, stop: () => scheduler.stop(), depths: () => NO_QUEUE };
  }
  const { createBullmqJobs } = await import('../jobs/bullmq-jobs.js');
  const jobs = createBullmqJobs({
    url: config.REDIS_URL,
    kinds: runtime.proactive.jobKinds({ alerts: config.ALERT_SWEEP_CRON }),
    perSecond: config.JOBS_PER_SECOND,
    concurrency: config.JOBS_CONCURRENCY,
    retry: { attempts: config.JOBS_ATTEMPTS },
    logger: logger.child({ component: 'jobs' }),
  });
  try {
    await jobs.start();
  } catch (err) {
    await jobs.stop().catch(() => undefined);
    throw err;
  }
  health?.addDetail('jobs', () => describeDepths(jobs.depths()));
  // `/metrics`: `telephony_bot_queue_depth{queue="proactive"}` (waiting + delayed) and the failed set.
  runtime.metrics.addQueueDepth('proactive', () => jobs.depths().waiting + jobs.depths().delayed);
  runtime.metrics.addQueueDepth('proactive-failed', () => jobs.depths().failed);
  return { backend: 'bullmq', start() {}, stop: () => jobs.stop(), depths: () => jobs.depths() };
}

/** `/readyz`'s line: `jobs: 12 waiting, 3 active, 0 delayed, 1 failed; here 140 done, 0 failed`. */
export function describeDepths(d: JobDepths): string {
  return (
    `${d.waiting} waiting, ${d.active} active, ${d.delayed} delayed, ${d.failed} failed; ` +
    `here ${d.completedHere} done, ${d.failedHere} failed`
  );
}
