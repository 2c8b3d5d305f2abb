import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type {
  AlertSubscription,
  CallReport,
  ClaimStore,
  DigestSubscription,
  ExpiringConfirmation,
  LeaseStore,
  ProactiveStores,
  RecordStore,
  Revised,
  ScheduledDeletion,
} from '../core/ports/proactive.js';
import type { KeyValueStore } from './key-value-store.js';
import type { Keyring } from './master-key.js';
import { sealedLanding } from './sealed-landing.js';

/** Options of {@link createProactiveStores}. */
export interface ProactiveStoresOptions {
  kv: KeyValueStore;
  /** Seals a confirmation's Slack response URL (sealed-landing.ts); without it the URL is not kept. */
  keyring?: Keyring;
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
    confirmations: sealedLanding(recordStore<ExpiringConfirmation>(kv, 'confirm:shown:'), options.keyring),
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

/** A fresh revision for a person's write (docs/reliability.md §8). */
const newRev = () => randomBytes(6).toString('hex');

/** `fields` onto `current`; a key set to `undefined` is removed. */
function withFields<T extends object>(current: T, fields: object): T {
  const next = { ...current, ...fields } as Record<string, unknown>;
  for (const [k, v] of Object.entries(fields)) if (v === undefined) delete next[k];
  return next as T;
}

/**
 * JSON records under `prefix`, kept until deleted (also the guard's stores). A person's writes
 * (`put`, `update`) stamp a fresh `rev`; a job's (`settle`, `retire`) happen only on the revision
 * the job read, under the record's lock (docs/reliability.md §8).
 */
export function recordStore<T extends Revised>(kv: KeyValueStore, prefix: string): RecordStore<T> {
  const locked = <R>(id: string, fn: (current: T | undefined) => Promise<R>) =>
    withRecordLock(kv, prefix + id, async () => fn(await kv.get<T>(prefix + id)));
  return {
    update: (id, change) =>
      locked(id, async (current) => {
        const next = change(current);
        if (next === current) return current;
        if (next === undefined) {
          await kv.delete(prefix + id);
          return undefined;
        }
        const stamped = { ...next, rev: newRev() };
        await kv.set(prefix + id, stamped);
        return stamped;
      }),
    settle: (seen, fields, o = {}) =>
      locked(seen.id, async (current) => {
        if (!current || current.rev !== seen.rev) return undefined;
        if (o.claim !== undefined && current[o.claim] !== undefined) return undefined;
        const next = withFields(current, fields);
        await kv.set(prefix + seen.id, next);
        return next;
      }),
    retire: (seen) =>
      locked(seen.id, async (current) => {
        if (!current || current.rev !== seen.rev) return false;
        return kv.delete(prefix + seen.id);
      }),
    get: (id) => kv.get<T>(prefix + id),
    // Under the lock too: a job's settle between its read and its write must not write over them.
    put: (record) => locked(record.id, () => kv.set(prefix + record.id, { ...record, rev: newRev() })),
    delete: (id) => locked(id, () => kv.delete(prefix + id)),
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
