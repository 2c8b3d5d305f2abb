/** Options of {@link createSampler}. */
export interface SamplerOptions {
  /** Length of one window, ms: at most one line (or notice) of each kind per window. */
  windowMs: number;
  /** The clock, epoch ms. Default `Date.now`. */
  now?: () => number;
  /** Kinds remembered at once; past it, finished windows are forgotten first. Default 10 000. */
  maxKinds?: number;
}

/** The first of its kind in a window: go ahead, and say how many of the last window were left out. */
export interface Sampled {
  skipped: number;
}

export interface Sampler {
  /** `Sampled` for the first of `kind` in its window, `undefined` for every later one (counted). */
  take(kind: string): Sampled | undefined;
}

/**
 * One line per window for what abuse repeats (docs/operations.md §7, hostile load): 5,000 unsigned
 * posts or 5,000 rate-limited messages must not become 5,000 warn lines. The first of a kind in a
 * window goes out; the rest are counted, and the next line of that kind says how many were left
 * out, so the volume stays visible. The one rule for "at most once per window" in process; a
 * notice shared by instances counts in the store instead (the rate limiter's `noticeDue`).
 */
export function createSampler(options: SamplerOptions): Sampler {
  const now = options.now ?? Date.now;
  const maxKinds = options.maxKinds ?? 10_000;
  const windows = new Map<string, { start: number; skipped: number }>();
  const forgetFinished = (at: number) => {
    for (const [kind, w] of windows) if (at - w.start >= options.windowMs) windows.delete(kind);
    // Every window still open: the oldest go, so memory stays bounded whatever the kinds.
    for (const kind of windows.keys()) {
      if (windows.size < maxKinds) break;
      windows.delete(kind);
    }
  };
  return {
    take(kind) {
      const at = now();
      const w = windows.get(kind);
      if (w && at - w.start < options.windowMs) {
        w.skipped += 1;
        return undefined;
      }
      if (!w && windows.size >= maxKinds) forgetFinished(at);
      windows.delete(kind);
      windows.set(kind, { start: at, skipped: 0 });
      return { skipped: w?.skipped ?? 0 };
    },
  };
}
