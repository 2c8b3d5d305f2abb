import { z } from 'zod';

/**
 * Money as an integer count of minor units at a given scale, plus a currency: never a float.
 * `scale` is the number of decimal digits the provider sent (at least 2), so rates such as
 * `"0,0190"` keep their precision: `{ minor: 190, scale: 4 }`.
 */
export interface Money {
  /** Integer: value × 10^scale. */
  readonly minor: number;
  /** Decimal digits after the separator, ≥ 2. */
  readonly scale: number;
  /** ISO 4217 code, upper case (`EUR`). */
  readonly currency: string;
}

const DECIMAL = /^([+-])?(\d+)(?:[.,](\d+))?$/;

/**
 * Parses a provider amount: `"18,40"`, `"0,10 EUR"`, `"-1,5"`, or the decimal-point CDR amounts
 * `"0.0350"` (provider-notes 1.4). A currency inside the text wins over `currency`.
 * Returns `undefined` for anything else; string arithmetic only, no parseFloat.
 */
export function parseMoney(text: string, currency: string): Money | undefined {
  let t = text.trim();
  let cur = currency;
  const withCurrency = /^(.*?)\s*([A-Za-z]{3})$/.exec(t);
  if (withCurrency) {
    t = withCurrency[1]!.trim();
    cur = withCurrency[2]!;
  }
  // No whitespace inside the number: "1 234,56" is a thousands separator the spec does not have.
  const m = DECIMAL.exec(t);
  if (!m) return undefined;
  const [, sign, whole, fraction = ''] = m;
  const scale = Math.max(2, fraction.length);
  const digits = `${whole}${fraction.padEnd(scale, '0')}`;
  const minor = Number(digits);
  if (!Number.isSafeInteger(minor)) return undefined;
  return { minor: sign === '-' ? -minor : minor, scale, currency: cur.toUpperCase() };
}

/** Rescales to a larger scale exactly (never loses digits). */
export function rescale(money: Money, scale: number): Money {
  if (scale < money.scale) throw new RangeError('rescale would lose precision');
  return { ...money, minor: money.minor * 10 ** (scale - money.scale), scale };
}

export function subtractMoney(a: Money, b: Money): Money {
  if (a.currency !== b.currency) throw new RangeError(`currency mismatch ${a.currency}/${b.currency}`);
  const scale = Math.max(a.scale, b.scale);
  return { minor: rescale(a, scale).minor - rescale(b, scale).minor, scale, currency: a.currency };
}

export function addMoney(a: Money, b: Money): Money {
  return subtractMoney(a, { ...b, minor: -b.minor });
}

/** The exact decimal string, `"18.40"` (`"18"` at scale 0), integer arithmetic only: for Intl.NumberFormat (which formats decimal strings exactly) and for CSV. */
export function moneyToDecimalString(money: Money): string {
  const negative = money.minor < 0;
  const digits = String(Math.abs(money.minor)).padStart(money.scale + 1, '0');
  const whole = digits.slice(0, digits.length - money.scale);
  const fraction = money.scale === 0 ? '' : `.${digits.slice(digits.length - money.scale)}`;
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/** The provider's own request form, decimal point (`Amount=0.10`, provider-notes 1.4). */
export function moneyToWire(money: Money): string {
  return moneyToDecimalString(money);
}

/** The provider's response form, decimal comma, `"18,40"`. */
export function moneyToCommaString(money: Money): string {
  return moneyToDecimalString(money).replace('.', ',');
}

export const moneySchema = z.object({
  minor: z.number().int(),
  scale: z.number().int().min(0),
  currency: z.string(),
});
