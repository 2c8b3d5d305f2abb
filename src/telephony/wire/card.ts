import { z } from 'zod';
import type { Money } from '../money.js';
import { Secret } from '../secret.js';
import { money, optStr, str } from './fields.js';

// ---- 2.3 card -------------------------------------------------------------------------------------

export type CardState = 'active' | 'blocked' | 'disabled';

export interface Card {
  customer: string;
  cli: string;
  amount: Money;
  amountAll: Money;
  serial: string;
  /** The card PIN: a secret, printed as `[redacted]`. */
  pin: Secret;
  state: CardState;
}

/** spec 2.3 / 3.1: `1` active, `""` blocked, `" "` (blank) disabled. */
export function cardState(active: unknown): CardState | undefined {
  if (active === 1 || active === '1' || active === true) return 'active';
  if (active === '' || active === null || active === 0 || active === '0') return 'blocked';
  if (typeof active === 'string' && active.trim() === '') return 'disabled';
  return undefined;
}

export const cardBody = z
  .looseObject({
    Kunde: optStr,
    CLI: str,
    Amount: money('EUR'),
    AmountAll: money('EUR'),
    fldSerial: optStr,
    fldPIN: optStr,
    active: z.unknown(),
  })
  .transform((b, ctx): Card => {
    const state = cardState(b.active);
    if (!state) {
      ctx.addIssue({ code: 'custom', path: ['active'], message: 'not 1, "" or " "' });
      return z.NEVER;
    }
    return {
      customer: b.Kunde ?? '',
      cli: b.CLI,
      amount: b.Amount,
      amountAll: b.AmountAll,
      serial: b.fldSerial ?? '',
      pin: new Secret(b.fldPIN ?? ''),
      state,
    };
  });
