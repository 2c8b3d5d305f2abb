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
 * (issue 15), so they survive restarts and are shared by every instance on one Redis.
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

/** JSON records under `prefix`, kept until deleted (also the guard's stores). */
export function recordStore<T extends { id: string }>(kv: KeyValueStore, prefix: string): RecordStore<T> {
  return {
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

function claimStore(kv: KeyValueStore): ClaimStore {
  return {
    claim: (key, ttlMs) => kv.setIfAbsent(`claim:${key}`, 1, ttlMs),
    async release(key) {
      await kv.delete(`claim:${key}`);
    },
  };
}

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
