/** The store ports belong to the core (docs/architecture.md §7, "The core owns its ports"); this store implements them. */
export type * from '../core/ports/stores.js';
