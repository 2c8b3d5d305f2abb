import { Queue } from 'bullmq';
import { QUEUE_NAME, QUEUE_PREFIX } from './bullmq-jobs.js';
import type { JobData } from './job-options.js';

/** One job in the failed set, as `telephony-bot jobs failed` prints it. */
export interface FailedJob {
  id: string;
  kind: string;
  /** `tick` (a schedule's fan-out) or `item` (one account, call or digest). */
  name: string;
  attempts: number;
  /** The safe summary the job failed with (job-options.ts `safeJobError`). */
  reason: string;
  failedAt: string | undefined;
}

/** The operator's view of the failed set (docs/operations.md §7); opens its own connection. */
export interface FailedJobs {
  list(limit: number): Promise<{ total: number; jobs: FailedJob[] }>;
  /** Moves a failed job (or `all` of them) back to waiting, its attempts reset; returns how many. */
  retry(id: string | 'all'): Promise<number>;
  close(): Promise<void>;
}

export function openFailedJobs(options: { url: string; prefix?: string }): FailedJobs {
  const queue = new Queue<JobData, unknown, string>(QUEUE_NAME, {
    connection: { url: options.url, maxRetriesPerRequest: 1 },
    prefix: options.prefix ?? QUEUE_PREFIX,
  });
  return {
    async list(limit) {
      const [total, jobs] = await Promise.all([queue.getFailedCount(), queue.getFailed(0, limit - 1)]);
      return {
        total,
        jobs: jobs.map((j) => ({
          id: String(j.id),
          kind: j.data.kind,
          name: j.name,
          attempts: j.attemptsMade,
          reason: j.failedReason ?? '',
          failedAt: j.finishedOn ? new Date(j.finishedOn).toISOString() : undefined,
        })),
      };
    },
    async retry(id) {
      if (id === 'all') {
        const before = await queue.getFailedCount();
        await queue.retryJobs({ state: 'failed', count: 1000 });
        return before - (await queue.getFailedCount());
      }
      const job = await queue.getJob(id);
      if (!job || !(await job.isFailed())) return 0;
      await job.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true });
      return 1;
    },
    close: () => queue.close(),
  };
}
