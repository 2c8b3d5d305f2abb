/**
 * The ports the core depends on (docs/architecture.md §7, after grammY's `StorageAdapter` and Chat SDK's
 * `StateAdapter`): the interfaces sit beside their user, `src/store` implements them, and adapters
 * take what they need (a dedupe claim) from here rather than from the store.
 */

export type * from './guard.js';
export type * from './metrics.js';
export type * from './records.js';
export type * from './stores.js';
export type * from './tokens.js';
