import { type RetryPolicy, withRetry } from './send.js';

/**
 * The channel's one sender (docs/teams.md §4): every Connector API call waits for a free slot under
 * Teams' documented limits, then goes through `withRetry` (a 429 that still comes is waited out by
 * its `Retry-After`). The limits: per app per tenant, every request counts (50 a second); per bot
 * per conversation, the sends (7 a second, 8 in 2 s, 60 in 30 s, 1800 an hour). Slots are counted in
 * this process; several instances each keep under them and a 429 is still honoured.
 */
type Limits = readonly (readonly [count: number, windowMs: number])[];

export const TENANT_LIMITS: Limits = [[50, 1_000]];
export const THREAD_LIMITS: Limits = [
  [7, 1_000],
  [8, 2_000],
  [60, 30_000],
  [1_800, 3_600_000],
];
const LONGEST_MS = 3_600_000;

/** What a call counts against: its tenant always; `thread` for a send in that conversation. */
export interface CallScope {
  readonly tenant: string;
  readonly thread?: string;
}

export class TeamsSender {
  readonly #times = new Map<string, number[]>();

  constructor(readonly policy: RetryPolicy) {}

  call<T>(scope: CallScope, call: () => Promise<T>): Promise<T> {
    return withRetry(this.policy, async () => {
      await this.#slot(scope);
      return call();
    });
  }

  /** Waits until both the tenant and the thread have room, then takes the slot in both. */
  async #slot(scope: CallScope): Promise<void> {
    const keys: [string, Limits][] = [[`tenant:${scope.tenant}`, TENANT_LIMITS]];
    if (scope.thread) keys.push([`thread:${scope.tenant}:${scope.thread}`, THREAD_LIMITS]);
    for (;;) {
      const now = (this.policy.now ?? Date.now)();
      const wait = Math.max(...keys.map(([key, limits]) => this.#waitFor(key, limits, now)));
      if (wait <= 0) {
        for (const [key] of keys) this.#times.get(key)?.push(now) ?? this.#times.set(key, [now]);
        return;
      }
      await this.policy.sleep(wait);
    }
  }

  /** How long until `key` has room under every one of `limits` (0: now). */
  #waitFor(key: string, limits: Limits, now: number): number {
    const times = (this.#times.get(key) ?? []).filter((t) => now - t < LONGEST_MS);
    if (times.length === 0) this.#times.delete(key);
    else this.#times.set(key, times);
    let wait = 0;
    for (const [count, windowMs] of limits) {
      const inWindow = times.filter((t) => now - t < windowMs);
      if (inWindow.length >= count) wait = Math.max(wait, inWindow[0]! + windowMs - now);
    }
    return wait;
  }
}
