import type { ReservationBook, SpendReservations } from '../core/ports/reservations.js';
import type { KeyValueStore } from './key-value-store.js';
import { recordStore } from './proactive-store.js';

/**
 * Call reservations (docs/money-guard.md §1.5) on the one KeyValueStore: one record per provider account, changed
 * only through the record store's `update`, which holds the record's lock (the store's atomic
 * `SET NX PX`), so two instances reserving at once on Redis, or two commands on one SQLite file,
 * never both see the same remainder. An empty book is deleted.
 */
export function createReservationStore(kv: KeyValueStore): SpendReservations {
  const books = recordStore<ReservationBook>(kv, 'spend:resv:');
  const empty = (id: string): ReservationBook => ({ id, entries: [] });
  return {
    async update(account, change) {
      let result = empty(account);
      await books.update(account, (current) => {
        const before = current ?? empty(account);
        result = change(before);
        if (result === before) return current;
        return result.entries.length > 0 ? result : undefined;
      });
      return result;
    },
    get: (account) => books.get(account),
    list: () => books.list(),
  };
}
