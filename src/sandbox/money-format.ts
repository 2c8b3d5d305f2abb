import { moneyToCommaString, moneyToDecimalString, parseMoney, rescale } from '../telephony/money.js';

/**
 * The sandbox keeps every amount as an integer count of ten-thousandths (scale 4), never a float:
 * rates such as `0,0190` per minute need four decimals, and balances must move by exactly the
 * billed amount (docs/sandbox.md §1.1). Formatting happens only at the wire edge.
 */
export const SCALE = 4;

/** Parses `"18,40"`, `"18.40"` or `"0,0190"` into scale-4 minor units; undefined if not an amount. */
export function parseAmount(text: string): number | undefined {
  const money = parseMoney(text, 'EUR');
  if (!money || money.scale > SCALE) return undefined;
  return rescale(money, SCALE).minor;
}

const money = (minor: number) => ({ minor, scale: SCALE, currency: 'EUR' });

/** Shortest of scale 2 or 4 that is exact: `18,40`, `18,3430`. */
function trimmed(minor: number): { minor: number; scale: number; currency: string } {
  return minor % 100 === 0 ? { minor: minor / 100, scale: 2, currency: 'EUR' } : money(minor);
}

/** Decimal comma, the provider's response form for balances and prices (spec 2, provider-notes 1.4). */
export function commaAmount(minor: number): string {
  return moneyToCommaString(trimmed(minor));
}

/** Price with four decimals and a comma, as rate tables quote them: `0,0190` (spec 2.9). */
export function commaPrice(minor: number): string {
  return moneyToCommaString(money(minor));
}

/** Decimal point with four decimals: the account CDR table (spec 2.7, provider-notes 1.4). */
export function pointAmount(minor: number): string {
  return moneyToDecimalString(money(minor));
}

/** Card amounts, `0,10 EUR` (spec 2.3): cards hold whole cents in EUR. */
export function cardAmount(minor: number): string {
  return `${moneyToCommaString({ minor: Math.round(minor / 100), scale: 2, currency: 'EUR' })} EUR`;
}

/** Amount plus tax in basis points, rounded half up at scale 4 (integer arithmetic). */
export function withTax(minor: number, taxBasisPoints: number): number {
  return Math.round((minor * (10_000 + taxBasisPoints)) / 10_000);
}

/** Converts an EUR amount with an exchange factor held at scale 4 (`0.9500` → 9500). */
export function convert(minor: number, factor: number): number {
  return Math.round((minor * factor) / 10_000);
}
