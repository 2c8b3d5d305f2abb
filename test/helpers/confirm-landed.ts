import type { ExpiringConfirmation } from '../../src/core/ports/proactive.js';
import type { Stores } from '../../src/core/ports/stores.js';

/** Every confirmation the expiry job still holds (docs/interface.md §2.6). */
export async function confirmationsHeld(stores: Pick<Stores, 'proactive'>): Promise<ExpiringConfirmation[]> {
  const out: ExpiringConfirmation[] = [];
  for await (const r of stores.proactive.confirmations.list()) out.push(r);
  return out;
}

/**
 * Resolves once a confirmation's landing is recorded: the executor reports it right after the send,
 * which a test sees before the core's turn has ended. No deadline of its own (a loaded machine may
 * take a while): the test's timeout ends a wait for a landing that never comes.
 */
export async function confirmationLanded(stores: Pick<Stores, 'proactive'>): Promise<void> {
  while (!(await confirmationsHeld(stores)).some((r) => r.message))
    await new Promise((r) => setTimeout(r, 5));
}
