import type { TrackedMessage } from '../ports/notify.js';
import type { ExpiringConfirmation } from '../ports/proactive.js';
import type { Stores } from '../ports/stores.js';

/**
 * The `watch` key of a confirmation's message: where the send said it landed is remembered, so
 * its expiry can edit its buttons into a disabled "Expired" (docs/interface.md §2.6; the job is
 * proactive/confirm-expiry.ts). How the confirmation is sent does not change for it.
 */
export const CONFIRM_WATCH_PREFIX = 'confirm:';

/** A confirmation shown: remembered until its expiry edits it (or finds nothing to edit). */
export async function confirmationShown(
  stores: Pick<Stores, 'proactive'>,
  record: Omit<ExpiringConfirmation, 'rev' | 'message'>,
): Promise<void> {
  await stores.proactive.confirmations.put(record);
}

/** Where a confirmation landed (`Core.messageSent`); false for another key. */
export async function recordConfirmMessage(stores: Stores, tracked: TrackedMessage): Promise<boolean> {
  if (!tracked.track.startsWith(CONFIRM_WATCH_PREFIX)) return false;
  const id = tracked.track.slice(CONFIRM_WATCH_PREFIX.length);
  await stores.proactive.confirmations.update(id, (r) => (r ? { ...r, message: tracked.message } : r));
  return true;
}
