import type { CoreLogger } from '../logs/logger.js';
import { errorSummary } from '../logs/safe-error.js';
import type { CoreMetrics } from '../ports/metrics.js';
import type { ClaimState, ClaimStore } from '../ports/proactive.js';

/** How often and how long a failed confirm is written again: about a minute, well inside a 2-minute hold. */
export const CONFIRM_RETRY_DELAYS_MS: readonly number[] = [500, 1_000, 2_000, 4_000, 8_000, 16_000, 24_000];

export interface ClaimConfirmerOptions {
  claims: ClaimStore;
  logger: CoreLogger;
  metrics: Pick<CoreMetrics, 'claimUnsettled'>;
  /** Waits between tries of the confirm write; default {@link CONFIRM_RETRY_DELAYS_MS}. */
  delaysMs?: readonly number[];
  sleep: (ms: number) => Promise<void>;
}

/**
 * The two-phase claims of the jobs' side effects (alerts, digests, call reports) with the rule of
 * docs/reliability.md §8.4: a lost confirm is not a resend. Once the message went out, only the
 * confirm write is tried again (never the message); one that still cannot be written is logged
 * and counted (`claimUnsettled`), kept in this process, which then answers `'done'` for it and
 * writes it again at the next `begin`. Another instance may send it again once the hold expires:
 * that is the case the log line and the metric name, never a silent resend.
 */
export interface ClaimConfirmer {
  begin(key: string, holdMs: number): Promise<ClaimState>;
  /** The side effect happened: confirmed (true), or left unsettled after every try (false). */
  confirm(key: string, ttlMs: number, job: string): Promise<boolean>;
  /** Claims sent but not confirmed yet, in this process. */
  unsettled(): number;
}

export function createClaimConfirmer(o: ClaimConfirmerOptions): ClaimConfirmer {
  const delays = o.delaysMs ?? CONFIRM_RETRY_DELAYS_MS;
  /** Sent, not confirmed: the key and how long its confirm keeps it. */
  const pending = new Map<string, number>();
  const write = async (key: string, ttlMs: number) => {
    await o.claims.confirm(key, ttlMs);
    pending.delete(key);
  };
  return {
    async begin(key, holdMs) {
      const ttlMs = pending.get(key);
      if (ttlMs === undefined) return o.claims.begin(key, holdMs);
      // Sent by this process: it is done, whatever the store says; its confirm is written again.
      await write(key, ttlMs).catch(() => undefined);
      return 'done';
    },
    async confirm(key, ttlMs, job) {
      for (let attempt = 0; ; attempt++) {
        try {
          await write(key, ttlMs);
          return true;
        } catch (err) {
          const wait = delays[attempt];
          if (wait === undefined) {
            pending.set(key, ttlMs);
            o.metrics.claimUnsettled(job);
            o.logger.error(
              { claim: key, job, attempts: attempt + 1, err: errorSummary(err) },
              'sent, but its claim could not be confirmed in the store: not sent again from here; another instance may send it again once its hold expires',
            );
            return false;
          }
          await o.sleep(wait);
        }
      }
    },
    unsettled: () => pending.size,
  };
}
