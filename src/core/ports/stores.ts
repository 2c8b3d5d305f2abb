import type { GuardStores } from './guard.js';
import type { ProactiveStores } from './proactive.js';
import type { AuditEntry, ChatSettings, CredentialRecord, PendingAction, UserSettings } from './records.js';
import type { SpendReservations } from './reservations.js';
import type { TokenStore } from './tokens.js';

/** Credentials linked to an owner key (an identity key, or a support channel's chat key), encrypted at rest. */
export interface CredentialStore {
  get(owner: string): Promise<CredentialRecord | undefined>;
  set(owner: string, record: CredentialRecord): Promise<void>;
  delete(owner: string): Promise<boolean>;
  /** Every owner with a record, for key rotation. */
  owners(): AsyncIterable<string>;
}

export interface PendingStore {
  put(action: PendingAction): Promise<void>;
  get(id: string): Promise<PendingAction | undefined>;
  /** Single use: the first caller gets the action, every later caller (any instance) gets `undefined`. */
  take(id: string): Promise<PendingAction | undefined>;
  /**
   * Closes an action at its expiry with the marker a press takes, so whichever comes first wins
   * (docs/interface.md §2.6): `true` when no press, Cancel or `/cancel` took it (nobody can from now
   * on; asked again, still `true`), `false` when one did, or when it is too late to tell (the
   * marker of a press made at `createdAt` may have lapsed).
   */
  closeExpired(action: Pick<PendingAction, 'id' | 'createdAt'>): Promise<boolean>;
}

/** A shallow settings update: a key set to `undefined` is removed, a key left out is kept. */
export type SettingsPatch<T> = { [K in keyof T]?: T[K] | undefined };
export interface SettingsStore {
  user(identity: string): Promise<UserSettings>;
  updateUser(identity: string, patch: SettingsPatch<UserSettings>): Promise<UserSettings>;
  chat(chat: string): Promise<ChatSettings>;
  updateChat(chat: string, patch: SettingsPatch<ChatSettings>): Promise<ChatSettings>;
}

export interface AuditLog {
  /**
   * An entry with outcome `attempted` (it needs an `id`) is kept as an open attempt, before the
   * request is sent; any other entry is appended, and closes the open attempt with its `id`.
   */
  append(entry: AuditEntry): Promise<void>;
  /** Attempts with no outcome yet: in flight, or interrupted by a crash. */
  openAttempts(): AsyncIterable<AuditEntry>;
  /**
   * Claims the never-retry operation of one platform delivery (an update id, an event id) for
   * good: false when it was claimed before, whatever became of it. Kept without a TTL beside the
   * audit log, so neither an eviction policy that takes keys with a TTL first nor a lost dedupe
   * claim can let a redelivery send it twice.
   */
  claimOperation(id: string): Promise<boolean>;
  /**
   * Closes an interrupted attempt as `unknown`. Returns false when it was no longer open (closed by
   * its request, or by another instance), so only one caller reports it.
   */
  abandon(entry: AuditEntry): Promise<boolean>;
  /** Newest last. When `chat` is given, only that chat's entries (filtered among the newest 1000). */
  recent(n: number, filter?: { chat?: string }): Promise<AuditEntry[]>;
  /** Every entry, then the attempts still open (an export taken after a crash shows them). */
  all(): AsyncIterable<AuditEntry>;
}

/** "Run once" claims: an update id, a Slack retry, a double-clicked button (docs/reliability.md §1.1; docs/accounts.md §3.2). */
export interface DedupeStore {
  /** `true` for the first claim of `key` within `ttlMs`, across every instance sharing the store. */
  claim(key: string, ttlMs: number): Promise<boolean>;
}

/**
 * What a channel needs to speak first in a conversation nobody has written from since this
 * process started (docs/proactive.md §4.1): Teams' conversation references, or any channel's
 * equivalent. Kept in the store, so alerts, call reports and approval results reach a
 * conversation after a restart. A value holds no secret (addresses and ids only).
 */
export interface ConversationReferenceStore {
  get<T>(channel: string, key: string): Promise<T | undefined>;
  set<T>(channel: string, key: string, value: T): Promise<void>;
}

export interface RateLimiter {
  /**
   * Counts one hit; `allowed` is false once `limit` hits fell within the current window.
   * `noticeDue` is true for exactly one refusal per key and window, across every instance sharing
   * the store: the one that is told "slow down" (the rest are refused in silence).
   */
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitHit>;
}

export interface RateLimitHit {
  allowed: boolean;
  retryAfterMs: number;
  noticeDue: boolean;
}

export interface Stores {
  credentials: CredentialStore;
  pending: PendingStore;
  settings: SettingsStore;
  audit: AuditLog;
  dedupe: DedupeStore;
  rateLimit: RateLimiter;
  /** False while the shared store cannot be reached (docs/reliability.md §5.2): `/readyz` answers 503 then. */
  reachable(): boolean;
  /**
   * When the shared store was found to have lost its data (its start marker vanished: `FLUSHALL`,
   * an empty replica, eviction); `undefined` while it kept it, and always for a local store.
   */
  dataLostAt?(): Date | undefined;
  /**
   * The fencing read before a never-retry send (docs/reliability.md §5.1): false once another process took the
   * single-writer lock of a SQLite store over. Absent or true: this process may write.
   */
  holdsWriterLock?(): boolean;
  /** Alerts, call reports, digests and scheduler leases (docs/proactive.md §5.2). */
  proactive: ProactiveStores;
  /** Spend limits, card caps and four-eyes approvals (docs/money-guard.md §1, §2). */
  guard: GuardStores;
  /** What the calls the bot started may still spend, per account (docs/money-guard.md §1.5). */
  reservations: SpendReservations;
  /** Where channels reach a conversation from (docs/proactive.md §4.1). */
  references: ConversationReferenceStore;
  /** Assistants' access granted from chat: clients, codes and tokens, kept hashed (docs/mcp.md §8). */
  tokens: TokenStore;
  close(): Promise<void>;
}
