import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { RefsFor } from '../command-refs.js';
import { type CoreLogger, silentLogger } from '../logger.js';
import type { Notifier } from '../notify/notifier.js';
import { Outbox } from '../notify/outbox.js';
import type { Stores } from '../ports/stores.js';
import type { ClientFactory } from '../services.js';
import { type SweepResult, sweepAlerts } from './alert-sweep.js';
import { expireApprovals } from './approval-expiry.js';
import { type CallReportResult, checkCallReports } from './call-report.js';
import { type CardCapSweepResult, sweepCardCaps } from './card-cap-sweep.js';
import type { ProactiveContext } from './context.js';
import { sendDigests } from './digest-job.js';
import { type LimitSweepResult, sweepLimits } from './limit-sweep.js';
import type { PaceOptions } from './paced.js';
import { createScheduler, type Scheduler } from './scheduler.js';

export interface ProactiveOptions {
  stores: Stores;
  clientFactory: ClientFactory;
  clock?: () => Date;
  logger?: CoreLogger;
  /** Re-arm margin above the threshold, percent. Default 10. */
  alertMarginPercent?: number;
  /** Names commands as each platform's users type them (`/tel alert` in Slack); see `refsForPlatforms`. */
  refsFor?: RefsFor;
  /** Sweep pacing. Defaults: 16 in flight, 25 calls/s, jitter 1 (± half a slot). */
  pace?: Partial<PaceOptions>;
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

/** The bot speaking first (issue 15): alert sweeps, call reports, digests, and their schedule. */
export interface Proactive {
  readonly outbox: Outbox;
  attach(notifier: Notifier): void;
  sweepAlerts(): Promise<SweepResult>;
  checkCallReports(): Promise<CallReportResult>;
  sendDigests(): Promise<{ sent: number; failed: number }>;
  /** The money guard (README "Money guard"): spend-limit alerts, card caps, expired approvals. */
  sweepLimits(): Promise<LimitSweepResult>;
  sweepCardCaps(): Promise<CardCapSweepResult>;
  expireApprovals(): Promise<{ expired: number }>;
  schedule(options?: ScheduleOptions): Scheduler;
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
    stores: options.stores,
    clientFactory: options.clientFactory,
    outbox,
    clock: options.clock ?? (() => new Date()),
    logger,
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
    sweepLimits: () => sweepLimits(ctx),
    sweepCardCaps: () => sweepCardCaps(ctx),
    expireApprovals: () => expireApprovals(ctx),
    schedule: (s = {}) =>
      scheduleJobs(api, options, s, () => {
        stopping = true;
      }),
  };
  return api;
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
      { name: 'alerts', pattern: s.alerts ?? '*/15 * * * *', run: () => api.sweepAlerts() },
      { name: 'call-reports', pattern: s.callReports ?? '*/15 * * * * *', run: () => api.checkCallReports() },
      { name: 'digests', pattern: s.digests ?? '5 * * * *', run: () => api.sendDigests() },
      // The money guard runs with the balance sweep; expired approvals are closed every minute.
      { name: 'limits', pattern: s.alerts ?? '*/15 * * * *', run: () => api.sweepLimits() },
      { name: 'card-caps', pattern: s.alerts ?? '*/15 * * * *', run: () => api.sweepCardCaps() },
      { name: 'approvals', pattern: '* * * * *', run: () => api.expireApprovals() },
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
