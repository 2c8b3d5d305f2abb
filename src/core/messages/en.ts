import { accessEn } from './en/access.js';
import { accountEn } from './en/account.js';
import { argumentsEn } from './en/arguments.js';
import { assistantEn } from './en/assistant.js';
import { callsEn } from './en/calls.js';
import { cardsEn } from './en/cards.js';
import { commandsEn } from './en/commands.js';
import { confirmationsEn } from './en/confirmations.js';
import { deliveryEn } from './en/delivery.js';
import { exportEn } from './en/export.js';
import { failuresEn } from './en/failures.js';
import { generalEn } from './en/general.js';
import { guardEn } from './en/guard.js';
import { linkingEn } from './en/linking.js';
import { menuEn } from './en/menu.js';
import { preferencesEn } from './en/preferences.js';
import { proactiveEn } from './en/proactive.js';

/**
 * The English catalogue, composed from one file per area (src/core/messages/en/). Its type is
 * `Messages`: every other language must have every key it has.
 */
export const en = {
  ...generalEn,
  ...commandsEn,
  ...argumentsEn,
  ...preferencesEn,
  ...linkingEn,
  ...accountEn,
  ...callsEn,
  ...exportEn,
  ...cardsEn,
  ...confirmationsEn,
  ...menuEn,
  ...failuresEn,
  ...proactiveEn,
  ...guardEn,
  ...assistantEn,
  ...accessEn,
  ...deliveryEn,
};
