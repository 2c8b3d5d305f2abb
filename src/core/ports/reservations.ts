import type { Money } from '../../telephony/money.js';

/**
 * The spend one `/call` holds against its account's limits while it may run (docs/money-guard.md §1.5):
 * `rate(B) × allowed minutes`, in each period it counts in, until the call's record is in the
 * provider's records (then the record counts, never both) or it expires.
 */
export interface CallReservation {
  id: string;
  amount: Money;
  /** The periods it counts in, as the limits key them (`day:2026-11-24`, `month:2026-11`). */
  periods: string[];
  allowedMinutes: number;
  /** The destination's E.164 digits, to find the call's record. */
  bNumber: string;
  /** Just before the call was sent, and (once placed) when its answer came: the record's start lies between. */
  placedAt: string;
  answeredAt?: string;
  /** The allowed time and a grace for the record to appear; counted until then unless its record is in. */
  expiresAt: string;
  /** Set once the call was placed: what the cut-off job needs to hang it up (the owner's credentials). */
  call?: { callId: string; owner: string; username: string; cutAt: string };
  /** When the cut-off job hung it up. */
  cutAt?: string;
}

/** One provider account's reservations. */
export interface ReservationBook {
  /** The provider account (its username): what the limits of every owner of it spend from. */
  id: string;
  entries: CallReservation[];
}

/** The reservation store: one book per account, changed only under the book's lock, across instances. */
export interface SpendReservations {
  /**
   * Read-modify-write of one account's book, exclusive across instances (memory, SQLite, Redis):
   * `change` sees the book as it is now (empty when there is none) and returns the new one.
   */
  update(account: string, change: (book: ReservationBook) => ReservationBook): Promise<ReservationBook>;
  get(account: string): Promise<ReservationBook | undefined>;
  list(): AsyncIterable<ReservationBook>;
}
