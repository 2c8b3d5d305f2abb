/**
 * Zod schemas of the wire bodies (spec §2, §7), each transformed into the domain type callers see,
 * one file per spec section under `wire/`.
 */
export * from './wire/account.js';
export * from './wire/card.js';
export * from './wire/envelope.js';
export * from './wire/fields.js';
export * from './wire/rates.js';
export * from './wire/records.js';
export * from './wire/voip.js';
