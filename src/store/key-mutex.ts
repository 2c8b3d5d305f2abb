/**
 * An in-process mutex per key. keyv has no atomic set-if-absent, increment or list append, so the
 * keyv store runs read-modify-write under this lock. It only serialises callers inside ONE process:
 * several bot instances must share Redis instead, which has real atomic commands (docs/accounts.md §3.2).
 */
export interface KeyMutex {
  /** Runs `fn` once every earlier holder of `key` has finished; callers of other keys do not wait. */
  run<T>(key: string, fn: () => Promise<T>): Promise<T>;
}

export function createKeyMutex(): KeyMutex {
  // The tail of each key's queue. Deleted when the queue drains, so idle keys hold no memory.
  const tails = new Map<string, Promise<unknown>>();
  return {
    async run<T>(key: string, fn: () => Promise<T>): Promise<T> {
      const previous = tails.get(key) ?? Promise.resolve();
      // A failed holder must not block the next one, hence the catch on the chained promise.
      const current = previous.catch(() => undefined).then(fn);
      const tail = current.catch(() => undefined);
      tails.set(key, tail);
      try {
        return await current;
      } finally {
        if (tails.get(key) === tail) tails.delete(key);
      }
    },
  };
}
