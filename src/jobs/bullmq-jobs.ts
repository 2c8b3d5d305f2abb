import { type Job, Queue, Worker } from 'bullmq';
import type { CoreLogger } from '../core/logs/logger.js';
import { errorSummary } from '../core/logs/safe-error.js';
import type { JobDepths, JobKind, JobKindName, JobScheduler } from '../core/ports/jobs.js';
import { createDepthWatch, type DepthWatch } from './job-depths.js';
import { itemOptions, type JobData, type RetryPolicy, safeJobError, tickOptions } from './job-options.js';

/** The queue every instance shares (docs/proactive.md §5, with `REDIS_URL`). */
export const QUEUE_NAME = 'proactive';
/** Its keys' prefix: apart from the store's `telephony-bot:`, whose scans must not meet them. */
export const QUEUE_PREFIX = 'telephony-bot-jobs';

/** The one options object of {@link createBullmqJobs}. */
export interface BullmqJobsOptions {
  /** The shared Redis, `REDIS_URL`. */
  url: string;
  /** The kinds of work (the core's `jobKinds()`), with their schedules. */
  kinds: JobKind[];
  /**
   * Jobs started per second across every instance (BullMQ's queue-wide limiter); each job is about
   * one provider call, so this is the provider's protection.
   */
  perSecond: number;
  /** Jobs this instance runs at once (its worker's concurrency). */
  concurrency: number;
  /** Default 6 tries, the first retry after 5 s, doubling (5 s … 80 s: past a held claim's 2 min). */
  retry?: Partial<RetryPolicy>;
  logger: CoreLogger;
  /** Default {@link QUEUE_PREFIX}; tests use their own. */
  prefix?: string;
  /** How often the depths are read (for `/readyz` and the log line). Default 5 s; the log at most once a minute. */
  depthsEveryMs?: number;
  /**
   * A worker's lock on its job, renewed while it runs; a killed worker's jobs go back to waiting
   * within about twice this (BullMQ's stalled check runs as often). Default 30 s.
   */
  lockDurationMs?: number;
  /** Takes no jobs (a CLI that only declares or inspects). Default false. */
  noWorker?: boolean;
}

export interface BullmqJobs extends JobScheduler {
  /** A tick of `kind` now, as its schedule would make one (the bench, `jobs` CLI, tests). */
  trigger(kind: JobKindName): Promise<void>;
  /** The last depths read (no Redis round trip): `/readyz` and a metrics endpoint read this. */
  depths(): JobDepths;
  /** Reads the depths now. */
  readDepths(): Promise<JobDepths>;
  /** This instance's worker, or undefined with `noWorker`. */
  readonly worker: Worker<JobData, unknown, string> | undefined;
  readonly queue: Queue<JobData, unknown, string>;
}

/**
 * The proactive jobs on BullMQ: schedules declared by id on every instance (BullMQ's job
 * schedulers, so N instances make one tick, with no lease of ours); a tick fans out into one job per
 * item; every instance runs a worker under one queue-wide rate limit; failures retry with backoff
 * and end in the failed set. Delivery is at least once; the claims every side effect takes
 * (src/core/ports/proactive.ts `ClaimStore.begin`) make it once for users.
 */
export function createBullmqJobs(o: BullmqJobsOptions): BullmqJobs {
  const retry: RetryPolicy = { attempts: 6, backoffMs: 5_000, ...o.retry };
  const connection = { url: o.url, maxRetriesPerRequest: null };
  const prefix = o.prefix ?? QUEUE_PREFIX;
  const byName = new Map(o.kinds.map((k) => [k.name, k]));
  const queue = new Queue<JobData, unknown, string>(QUEUE_NAME, { connection, prefix });
  const log = errorLogger(o.logger);
  queue.on('error', log);
  const processJob = (job: Job<JobData, unknown, string>) => runJob(job, byName, queue, retry);
  const worker = o.noWorker
    ? undefined
    : new Worker<JobData, unknown, string>(QUEUE_NAME, processJob, {
        connection,
        prefix,
        concurrency: o.concurrency,
        limiter: { max: Math.max(1, Math.round(o.perSecond)), duration: 1000 },
        lockDuration: o.lockDurationMs ?? 30_000,
        stalledInterval: o.lockDurationMs ?? 30_000,
        // A job whose worker died twice is suspect (it may kill workers): the failed set, not a third try.
        maxStalledCount: 2,
        autorun: false,
      });
  worker?.on('error', log);
  const watch: DepthWatch = createDepthWatch({
    queue,
    logger: o.logger,
    everyMs: o.depthsEveryMs ?? 5_000,
  });
  if (worker) watch.follow(worker);
  let stopping: Promise<void> | undefined;
  return {
    queue,
    worker,
    async start() {
      for (const kind of o.kinds)
        await queue.upsertJobScheduler(
          kind.name,
          { pattern: kind.pattern, tz: 'UTC' },
          { name: 'tick', data: { kind: kind.name }, opts: tickOptions(retry) },
        );
      watch.start();
      if (worker) void worker.run().catch(log);
    },
    stop() {
      // Idempotent: the shutdown and a failed start's clean-up may both call it.
      stopping ??= (async () => {
        watch.stop();
        // Waits for the jobs in flight; the shutdown's own bound abandons it past SHUTDOWN_TIMEOUT_MS.
        await worker?.close();
        await queue.close();
      })();
      return stopping;
    },
    async trigger(kind) {
      await queue.add('tick', { kind }, tickOptions(retry));
    },
    depths: () => watch.current(),
    readDepths: () => watch.read(),
  };
}

/** One job: a tick fans its items out in chunks; an item runs its kind's work. */
async function runJob(
  job: Job<JobData, unknown, string>,
  byName: Map<JobKindName, JobKind>,
  queue: Queue<JobData, unknown, string>,
  retry: RetryPolicy,
): Promise<unknown> {
  const kind = byName.get(job.data.kind);
  if (!kind) throw new Error(`no job kind ${job.data.kind}`);
  try {
    if (job.name === 'tick') {
      const ids = await kind.items();
      for (let i = 0; i < ids.length; i += FAN_OUT_CHUNK)
        await queue.addBulk(
          ids.slice(i, i + FAN_OUT_CHUNK).map((id) => ({
            name: 'item' as const,
            data: { kind: kind.name, id },
            opts: itemOptions(kind.name, id, retry),
          })),
        );
      return { items: ids.length };
    }
    if (job.data.id !== undefined) await kind.run(job.data.id);
    return undefined;
  } catch (err) {
    throw safeJobError(err);
  }
}

/** Items added per round trip: 100,000 accounts in 100 bulk adds, none of them large. */
const FAN_OUT_CHUNK = 1000;

/** Connection errors repeat while Redis is down: one line per 30 s, with the count. */
function errorLogger(logger: CoreLogger): (err: unknown) => void {
  let last = 0;
  let quiet = 0;
  return (err) => {
    const now = Date.now();
    if (now - last < 30_000) {
      quiet += 1;
      return;
    }
    logger.error({ err: errorSummary(err), repeated: quiet }, 'proactive jobs: queue error (Redis)');
    last = now;
    quiet = 0;
  };
}
