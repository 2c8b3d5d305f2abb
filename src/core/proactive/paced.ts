/** How a sweep spreads its provider calls (docs/proactive.md §1.3: a steady trickle, never a burst). */
export interface PaceOptions {
  /** Calls in flight at once. */
  concurrency: number;
  /** Calls started per second at most; 0: as fast as `concurrency` allows. */
  perSecond: number;
  /** Each start moves by up to ± half its slot times this (0..1), so instances' sweeps do not line up. */
  jitter: number;
  random: () => number;
  /** Milliseconds on a monotonic clock. */
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  /** Checked before each item: a shutdown ends the run between items. */
  cancelled?: () => boolean;
}

/**
 * Runs `work` for every item: at most `concurrency` at once, and started on an even grid of
 * `1000 / perSecond` ms slots with jitter, so 10,000 accounts become a constant rate of calls.
 * A late start pushes the grid back rather than being made up, so the rate never exceeds the cap
 * by more than the jitter.
 * A failing item is the caller's to handle; `work` must not throw.
 */
export async function runPaced<T>(
  items: readonly T[],
  work: (item: T) => Promise<void>,
  o: PaceOptions,
): Promise<void> {
  const spacing = o.perSecond > 0 ? 1000 / o.perSecond : 0;
  let nextAt = o.now();
  let next = 0;
  const worker = async () => {
    while (next < items.length && !o.cancelled?.()) {
      const i = next++;
      if (spacing > 0) {
        // No catch-up: after a stall (a slow answer, a busy event loop) the grid moves on from now,
        // so slots that fell behind never start together as a burst.
        const base = Math.max(nextAt, o.now());
        nextAt = base + spacing;
        const slot = base + (o.random() - 0.5) * o.jitter * spacing;
        const wait = slot - o.now();
        if (wait > 0) await o.sleep(wait);
        if (o.cancelled?.()) return;
      }
      await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(o.concurrency, items.length)) }, worker));
}
