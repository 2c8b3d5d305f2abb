import type { KeyValueStore } from './key-value-store.js';
import type { RateLimiter } from './stores.js';

/** Options of {@link createRateLimiter}. */
export interface RateLimiterOptions {
  kv: KeyValueStore;
  /** The clock, in epoch milliseconds. Default `Date.now`. */
  now?: () => number;
}

/**
 * A fixed-window limit per key, shared by every instance through the kv's atomic increment
 * (issue 7). The window index is part of the key, so each window starts at zero with no reset step,
 * and every instance agrees on the window from the clock alone.
 */
export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const { kv } = options;
  const now = options.now ?? Date.now;
  return {
    async hit(key, limit, windowMs) {
      if (!(windowMs > 0)) throw new RangeError(`rate limit window must be positive, got ${windowMs}`);
      const at = now();
      const window = Math.floor(at / windowMs);
      const windowEnd = (window + 1) * windowMs;
      // The counter outlives its window slightly, so a clock a little behind still finds it.
      const count = await kv.increment(`rate:${key}:${window}`, windowEnd - at + 1000);
      return count <= limit
        ? { allowed: true, retryAfterMs: 0 }
        : { allowed: false, retryAfterMs: windowEnd - at };
    },
  };
}
