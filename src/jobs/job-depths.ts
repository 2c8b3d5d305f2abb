import type { Job, Queue, Worker } from 'bullmq';
import type { CoreLogger } from '../core/logs/logger.js';
import { errorSummary } from '../core/logs/safe-error.js';
import type { JobDepths } from '../core/ports/jobs.js';
import type { JobData } from './job-options.js';

/** Options of {@link createDepthWatch}. */
export interface DepthWatchOptions {
  queue: Queue<JobData, unknown, string>;
  logger: CoreLogger;
  everyMs: number;
}

/** The queue's depths, read every few seconds, and this instance's rates, logged once a minute. */
export interface DepthWatch {
  /** Counts this worker's finished and failed jobs. */
  follow(worker: Worker<JobData, unknown, string>): void;
  start(): void;
  stop(): void;
  current(): JobDepths;
  read(): Promise<JobDepths>;
}

const LOG_EVERY_MS = 60_000;

/**
 * Operator visibility (docs/operations.md §4.2): `/readyz` shows the last depths read; one log line a
 * minute (only while there is work) gives depths and this instance's jobs per minute; a job that
 * failed for good is logged (the first of each minute with its reason, the rest counted).
 */
export function createDepthWatch(o: DepthWatchOptions): DepthWatch {
  const here = { completed: 0, failed: 0 };
  let last: JobDepths = { waiting: 0, active: 0, delayed: 0, failed: 0, completedHere: 0, failedHere: 0 };
  let logged = { at: Date.now(), completed: 0, failed: 0, failedLogged: false };
  let timer: NodeJS.Timeout | undefined;

  const read = async (): Promise<JobDepths> => {
    last = { ...(await queueDepths(o.queue)), completedHere: here.completed, failedHere: here.failed };
    return last;
  };

  const tick = async () => {
    const d = await read();
    const now = Date.now();
    if (now - logged.at < LOG_EVERY_MS) return;
    logMinute(o.logger, d, (now - logged.at) / 60_000, {
      completed: here.completed - logged.completed,
      failed: here.failed - logged.failed,
    });
    logged = { at: now, completed: here.completed, failed: here.failed, failedLogged: false };
  };

  return {
    follow(worker) {
      worker.on('completed', () => {
        here.completed += 1;
      });
      worker.on('failed', (job: Job<JobData, unknown, string> | undefined, err: Error) => {
        // Only the last attempt's failure finishes the job (the earlier ones are delayed for a retry).
        if (!job?.finishedOn) return;
        here.failed += 1;
        if (logged.failedLogged) return;
        logged.failedLogged = true;
        o.logger.warn(
          { job: job.id, kind: job.data.kind, attempts: job.attemptsMade, err: errorSummary(err) },
          'proactive job failed for good: `telephony-bot jobs failed` lists it, `jobs retry` runs it again',
        );
      });
    },
    start() {
      timer = setInterval(() => void tick().catch(() => undefined), o.everyMs);
      timer.unref();
      void tick().catch(() => undefined);
    },
    stop() {
      if (timer) clearInterval(timer);
    },
    current: () => last,
    read,
  };
}

/** The queue's own counts; delayed without the schedules' next ticks. */
async function queueDepths(queue: DepthWatchOptions['queue']) {
  const [c, schedules] = await Promise.all([
    queue.getJobCounts('wait', 'prioritized', 'active', 'delayed', 'failed'),
    queue.getJobSchedulersCount(),
  ]);
  return {
    waiting: (c.wait ?? 0) + (c.prioritized ?? 0),
    active: c.active ?? 0,
    delayed: delayedWork(c.delayed ?? 0, schedules),
    failed: c.failed ?? 0,
  };
}

/**
 * Delayed jobs that are work (retries waiting for their backoff), without the schedules' next
 * ticks: each job scheduler keeps one delayed job for its next run, so an idle queue read 6 and an
 * alert on "depth > 0" always fired (docs/operations.md §4.2). During a tick a schedule's next job
 * may not exist yet for a moment; the count is then one low, never high.
 */
function delayedWork(delayed: number, schedules: number): number {
  return Math.max(0, delayed - schedules);
}

/** The minute's line, only while there is work: depths, and this instance's jobs per minute. */
function logMinute(
  logger: CoreLogger,
  d: JobDepths,
  minutes: number,
  since: { completed: number; failed: number },
): void {
  if (since.completed === 0 && since.failed === 0 && d.waiting === 0 && d.active === 0) return;
  logger.info(
    {
      waiting: d.waiting,
      active: d.active,
      delayed: d.delayed,
      failed: d.failed,
      completedPerMinute: Math.round(since.completed / minutes),
      failedForGoodPerMinute: Math.round(since.failed / minutes),
    },
    'proactive jobs',
  );
}
