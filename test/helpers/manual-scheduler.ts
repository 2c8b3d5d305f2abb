import type { Scheduler } from '../../src/adapters/telegram/deliver.js';

/**
 * An injected clock for scheduled work: tasks run only when the test moves time with `advance`,
 * never on the wall clock (HELPERS.md: no wall-clock assertions).
 */
export class ManualScheduler implements Scheduler {
  #now = 0;
  #tasks: { at: number; task: () => Promise<void> }[] = [];

  #waiters: { n: number; resolve: () => void }[] = [];

  /** Starts at `startMs` (ms since the epoch), so due times written on it read as real dates. */
  constructor(startMs = Date.parse('2026-11-16T09:00:00Z')) {
    this.#now = startMs;
  }

  now(): number {
    return this.#now;
  }

  schedule(delayMs: number, task: () => Promise<void>): void {
    this.#tasks.push({ at: this.#now + delayMs, task });
    for (const w of this.#waiters.filter((w) => this.#tasks.length >= w.n)) {
      this.#waiters.splice(this.#waiters.indexOf(w), 1);
      w.resolve();
    }
  }

  /** Resolves once `n` tasks wait: the channel schedules after Telegram answered its send. */
  scheduled(n = 1): Promise<void> {
    if (this.#tasks.length >= n) return Promise.resolve();
    return new Promise((resolve) => this.#waiters.push({ n, resolve }));
  }

  /** How many tasks wait. */
  get pending(): number {
    return this.#tasks.length;
  }

  /** Moves time forward by `ms` and runs (awaits) every task that fell due, in order. */
  async advance(ms: number): Promise<void> {
    this.#now += ms;
    const due = this.#tasks.filter((t) => t.at <= this.#now).sort((a, b) => a.at - b.at);
    this.#tasks = this.#tasks.filter((t) => t.at > this.#now);
    for (const t of due) await t.task();
  }
}
