import { z } from 'zod';
import { sipLineSeedSchema } from './seed-schema.js';

/**
 * The sandbox's whole state as plain JSON: what `persistPath` holds, so a restart loses nothing.
 * Amounts are integers at scale 4 (see money-format.ts); times are ISO strings (UTC).
 */

const iso = z.string();
const int = z.number().int();

export const accountCdrSchema = z.object({
  start: iso,
  end: iso,
  seconds: int,
  number: z.string(),
  destination: z.string(),
  amount: int,
  amountTax: int,
  type: z.string(),
});

export const callshopCdrSchema = z.object({
  start: iso,
  caller: z.string(),
  callee: z.string(),
  seconds: int,
  billedSeconds: int,
  destination: z.string(),
  amount: int,
  amountTax: int,
});

export const accountStateSchema = z.object({
  username: z.string(),
  /** md5_hex(password), the signing key K (provider-notes 1.1): the password itself is never kept. */
  key: z.string(),
  kind: z.enum(['account', 'callshop', 'pin-creation']),
  realm: z.string(),
  customerNumber: z.string(),
  accountNumber: z.string(),
  customerName: z.string(),
  accountName: z.string(),
  currency: z.string(),
  balance: int,
  taxBasisPoints: int,
  callingCard: z.boolean(),
  dialin: z.object({
    geo: z.record(z.string(), z.string()),
    free: z.record(z.string(), z.string()),
    callbackGeo: z.record(z.string(), z.string()),
    callbackFree: z.record(z.string(), z.string()),
    personal: z.string(),
  }),
  target: z.object({ anumber: z.string().nullable(), bnumber: z.string().nullable() }),
  sipLines: z.array(sipLineSeedSchema),
  cdrs: z.array(accountCdrSchema),
  callshopCdrs: z.array(callshopCdrSchema),
});

export const cardStateSchema = z.object({
  owner: z.string(),
  cli: z.string(),
  kunde: z.string(),
  amount: int,
  amountAll: int,
  serial: z.string(),
  pin: z.string(),
  state: z.enum(['active', 'blocked', 'disabled']),
});

export const pinStateSchema = z.object({
  pin: z.string(),
  value: int,
  currency: z.string(),
  kind: z.enum(['cash', 'calling']),
  forUser: z.string().optional(),
  usedBy: z.string().optional(),
  usedAt: iso.optional(),
});

export const callStateSchema = z.object({
  callId: z.string(),
  username: z.string(),
  aNumber: z.string(),
  bNumber: z.string(),
  start: iso,
  /** Set when the call ended, by `stopcallback` or by the D10 maximum duration. */
  end: iso.optional(),
  endedBy: z.enum(['stopcallback', 'max-duration']).optional(),
});

export const rateStateSchema = z.object({ prefix: z.string(), name: z.string(), price: int });

export const persistedStateSchema = z.object({
  version: z.literal(1),
  /** Exchange factors from EUR at scale 4. */
  exchange: z.record(z.string(), int),
  rates: z.array(rateStateSchema),
  accounts: z.record(z.string(), accountStateSchema),
  cards: z.array(cardStateSchema),
  pins: z.array(pinStateSchema),
  calls: z.array(callStateSchema),
  nextSerial: int,
});

export type AccountCdr = z.infer<typeof accountCdrSchema>;
export type CallshopCdr = z.infer<typeof callshopCdrSchema>;
export type AccountState = z.infer<typeof accountStateSchema>;
export type CardState = z.infer<typeof cardStateSchema>;
export type PinState = z.infer<typeof pinStateSchema>;
export type CallState = z.infer<typeof callStateSchema>;
export type RateState = z.infer<typeof rateStateSchema>;
export type PersistedState = z.infer<typeof persistedStateSchema>;
