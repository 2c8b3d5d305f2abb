import type { Money } from '../../telephony/money.js';
import type { PhoneNumber } from '../../telephony/phone.js';
import type { Pin } from '../../telephony/pin.js';

/**
 * `/card`'s arguments, the client's own values (docs/architecture.md §7.4): numbers, PIN and amount reach it as
 * `card.ts` parsed them.
 */
export type CardArgs =
  | { sub: 'show' | 'block' | 'unblock' | 'disable'; cli: PhoneNumber }
  | { sub: 'limit'; cli: PhoneNumber; cap?: Money | 'off' }
  | { sub: 'create'; cli: PhoneNumber; amount?: Money | undefined; customer?: string | undefined }
  | { sub: 'renumber'; cli: PhoneNumber; newCli: PhoneNumber }
  | { sub: 'activate'; cli: PhoneNumber; pin: Pin };
