import { randomBytes } from 'node:crypto';
import type { KeyValueStore } from './key-value-store.js';

/** Options of {@link watchForDataLoss}. */
export interface DataMarkerOptions {
  kv: KeyValueStore;
  /** How often the marker is looked for. Default 15 000 ms. */
  everyMs?: number;
  /** Told once per loss, with when the marker was written (the data it vouched for is gone). */
  onLost: (since: string) => void;
  now?: () => number;
}

export interface DataMarker {
  /** When the loss was found; `undefined` while the store kept its data. */
  lostAt(): Date | undefined;
  /** Looks now (the timer calls it too); resolves once done. Never throws. */
  check(): Promise<void>;
  stop(): void;
}

/** The marker's key: kept without a TTL, so a TTL-first eviction policy never takes it. */
export const DATA_MARKER_KEY = 'store-marker';

/**
 * Redis data loss is silent: after `FLUSHALL`, a failover to an empty replica or eviction under
 * memory pressure every user is simply "not linked" (docs/operations.md §7). A marker written at
 * start and looked for every few seconds makes it loud: once it is gone, `onLost` runs (the log),
 * `lostAt` answers (`/readyz`, the users' replies), and the marker is written again so the next
 * loss is found too. A store that cannot be reached is not a loss; it is looked at again later.
 */
export function watchForDataLoss(options: DataMarkerOptions): DataMarker {
  const { kv } = options;
  const now = options.now ?? Date.now;
  let lost: Date | undefined;
  let written: { since: string; id: string } | undefined;
  const write = async () => {
    const mine = { since: new Date(now()).toISOString(), id: randomBytes(6).toString('hex') };
    // Another instance may have written it first: then its marker is the one to watch.
    await kv.setIfAbsent(DATA_MARKER_KEY, mine);
    written = (await kv.get<typeof mine>(DATA_MARKER_KEY)) ?? mine;
  };
  const check = async () => {
    try {
      if (!written) return await write();
      if (kv.reachable?.() === false) return;
      if ((await kv.get(DATA_MARKER_KEY)) !== undefined) return;
      const since = written.since;
      lost = new Date(now());
      await write();
      options.onLost(since);
    } catch {
      // Unreachable right now: the outage is reported elsewhere; looked at again on the next tick.
    }
  };
  const timer = setInterval(() => void check(), options.everyMs ?? 15_000);
  timer.unref();
  void check();
  return { lostAt: () => lost, check, stop: () => clearInterval(timer) };
}
