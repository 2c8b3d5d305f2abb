import { Cron } from 'croner';
import type { CoreLogger } from '../logs/logger.js';
import { errorSummary } from '../logs/safe-error.js';
import type { ClaimStore, LeaseStore } from '../ports/proactive.js';

export interface ScheduledJob {
  name: string;
  /** A croner pattern (5 or 6 fields, UTC), e.g. `*\/15 * * * *`. */
  pattern: string;
  run: () => Promise<unknown>;
}

export interface SchedulerOptions {
  leases: LeaseStore;
  claims: ClaimStore;
  /** This instance's id in the lease. */
  holder: string;
  /** Lease time-to-live; renewed every third of it while the job runs. */
  leaseMs: number;
  jobs: ScheduledJob[];
  logger: CoreLogger;
}

export interface Scheduler {
  start(): void;
  /** Stops the timers and waits for a job in flight (its lease is released when it ends). */
  stop(): Promise<void>;
  /** Runs a job now if this instance gets its lease; `false` when another instance holds it. */
  runOnce(name: string): Promise<boolean>;
}

/**
 * Timing by croner (a small, dependency-free, well-kept library); "run once across instances" by a
 * lease in the shared store (`SET NX PX`, renewed while running) plus a claim per scheduled tick,
 * so two instances firing the same tick a few ms apart do not both run it. This is the embedded
 * default (memory, SQLite: no Redis to run a queue on); with REDIS_URL, src/jobs runs the same work
 * as BullMQ jobs instead. The side effects under it (an alert, a call report, a digest) each take
 * their own claim, so even a lost lease cannot repeat one.
 */
export function createScheduler(o: SchedulerOptions): Scheduler {
  const crons: Cron[] = [];
  const running = new Set<Promise<unknown>>();
  const byName = new Map(o.jobs.map((j) => [j.name, j]));

  function track(p: Promise<unknown>): Promise<unknown> {
    running.add(p);
    void p.finally(() => running.delete(p));
    return p;
  }

  return {
    start() {
      for (const job of o.jobs) {
        const cron: Cron = new Cron(
          job.pattern,
          { timezone: 'UTC', protect: true, unref: true },
          async () => {
            const tick = cron.currentRun()?.toISOString() ?? new Date().toISOString();
            await track(
              (async () => {
                if (!(await o.claims.claim(`tick:${job.name}:${tick}`, 24 * 3600_000))) return;
                await runLeased(o, job);
              })().catch((err: unknown) =>
                o.logger.error({ job: job.name, err: errorSummary(err) }, 'scheduler: tick failed'),
              ),
            );
          },
        );
        crons.push(cron);
      }
    },
    async stop() {
      for (const c of crons) c.stop();
      crons.length = 0;
      await Promise.allSettled([...running]);
    },
    async runOnce(name) {
      const job = byName.get(name);
      if (!job) throw new RangeError(`no scheduled job ${name}`);
      return (await track(runLeased(o, job))) as boolean;
    },
  };
}

/** Runs `job` under its lease, renewed while it runs; false when another instance holds the lease. */
async function runLeased(o: SchedulerOptions, job: ScheduledJob): Promise<boolean> {
  const lease = `job:${job.name}`;
  if (!(await o.leases.acquire(lease, o.holder, o.leaseMs))) return false;
  const renew = setInterval(
    () => {
      o.leases.renew(lease, o.holder, o.leaseMs).then(
        (kept) => {
          if (!kept) o.logger.warn({ job: job.name }, 'scheduler: lease lost while running');
        },
        (err: unknown) => o.logger.warn({ job: job.name, err: errorSummary(err) }, 'scheduler: renew failed'),
      );
    },
    Math.max(10, Math.floor(o.leaseMs / 3)),
  );
  renew.unref();
  try {
    await job.run();
  } catch (err) {
    o.logger.error({ job: job.name, err: errorSummary(err) }, 'scheduler: job failed');
  } finally {
    clearInterval(renew);
    await o.leases.release(lease, o.holder).catch(() => {});
  }
  return true;
}
