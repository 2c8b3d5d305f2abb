import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ClientFactory } from '../accounts/services.js';
import type { RefsFor } from '../delivery/command-refs.js';
import { Outbox } from '../delivery/outbox.js';
import { type CoreLogger, silentLogger } from '../logs/logger.js';
import type { Channel } from '../ports/channel.js';
import type { JobKind, JobKindName } from '../ports/jobs.js';
import { type CoreMetrics, noMetrics } from '../ports/metrics.js';
import type { Stores } from '../ports/stores.js';
import { cutOffCall, cutOffCalls, dueCutoffs } from '../spend/call-cutoff.js';
import { checkAlert, type SweepResult, sweepAlerts } from './alert-sweep.js';
import { expireApprovals } from './approval-expiry.js';
import { type CallReportResult, checkCallReport, checkCallReports, dueCallReports } from './call-report.js';
import { type CardCapSweepResult, sweepCardCaps } from './card-cap-sweep.js';
import { createClaimConfirmer } from './claim-confirm.js';
import { confirmExpiryKind, expireConfirmations } from './confirm-expiry.js';
import type { ProactiveContext } from './context.js';
import { dueDigests, sendDigest, sendDigests } from './digest-job.js';
import { jobStores } from './job-records.js';
import { type LimitSweepResult, sweepLimits } from './limit-sweep.js';
import type { PaceOptions } from './paced.js';
import { createScheduler, type Scheduler } from './scheduler.js';

export interface ProactiveOptions {
  stores: Stores;
  clientFactory: ClientFactory;
  clock?: (() => Date) | undefined;
  logger?: CoreLogger;
  /** Re-arm margin above the threshold, percent. Default 10. */
  alertMarginPercent?: number;
  /** Names commands as each platform's users type them (`/tel alert` in Slack); see `refsForPlatforms`. */
  refsFor?: RefsFor;
  /** How long a side effect's claim is held while it is sent (a dead sender's is retried after). Default 2 min. */
  claimHoldMs?: number;
  /** Sweep pacing. Defaults: 16 in flight, 25 calls/s, jitter 1 (± half a slot). */
  pace?: Partial<PaceOptions>;
  /** Counts claims left unsettled (docs/reliability.md §8.4). Default: none. */
  metrics?: Pick<CoreMetrics, 'claimUnsettled'>;
  /** Waits between tries of a failed confirm write; default about a minute in all (claim-confirm.ts). */
  confirmRetry?: { delaysMs?: readonly number[]; sleep?: (ms: number) => Promise<void> };
}

export interface ScheduleOptions {
  /** Croner patterns, UTC. Defaults: alerts every 15 minutes, call reports every 15 s, digests hourly (each sent once per ISO week). */
  alerts?: string;
  callReports?: string;
  digests?: string;
  /** Default 60 s; renewed every 20 s while a job runs. */
  leaseMs?: number;
  /** This instance's id in leases. Default: random. */
  holder?: string;
}

/** The bot speaking first (docs/proactive.md §4.1): alert sweeps, call reports, digests, and their schedule. */
export interface Proactive {
  readonly outbox: Outbox;
  attach(channel: Channel): void;
  sweepAlerts(): Promise<SweepResult>;
  checkCallReports(): Promise<CallReportResult>;
  sendDigests(): Promise<{ sent: number; failed: number }>;
  /** The money guard (docs/money-guard.md §1, §2): spend-limit alerts, card caps, expired approvals. */
  sweepLimits(): Promise<LimitSweepResult>;
  sweepCardCaps(): Promise<CardCapSweepResult>;
  expireApprovals(): Promise<{ expired: number }>;
  /** Hangs up the calls whose spend-limit allowance ran out (docs/money-guard.md §1.5). */
  cutOffCalls(): Promise<{ cut: number }>;
  /** Edits the confirmations past their time into one disabled "Expired" (docs/interface.md §2.6). */
  expireConfirmations(): Promise<{ edited: number }>;
  schedule(options?: ScheduleOptions): Scheduler;
  /** The same jobs item by item, for a queue shared by every instance (`src/jobs`, with Redis). */
  jobKinds(options?: Pick<ScheduleOptions, 'alerts' | 'callReports' | 'digests'>): JobKind[];
}

export function createProactive(options: ProactiveOptions): Proactive {
  const logger = options.logger ?? silentLogger;
  const outbox = new Outbox({
    settings: options.stores.settings,
    logger,
    ...(options.refsFor ? { refsFor: options.refsFor } : {}),
  });
  let stopping = false;
  const ctx: ProactiveContext = {
    // Jobs see the records people edit through the job view only (docs/reliability.md §8).
    stores: jobStores(options.stores),
    confirmer: createClaimConfirmer({
      claims: options.stores.proactive.claims,
      logger,
      metrics: options.metrics ?? noMetrics,
      ...(options.confirmRetry?.delaysMs ? { delaysMs: options.confirmRetry.delaysMs } : {}),
      sleep: options.confirmRetry?.sleep ?? ((ms) => sleep(ms)),
    }),
    clientFactory: options.clientFactory,
    outbox,
    clock: options.clock ?? (() => new Date()),
    logger,
    ...(options.claimHoldMs ? { claimHoldMs: options.claimHoldMs } : {}),
    cancelled: () => stopping,
  };
  const pace: PaceOptions = {
    cancelled: () => stopping,
    concurrency: 16,
    perSecond: 25,
    jitter: 1,
    random: Math.random,
    now: () => performance.now(),
    sleep: (ms) => sleep(ms),
    ...options.pace,
  };
  const sweepOptions = { marginPercent: options.alertMarginPercent ?? 10, pace };
  const api: Proactive = {
    outbox,
    attach: (n) => outbox.attach(n),
    async sweepAlerts() {
      const started = performance.now();
      const r = await sweepAlerts(ctx, sweepOptions);
      logger.info({ ...r, durationMs: Math.round(performance.now() - started) }, 'alert sweep');
      return r;
    },
    checkCallReports: () => checkCallReports(ctx),
    sendDigests: () => sendDigests(ctx),
    jobKinds: (s = {}) => jobKinds(ctx, sweepOptions.marginPercent, s),
    sweepLimits: () => sweepLimits(ctx),
    sweepCardCaps: () => sweepCardCaps(ctx),
    expireApprovals: () => expireApprovals(ctx),
    cutOffCalls: () => cutOffCalls(ctx),
    expireConfirmations: () => expireConfirmations(ctx, pace),
    schedule: (s = {}) =>
      scheduleJobs(api, options, s, () => {
        stopping = true;
      }),
  };
  return api;
}

