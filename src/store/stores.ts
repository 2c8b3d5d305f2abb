/** The store ports belong to the core (style.md, "The core owns its ports"); this store implements them. */
export type * from '../core/ports/stores.js';
