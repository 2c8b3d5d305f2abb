/** The records the core's ports carry; defined beside their user, in the core. */
export type * from '../core/ports/records.js';
