import { convert } from './money-format.js';
import type { PersistedState, RateState } from './state-schema.js';

/**
 * Longest-prefix matching on country code plus network part (spec 2.4, 2.9): `4917012345678`
 * matches `4917` (Germany Mobile) before `49` (Germany Fixed).
 */
export class RateTable {
  readonly #byPrefix = new Map<string, RateState>();
  readonly #longest: number;

  constructor(rates: readonly RateState[]) {
    for (const rate of rates) this.#byPrefix.set(rate.prefix, rate);
    this.#longest = Math.max(0, ...rates.map((r) => r.prefix.length));
  }

  /** The longest rate prefix of `digits` (E.164 digits without plus or 00), or undefined (D8). */
  match(digits: string): RateState | undefined {
    for (let len = Math.min(this.#longest, digits.length - 1); len >= 1; len--) {
      const rate = this.#byPrefix.get(digits.slice(0, len));
      if (rate) return rate;
    }
    return undefined;
  }
}

/** A rate's price per minute in the account's currency, scale 4 (spec 4.8: "in the user currency"). */
export function priceIn(state: PersistedState, rate: RateState, currency: string): number {
  const code = currency.toUpperCase();
  if (code === 'EUR') return rate.price;
  const factor = state.exchange[code];
  if (factor === undefined) throw new Error(`no exchange factor for ${code}`);
  return convert(rate.price, factor);
}

/**
 * The sandbox's billing rule (provider-notes D10 leaves it open): every started minute is billed
 * at the destination's per-minute price; a call of 0 seconds costs nothing. 125 s → 3 minutes.
 */
export function bill(pricePerMinute: number, seconds: number): { minutes: number; amount: number } {
  const minutes = Math.ceil(seconds / 60);
  return { minutes, amount: minutes * pricePerMinute };
}

/** Strips `+` or `00` from a dialled number; undefined when what remains is not 3 to 15 digits. */
export function dialledDigits(text: string): string | undefined {
  const t = text.trim();
  const digits = t.startsWith('+') ? t.slice(1) : t.startsWith('00') ? t.slice(2) : t;
  return /^\d{3,15}$/.test(digits) ? digits : undefined;
}