/**
 * The default schedules: alerts (and the money guard) every 15 minutes, call reports every 15 s,
 * digests hourly, approvals every minute, expired confirmations every 15 s.
 */
const PATTERNS = {
  alerts: '*/15 * * * *',
  callReports: '*/15 * * * * *',
  digests: '5 * * * *',
  approvals: '* * * * *',
  confirmations: '*/15 * * * * *',
};

/**
 * Each job kind as items and one item's work (docs/proactive.md §5): a sweep becomes one
 * job per watched account. An item reads its record afresh, so a job carries only an id, and one
 * that is gone (unlinked, paused, sent meanwhile) ends quietly.
 */
function jobKinds(
  ctx: ProactiveContext,
  marginPercent: number,
  s: Pick<ScheduleOptions, 'alerts' | 'callReports' | 'digests'>,
): JobKind[] {
  const { alerts, callReports, digests } = ctx.stores.proactive;
  return [
    {
      name: 'alerts',
      pattern: s.alerts ?? PATTERNS.alerts,
      async items() {
        const ids: string[] = [];
        for await (const sub of alerts.list()) if (!sub.paused) ids.push(sub.id);
        return ids;
      },
      async run(id) {
        const sub = await alerts.get(id);
        if (sub && !sub.paused) await checkAlert(ctx, marginPercent, sub);
      },
    },
    {
      name: 'call-reports',
      pattern: s.callReports ?? PATTERNS.callReports,
      items: async () => (await dueCallReports(ctx)).map((r) => r.id),
      async run(id) {
        const report = await callReports.get(id);
        if (report) await checkCallReport(ctx, report);
      },
    },
    {
      name: 'digests',
      pattern: s.digests ?? PATTERNS.digests,
      items: async () => (await dueDigests(ctx)).map((d) => d.id),
      async run(id) {
        const sub = await digests.get(id);
        if (sub) await sendDigest(ctx, sub);
      },
    },
    // The money guard's passes (docs/money-guard.md §1, §2), one job each: they take their own claims.
    whole('limits', s.alerts ?? PATTERNS.alerts, () => sweepLimits(ctx)),
    whole('card-caps', s.alerts ?? PATTERNS.alerts, () => sweepCardCaps(ctx)),
    whole('approvals', PATTERNS.approvals, () => expireApprovals(ctx)),
    // A call whose allowed time ran out is hung up within a report's cadence (docs/money-guard.md §1.5).
    {
      name: 'call-cutoffs',
      pattern: s.callReports ?? PATTERNS.callReports,
      items: () => dueCutoffs(ctx),
      run: async (item) => {
        await cutOffCall(ctx, item);
      },
    },
    // A confirmation past its time shows one disabled "Expired" (docs/interface.md §2.6).
    confirmExpiryKind(ctx, PATTERNS.confirmations),
  ];
}

/** A kind whose one item is the whole pass. */
function whole(name: JobKindName, pattern: string, pass: () => Promise<unknown>): JobKind {
  return {
    name,
    pattern,
    items: async () => ['all'],
    async run() {
      await pass();
    },
  };
}

/**
 * The three jobs on their cron patterns, under the store's leases. Stopping first tells a sweep in
 * flight (`onStopping`), so it ends between accounts instead of running on for minutes.
 */
function scheduleJobs(
  api: Proactive,
  options: ProactiveOptions,
  s: ScheduleOptions,
  onStopping: () => void,
): Scheduler {
  const scheduler = createScheduler({
    leases: options.stores.proactive.leases,
    claims: options.stores.proactive.claims,
    holder: s.holder ?? randomBytes(6).toString('hex'),
    leaseMs: s.leaseMs ?? 60_000,
    logger: options.logger ?? silentLogger,
    jobs: [
      { name: 'alerts', pattern: s.alerts ?? PATTERNS.alerts, run: () => api.sweepAlerts() },
      {
        name: 'call-reports',
        pattern: s.callReports ?? PATTERNS.callReports,
        run: () => api.checkCallReports(),
      },
      { name: 'digests', pattern: s.digests ?? PATTERNS.digests, run: () => api.sendDigests() },
      // The money guard runs with the balance sweep; expired approvals are closed every minute.
      { name: 'limits', pattern: s.alerts ?? PATTERNS.alerts, run: () => api.sweepLimits() },
      { name: 'card-caps', pattern: s.alerts ?? PATTERNS.alerts, run: () => api.sweepCardCaps() },
      { name: 'approvals', pattern: PATTERNS.approvals, run: () => api.expireApprovals() },
      { name: 'call-cutoffs', pattern: s.callReports ?? PATTERNS.callReports, run: () => api.cutOffCalls() },
      { name: 'confirm-expiry', pattern: PATTERNS.confirmations, run: () => api.expireConfirmations() },
    ],
  });
  return {
    ...scheduler,
    async stop() {
      onStopping();
      await scheduler.stop();
    },
  };
}
