import type { Money } from '../../telephony/money.js';
import type { Platform } from '../identity.js';
import type { NotifyDestination, SentMessage } from './notify.js';

/** The person who set a subscription up: personal data that may not go to the chat goes to them. */
export interface Subscriber {
  readonly platform: Platform;
  readonly tenant: string;
  readonly user: string;
}

/** What every subscription shares: whose account, where it speaks, and whether it was refused. */
export interface SubscriptionBase extends Revised {
  /** `${owner}|${username}`. */
  id: string;
  /** The credentials' owner: an identity key, or a support channel's chat key (docs/privacy.md §3.1). */
  owner: string;
  /** The provider username watched; the owner's linked credential of that name is used. */
  username: string;
  label: string;
  destination: NotifyDestination;
  setBy: Subscriber;
  locale?: string | undefined;
  /** The user's IANA zone when known (`/timezone`, Slack's `tz`): digests' weeks are its weeks. */
  timeZone?: string;
  /** The platform refused the destination for good (blocked, channel left): no sends until set again. */
  paused?: { reason: string; at: string };
}

/** `/alert`: one threshold per owner and account, with hysteresis state (docs/proactive.md §1.2). */
export interface AlertSubscription extends SubscriptionBase {
  threshold: Money;
  /** `true`: the next fall below the threshold alerts. `false`: alerted, waiting to be re-armed. */
  armed: boolean;
  /** Counts alerts; the once-only claim is keyed by it, so a restart or a second instance cannot repeat one. */
  generation: number;
  lastAlertAt?: string;
}

/** A `/call` waiting for its call record (docs/proactive.md §2.1; provider-notes D10: the API has no events). */
export interface CallReport extends SubscriptionBase {
  callId: string;
  /** E.164 digits of B, the destination the CDR is matched on. */
  bNumber: string;
  aNumber: string;
  /** Just before `trycallback` was sent (our clock). */
  placedAt: string;
  /** When `trycallback` answered; the record's start lies between the two (call-match.ts). */
  answeredAt?: string;
  /** `/hangup` stopped it: just before `stopcallback` was sent, and its answer (the record's end). */
  hangup?: { sentAt: string; doneAt: string };
  /** The card's Hang up button (`h:<pending id>`), to offer it again when a hang-up fails. */
  hangupAction?: string;
  /** `/hangup` is under way: the card says "Hanging up…" and shows no Hang up button. */
  hangingUp?: boolean;
  /** The call card, once the adapter reported where it landed; else the report is sent as a new message. */
  message?: SentMessage;
  /** Where the card was shown: a shared chat key, when the card is in a shared chat. */
  sharedChat?: string;
  nextCheckAt: string;
  checks: number;
  giveUpAt: string;
}

/** `/digest weekly`. */
export interface DigestSubscription extends SubscriptionBase {
  /** ISO week (`2026-W47`, in the subscriber's zone) in which the last digest was sent; it covered the week before. */
  lastWeek?: string;
}

/** A record a person edits and a job may also write: `rev` names the person's last change. */
export interface Revised {
  id: string;
  /**
   * Stamped afresh by the store on every write through {@link RecordStore.put} and
   * {@link RecordStore.update} (a person's command); a job's {@link JobRecords.settle} keeps it, so
   * a job that read revision R writes only while the record is still R (docs/reliability.md §8).
   */
  rev?: string | undefined;
}

/** Some of a job's own fields; one set to `undefined` is removed. */
export type JobFields<T, Own extends keyof T> = { [K in Own]?: T[K] | undefined };

/**
 * What a background job may do to a record a person edits (docs/reliability.md §8): read it, write
 * only the fields it owns onto the record as it is now and only while it is the revision the job
 * read, and remove it only on that revision. No blind `put`, no `update` of the whole record.
 */
export interface JobRecords<T extends Revised, Own extends keyof T = keyof T> {
  get(id: string): Promise<T | undefined>;
  list(): AsyncIterable<T>;
  /**
   * `fields` (a key set to `undefined` is removed) written onto the record as it is now, only while
   * its `rev` is `seen.rev`. With `claim` (one of `fields`), also only while that field is not set
   * yet: the claim of a side effect the job decided on, taken before it is sent (a card blocked at
   * its cap), which excludes another run of the job as well. Returns
   * the record as stored, or `undefined` when nothing was written: a person changed or removed it
   * since the job read it (or, for a claim, another run holds it), and the person's change wins.
   */
  settle(seen: Revised, fields: JobFields<T, Own>, o?: { claim?: Own }): Promise<T | undefined>;
  /** Removes the record only while it is still revision `seen.rev` (its account was unlinked, its job is done). */
  retire(seen: Revised): Promise<boolean>;
}

