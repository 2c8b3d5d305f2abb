import { type Money, parseMoney, rescale } from '../../telephony/money.js';

/**
 * Amounts typed for the money guard: `5`, `5.00`, `5,50`, and per-minute prices with up to four
 * decimals (`0.10`, `0,019`). The currency is `''` (the account's applies), never a float.
 */
export function parseGuardAmount(text: string, maxDecimals: 2 | 4): Money | undefined {
  const t = text.trim().replace(/^€\s*|\s*(€|eur)$/gi, '');
  const pattern = maxDecimals === 2 ? /^\d{1,7}([.,]\d{1,2})?$/ : /^\d{1,4}([.,]\d{1,4})?$/;
  if (!pattern.test(t)) return undefined;
  const m = parseMoney(t, '');
  if (!m || m.minor <= 0) return undefined;
  return { ...m, currency: '' };
}

/** `a` and `b` at one scale (the larger), the currency of whichever has one. */
function aligned(a: Money, b: Money): [number, number] {
  const scale = Math.max(a.scale, b.scale);
  return [rescale(a, scale).minor, rescale(b, scale).minor];
}

/** Sign of `a - b`; an amount typed without a currency takes the other's. */
export function compareAmounts(a: Money, b: Money): number {
  const [x, y] = aligned(a, b);
  return Math.sign(x - y);
}

/** Whole percent of `part` in `whole`, rounded down (integer arithmetic on minor units). */
export function percentOf(part: Money, whole: Money): number {
  const [x, y] = aligned(part, whole);
  return y <= 0 ? 0 : Math.floor((x * 100) / y);
}

/** The levels a spend limit alerts at (docs/money-guard.md §1, §2). */
export const LIMIT_LEVELS = [50, 80, 100] as const;

/** The highest level `percent` reached, or 0. */
export function levelOf(percent: number): number {
  return [...LIMIT_LEVELS].reverse().find((l) => percent >= l) ?? 0;
}

/** The account's currency on an amount typed without one. */
export function inCurrency(m: Money, currency: string): Money {
  return m.currency ? m : { ...m, currency };
}
