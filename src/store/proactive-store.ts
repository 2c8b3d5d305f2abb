import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type {
  AlertSubscription,
  CallReport,
  ClaimStore,
  DigestSubscription,
  LeaseStore,
  ProactiveStores,
  RecordStore,
  ScheduledDeletion,
} from '../core/ports/proactive.js';
import type { KeyValueStore } from './key-value-store.js';

/** Options of {@link createProactiveStores}. */
export interface ProactiveStoresOptions {
  kv: KeyValueStore;
}

/**
 * Alert thresholds, pending call reports, digests, claims and leases on the one KeyValueStore
 * (docs/proactive.md §6.1), so they survive restarts and are shared by every instance on one Redis.
 */
export function createProactiveStores(options: ProactiveStoresOptions): ProactiveStores {
  const { kv } = options;
  return {
    alerts: recordStore<AlertSubscription>(kv, 'alert:sub:'),
    callReports: recordStore<CallReport>(kv, 'callreport:'),
    digests: recordStore<DigestSubscription>(kv, 'digest:sub:'),
    deletions: recordStore<ScheduledDeletion>(kv, 'deletion:'),
    claims: claimStore(kv),
    leases: leaseStore(kv),
  };
}

/** How long one record's write lock lives: far longer than one read and one write. */
const RECORD_LOCK_MS = 5_000;
/** How often a busy record is tried again before `update` gives up (about 6 s in all). */
const RECORD_LOCK_TRIES = 60;

/** Raised when a record stayed locked longer than any read-modify-write takes. */
export class RecordBusyError extends Error {
  override name = 'RecordBusyError';
  readonly code = 'STORE_RECORD_BUSY';
}

/**
 * Runs `fn` holding the record's lock: the store's atomic `SET NX PX`, so it excludes other
 * instances too (the KeyValueStore has no compare-and-set). The lock is given back by its holder
 * only; one whose holder died expires after {@link RECORD_LOCK_MS}.
 */
async function withRecordLock<R>(kv: KeyValueStore, key: string, fn: () => Promise<R>): Promise<R> {
  const lock = `lock:${key}`;
  const token = randomBytes(8).toString('hex');
  for (let i = 0; !(await kv.setIfAbsent(lock, token, RECORD_LOCK_MS)); i++) {
    if (i >= RECORD_LOCK_TRIES) throw new RecordBusyError('record stayed locked');
    await sleep(5 + Math.floor(Math.random() * Math.min(200, 10 * (i + 1))));
  }
  try {
    return await fn();
  } finally {
    if ((await kv.get<string>(lock)) === token) await kv.delete(lock);
  }
}

/** JSON records under `prefix`, kept until deleted (also the guard's stores). */
export function recordStore<T extends { id: string }>(kv: KeyValueStore, prefix: string): RecordStore<T> {
  return {
    update: (id, change) =>
      withRecordLock(kv, prefix + id, async () => {
        const current = await kv.get<T>(prefix + id);
        const next = change(current);
        if (next === current) return current;
        if (next === undefined) await kv.delete(prefix + id);
        else await kv.set(prefix + id, next);
        return next;
      }),
    get: (id) => kv.get<T>(prefix + id),
    put: (record) => kv.set(prefix + record.id, record),
    delete: (id) => kv.delete(prefix + id),
    async *list() {
      for await (const key of kv.keys(prefix)) {
        const record = await kv.get<T>(key);
        if (record) yield record;
      }
    },
  };
}

/**
 * Claims hold `1` (taken once, the older form, and confirmed: "done") or `'held'` (a two-phase claim
 * whose side effect is running). A held claim that vanishes between the two reads expired: its
 * holder died, and the caller's retry takes it.
 */
function claimStore(kv: KeyValueStore): ClaimStore {
  const key = (k: string) => `claim:${k}`;
  return {
    claim: (k, ttlMs) => kv.setIfAbsent(key(k), 1, ttlMs),
    held: async (k) => (await kv.get(key(k))) !== undefined,
    async release(k) {
      await kv.delete(key(k));
    },
    async begin(k, holdMs) {
      if (await kv.setIfAbsent(key(k), HELD, holdMs)) return 'won';
      const value = await kv.get<unknown>(key(k));
      return value === HELD || value === undefined ? 'held' : 'done';
    },
    confirm: (k, ttlMs) => kv.set(key(k), 1, ttlMs),
  };
}

const HELD = 'held';

/**
 * Leases: acquire is the store's atomic `SET NX PX`. Renew and release read the holder first; the
 * KeyValueStore has no compare-and-set, so a lease could expire between the read and the write.
 * Renewing at a third of the TTL keeps that window far from expiry, and every side effect under a
 * lease also takes its own claim (alerts, call reports), so a lost lease costs time, never a repeat.
 */
function leaseStore(kv: KeyValueStore): LeaseStore {
  const key = (name: string) => `lease:${name}`;
  return {
    acquire: (name, holder, ttlMs) => kv.setIfAbsent(key(name), holder, ttlMs),
    async renew(name, holder, ttlMs) {
      if ((await kv.get<string>(key(name))) !== holder) return false;
      await kv.set(key(name), holder, ttlMs);
      return true;
    },
    async release(name, holder) {
      if ((await kv.get<string>(key(name))) === holder) await kv.delete(key(name));
    },
  };
}
