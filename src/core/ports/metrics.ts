import type { Platform } from '../identity.js';

/** One command or button press as it ended: what the core's log line says, without the request id. */
export interface CommandEvent {
  kind: 'command' | 'action';
  platform: Platform;
  /** The command's name (`balance`), or `text`, `menu`, `navigate`, `action` before one is known. */
  command: string;
  /** `ok`, `error`, `failed`, `rate-limited`, … as the dispatcher's steps set it. */
  outcome: string;
  durationMs: number;
}

/**
 * What the core reports for monitoring. The core calls this port; `src/bots/metrics.ts` implements
 * it with prom-client, so the core needs no metrics library (boundary.test.ts).
 */
export interface CoreMetrics {
  commandFinished(event: CommandEvent): void;
  /**
   * A job's message went out but its claim could not be confirmed in the store, even after retries
   * (docs/reliability.md §8.4): `job` is the kind (`alert`, `digest`, `call report`).
   */
  claimUnsettled(job: string): void;
  /** A send of the road out that did not end in `sent` (delivery-executor.ts). Optional: additive. */
  sendFailed?(event: SendFailedEvent): void;
}

/** One send that failed: which primitive, what the platform reported, its short reason (`404`, `5xx`). */
export interface SendFailedEvent {
  platform: Platform;
  primitive: 'post' | 'showToActor' | 'postPrivately' | 'editPressed' | 'showInPlace' | 'edit' | 'progress';
  report: 'refused' | 'unknown';
  reason: string;
}

export const noMetrics: CoreMetrics = { commandFinished() {}, claimUnsettled() {} };
