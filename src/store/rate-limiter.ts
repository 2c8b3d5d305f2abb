import type { KeyValueStore } from './key-value-store.js';
import type { RateLimiter } from './stores.js';

/** Options of {@link createRateLimiter}. */
export interface RateLimiterOptions {
  kv: KeyValueStore;
  /** The clock, in epoch milliseconds. Default `Date.now`. */
  now?: () => number;
}

/** Counts per window key, kept beside a single-process kv (see {@link localCounter}). */
interface LocalWindows {
  counts: Map<string, { count: number; expiresAt: number }>;
  hitsSinceSweep: number;
}

/**
 * One table of counts per kv object, so every Stores built on the same kv (two in a test, one in a
 * bot) shares it, exactly as they would share the kv's own counter.
 */
const localWindows = new WeakMap<KeyValueStore, LocalWindows>();

/**
 * The kv's fixed-window increment done in process: the same count and expiry as `kv.increment`,
 * without a read-modify-write through keyv and SQLite for each command (docs/performance.md §3.2: about 0.19 ms
 * of a 1 ms command). Only for a kv whose process is its only user; windows are a minute long, so
 * what a restart forgets is at most one window's count.
 */
function localCounter(kv: KeyValueStore, now: () => number) {
  let windows = localWindows.get(kv);
  if (!windows) {
    windows = { counts: new Map(), hitsSinceSweep: 0 };
    localWindows.set(kv, windows);
  }
  const w = windows;
  return (key: string, ttlMs: number): number => {
    const at = now();
    if (++w.hitsSinceSweep >= 1000) {
      w.hitsSinceSweep = 0;
      for (const [k, v] of w.counts) if (v.expiresAt <= at) w.counts.delete(k);
    }
    const entry = w.counts.get(key);
    if (entry === undefined || entry.expiresAt <= at) {
      w.counts.set(key, { count: 1, expiresAt: at + ttlMs });
      return 1;
    }
    entry.count += 1;
    return entry.count;
  };
}

/**
 * A fixed-window limit per key, shared by every instance through the kv's atomic increment
 * (docs/reliability.md §4.4). The window index is part of the key, so each window starts at zero with no reset step,
 * and every instance agrees on the window from the clock alone.
 */
export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const { kv } = options;
  const now = options.now ?? Date.now;
  const local = kv.singleProcess === true ? localCounter(kv, now) : undefined;
  return {
    async hit(key, limit, windowMs) {
      if (!(windowMs > 0)) throw new RangeError(`rate limit window must be positive, got ${windowMs}`);
      const at = now();
      const window = Math.floor(at / windowMs);
      const windowEnd = (window + 1) * windowMs;
      // The counter outlives its window slightly, so a clock a little behind still finds it.
      const windowKey = `rate:${key}:${window}`;
      const ttlMs = windowEnd - at + 1000;
      const count = local ? local(windowKey, ttlMs) : await kv.increment(windowKey, ttlMs);
      // The increment is atomic, so exactly one hit of the window counts limit + 1: its notice.
      return count <= limit
        ? { allowed: true, retryAfterMs: 0, noticeDue: false }
        : { allowed: false, retryAfterMs: windowEnd - at, noticeDue: count === limit + 1 };
    },
  };
}
