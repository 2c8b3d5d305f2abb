import type { Messages } from '../messages.js';
import { accessDe } from './de/access.js';
import { accountDe } from './de/account.js';
import { argumentsDe } from './de/arguments.js';
import { assistantDe } from './de/assistant.js';
import { callsDe } from './de/calls.js';
import { cardsDe } from './de/cards.js';
import { commandsDe } from './de/commands.js';
import { confirmationsDe } from './de/confirmations.js';
import { deliveryDe } from './de/delivery.js';
import { exportDe } from './de/export.js';
import { failuresDe } from './de/failures.js';
import { generalDe } from './de/general.js';
import { guardDe } from './de/guard.js';
import { linkingDe } from './de/linking.js';
import { menuDe } from './de/menu.js';
import { preferencesDe } from './de/preferences.js';
import { proactiveDe } from './de/proactive.js';

/**
 * The German catalogue, composed from one file per area (src/core/messages/de/), each typed as its
 * English area. Formal address (Sie), as the provider's own customer documents use.
 */
export const de: Messages = {
  ...generalDe,
  ...commandsDe,
  ...argumentsDe,
  ...preferencesDe,
  ...linkingDe,
  ...accountDe,
  ...callsDe,
  ...exportDe,
  ...cardsDe,
  ...confirmationsDe,
  ...menuDe,
  ...failuresDe,
  ...proactiveDe,
  ...guardDe,
  ...assistantDe,
  ...accessDe,
  ...deliveryDe,
};
