import type { TrackedMessage } from '../ports/notify.js';
import type { ExpiringConfirmation } from '../ports/proactive.js';
import type { Stores } from '../ports/stores.js';

/**
 * The `track` key of a confirmation's message: remembered until its expiry edits its buttons to a
 * disabled "Expired" (docs/interface.md §2.6; the sweep is proactive/confirm-expiry.ts).
 */
export const CONFIRM_TRACK_PREFIX = 'confirm:';

/** A confirmation shown: remembered until its expiry edits it. */
export async function confirmationShown(
  stores: Pick<Stores, 'proactive'>,
  record: Omit<ExpiringConfirmation, 'rev' | 'message'>,
): Promise<void> {
  await stores.proactive.confirmations.put(record);
}

/** Where a confirmation landed (`Core.messageSent`); false for another track. */
export async function recordConfirmMessage(stores: Stores, tracked: TrackedMessage): Promise<boolean> {
  if (!tracked.track.startsWith(CONFIRM_TRACK_PREFIX)) return false;
  const id = tracked.track.slice(CONFIRM_TRACK_PREFIX.length);
  await stores.proactive.confirmations.update(id, (r) => (r ? { ...r, message: tracked.message } : r));
  return true;
}