/**
 * JSON records by id, kept until deleted; `list` walks them all (10,000 alerts fit). The whole
 * API is a person's (commands); a job gets the {@link JobRecords} view of it only.
 */
export interface RecordStore<T extends Revised> extends JobRecords<T> {
  /** A new record, or one replaced whole by a person's command; stamped with a fresh `rev`. */
  put(record: T): Promise<void>;
  delete(id: string): Promise<boolean>;
  /**
   * Read-modify-write of one record, exclusive across instances: `change` sees the record as it
   * is now and returns the new one (`undefined` deletes it; the same object leaves it alone). A
   * written record gets a fresh `rev`, so a job that read the one before writes nothing onto it.
   * Returns what was stored.
   */
  update(id: string, change: (current: T | undefined) => T | undefined): Promise<T | undefined>;
}

/** "Exactly once across instances" claims that can be given back when the side effect did not happen. */
export interface ClaimStore {
  claim(key: string, ttlMs: number): Promise<boolean>;
  /** Whether `key` is claimed now (by anyone). */
  held(key: string): Promise<boolean>;
  release(key: string): Promise<void>;
  /**
   * The claim of a side effect a crash may interrupt (a queue redelivers a killed worker's job):
   * `'won'` holds it for `holdMs` while the side effect runs, and `confirm` then keeps it for good;
   * `'done'`: a run confirmed it; `'held'`: a run holds it now, or died holding it, so the caller
   * retries after `holdMs` instead of assuming it was done (which would lose an alert).
   */
  begin(key: string, holdMs: number): Promise<ClaimState>;
  /** The side effect happened: kept `ttlMs`, and `begin` answers `'done'`. */
  confirm(key: string, ttlMs: number): Promise<void>;
}

export type ClaimState = 'won' | 'held' | 'done';

/** A named lease in the shared store (`SET NX PX`), renewed while its holder works. */
export interface LeaseStore {
  acquire(name: string, holder: string, ttlMs: number): Promise<boolean>;
  /** `false` when the lease was lost (expired and taken by another holder). */
  renew(name: string, holder: string, ttlMs: number): Promise<boolean>;
  release(name: string, holder: string): Promise<void>;
}

/**
 * Messages holding a secret that must leave the chat at `dueAt` (docs/privacy.md §2.3: PINs and SIP passwords
 * are deleted after `SECRET_DELETE_MINUTES`). Kept in the store so a restart does not forget them.
 */
export interface ScheduledDeletion {
  /** `<chatId>:<first message id>`. */
  id: string;
  chatId: string;
  messageIds: readonly number[];
  /** ISO 8601. */
  dueAt: string;
  /** ISO 8601: when the messages were sent; Telegram deletes a message up to 48 h after that. */
  sentAt?: string;
}

/**
 * A confirmation whose Confirm and Cancel are on screen, until its expiry edits them into one
 * disabled "Expired" (docs/interface.md §2.6). `id` is its pending action's ticket id.
 */
export interface ExpiringConfirmation extends Revised {
  /** The prompt as shown, without its "expires in" line. */
  prompt: string;
  language: string;
  /** ISO 8601: when it was asked, and when its buttons stop working. */
  createdAt: string;
  expiresAt: string;
  /** Where it landed, as the send reported it (`Core.messageSent`); without it there is nothing to edit. */
  message?: SentMessage;
}

/** The state of the bot speaking first; lives in the shared store, so it survives restarts. */
export interface ProactiveStores {
  alerts: RecordStore<AlertSubscription>;
  callReports: RecordStore<CallReport>;
  digests: RecordStore<DigestSubscription>;
  /** Secrets' messages still to delete (Telegram). */
  deletions: RecordStore<ScheduledDeletion>;
  /** Confirmations to edit at their expiry (proactive/confirm-expiry.ts); where they landed is sealed. */
  confirmations: RecordStore<ExpiringConfirmation>;
  claims: ClaimStore;
  leases: LeaseStore;
}
