/** Options of {@link createLabelCache}. */
export interface LabelCacheOptions {
  /** How long a remembered label holds. Default 60 000 ms. */
  ttlMs?: number;
  /** Entries at most; the oldest go first. Default 10 000. */
  max?: number;
  now?: () => number;
}

/**
 * What a command reads only to label its answer (account and customer names for `/balance`),
 * remembered briefly per chat user and account (docs/operations.md §7, admission control): a burst
 * of `/balance` then costs one provider call each, not two. Never a figure: amounts are read fresh.
 * In process and bounded; a restart or another instance reads the labels again, which is harmless.
 */
export interface LabelCache {
  get<T>(key: string): T | undefined;
  set<T>(key: string, value: T): void;
}

export function createLabelCache(options: LabelCacheOptions = {}): LabelCache {
  const ttlMs = options.ttlMs ?? 60_000;
  const max = options.max ?? 10_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { value: unknown; expiresAt: number }>();
  return {
    get<T>(key: string) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt > now()) return entry.value as T;
      entries.delete(key);
      return undefined;
    },
    set(key, value) {
      entries.delete(key);
      entries.set(key, { value, expiresAt: now() + ttlMs });
      // Map order is insertion order: the first key is the oldest.
      while (entries.size > max) entries.delete(entries.keys().next().value as string);
    },
  };
}
