/**
 * The one storage seam. Every domain store (credentials, pending actions, settings, dedupe claims,
 * rate limits, the audit log) is built on this interface, so one contract suite covers the memory,
 * keyv/SQLite and Redis implementations alike.
 *
 * Values are JSON-serialisable. Keys are namespaced by the domain stores (`cred:`, `pending:` …).
 */
export interface KeyValueStore {
  get<T>(key: string): Promise<T | undefined>;
  /** `ttlMs` omitted: kept until deleted. */
  set<T>(key: string, value: T, ttlMs?: number): Promise<void>;
  /** Returns whether the key existed. */
  delete(key: string): Promise<boolean>;
  /**
   * Atomic set-if-absent with a TTL (Redis `SET NX PX`). Returns `true` when this caller won the
   * claim. This is what makes "run a side effect once" hold across instances (docs/reliability.md §1.2). `ttlMs`
   * omitted: kept until deleted (`SET NX`), so an eviction policy that takes keys with a TTL first
   * (`volatile-lru`) never takes it: the durable key of a never-retry operation.
   */
  setIfAbsent<T>(key: string, value: T, ttlMs?: number): Promise<boolean>;
  /** Atomic increment; the TTL is set when the key is created (fixed window). Returns the new value. */
  increment(key: string, ttlMs: number): Promise<number>;
  /** Appends to an append-only list (the audit log). */
  append<T>(listKey: string, value: T): Promise<void>;
  /** The newest `n` entries of a list, oldest first; `[]` when `n <= 0` or the list is empty. */
  tail<T>(listKey: string, n: number): Promise<T[]>;
  /** Every entry of a list, oldest first. */
  readList<T>(listKey: string): AsyncIterable<T>;
  /**
   * Every live key that starts with `prefix` (key rotation walks credentials with it): keys written
   * by set, setIfAbsent and increment; list keys (append) are not included.
   */
  keys(prefix: string): AsyncIterable<string>;
  /**
   * Whether the store can be reached right now: false while a shared store (Redis) is down, for
   * `/readyz` and the webhooks (docs/reliability.md §5.2). Absent: always reachable (a local file, memory).
   */
  reachable?(): boolean;
  /**
   * True when this process is the store's only user (memory; keyv/SQLite, which holds the
   * single-writer lock): counters that need no sharing, such as rate-limit windows, may then be
   * kept in process instead of paying a read-modify-write per hit (docs/performance.md §3.2).
   */
  readonly singleProcess?: boolean;
  /**
   * The fencing read of a store kept by one writer (SQLite's lock file): whether this process still
   * holds it, read now. False once another process took it over; then nothing never-retry may be
   * sent (docs/reliability.md §5.1). Absent: no such lock (memory, Redis).
   */
  holdsWriterLock?(): boolean;
  close(): Promise<void>;
}
