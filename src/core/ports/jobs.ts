/**
 * The bot's proactive work as a job queue sees it (docs/proactive.md §5): each kind has a
 * schedule, lists the items due at a tick, and does one item at a time. The core owns this shape;
 * the in-process scheduler (memory, SQLite) and the BullMQ backend (with `REDIS_URL`) both run it.
 */
export interface JobKind {
  /** The schedule's id, the same on every instance. */
  readonly name: JobKindName;
  /** A cron pattern, UTC (5 or 6 fields). */
  readonly pattern: string;
  /** The ids of the items due now (one job each); read from the shared store, never from a job. */
  items(): Promise<string[]>;
  /**
   * Does one item. Throws when it should be tried again (the provider failed, the delivery failed,
   * another run holds its claim); an item that is gone or no longer due returns quietly. Safe to
   * run twice: every side effect takes its claim first, so a redelivered job never repeats one.
   */
  run(item: string): Promise<void>;
}

/**
 * `alerts`, `call-reports` and `digests` fan out, one item per account, call or digest; the money
 * guard's sweeps (`limits`, `card-caps`, `approvals`) are one item each, the whole pass;
 * `call-cutoffs` is one item per call whose spend-limit allowance ran out; `confirm-expiry` one per
 * confirmation past its time (docs/interface.md §2.6).
 */
export type JobKindName =
  | 'alerts'
  | 'call-reports'
  | 'digests'
  | 'limits'
  | 'card-caps'
  | 'approvals'
  | 'call-cutoffs'
  | 'confirm-expiry';

/** What runs the jobs on their schedules: in process, or a queue shared by every instance. */
export interface JobScheduler {
  start(): void | Promise<void>;
  /** Stops taking jobs and waits (bounded by the caller) for the ones in flight. */
  stop(): Promise<void>;
}

/** Queue depths for `/readyz`, the log and a metrics endpoint; all zero in process. */
export interface JobDepths {
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
  /** Jobs this instance finished since it started, and those that failed for good. */
  completedHere: number;
  failedHere: number;
}
