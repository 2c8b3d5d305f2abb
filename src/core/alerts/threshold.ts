import { z } from 'zod';
import { type Money, parseMoney, subtractMoney } from '../../telephony/money.js';

/** `/alert` arguments: nothing (show), `off`, or an amount with an optional currency. */
export type AlertArgs = { kind: 'show' } | { kind: 'off' } | { kind: 'set'; amount: Money };

const SYMBOLS: Record<string, string> = { '€': 'EUR', $: 'USD', '£': 'GBP', 'fr.': 'CHF', fr: 'CHF' };
/**
 * `5`, `5,00`, `5.5`, `5,00 €`, `€5`, `5 EUR`: split into tokens by the tokenizer, joined again
 * here. `fix` is the catalogue's wording of the fix.
 */
export const alertArgs = (fix: string) =>
  z.array(z.string()).transform((tokens, ctx): AlertArgs => {
    if (tokens.length === 0) return { kind: 'show' };
    const text = tokens.join(' ').trim();
    if (/^(off|none|stop|aus)$/i.test(text)) return { kind: 'off' };
    const amount = parseThreshold(text);
    if (!amount) {
      ctx.addIssue({ code: 'custom', message: fix });
      return z.NEVER;
    }
    return { kind: 'set', amount };
  });

/** An amount a person typed; the currency is `''` when they gave none (the account's is used). */
function parseThreshold(text: string): Money | undefined {
  let t = text.trim();
  let currency = '';
  const symbol = /^(€|\$|£)\s*(.+)$/.exec(t) ?? /^(.+?)\s*(€|\$|£|fr\.?|[A-Za-z]{3})$/i.exec(t);
  if (symbol) {
    const [, a, b] = symbol as unknown as [string, string, string];
    const [sym, rest] = /^(€|\$|£)$/.test(a) ? [a, b] : [b, a];
    currency = SYMBOLS[sym.toLowerCase()] ?? sym.toUpperCase();
    t = rest.trim();
  }
  if (!/^\d{1,7}([.,]\d{1,2})?$/.test(t)) return undefined;
  const m = parseMoney(t, currency);
  if (!m || m.minor <= 0) return undefined;
  return { ...m, currency };
}

/** Sign of `a - b`; a threshold without a currency takes the balance's. */
export function compareMoney(a: Money, b: Money): number {
  return Math.sign(subtractMoney(a, { ...b, currency: b.currency || a.currency }).minor);
}

/** The re-arm margin: the balance must rise this far above the threshold (default 10 %, at least one cent). */
function rearmLevel(threshold: Money, marginPercent: number): Money {
  const margin = Math.max(1, Math.ceil((threshold.minor * marginPercent) / 100));
  return { ...threshold, minor: threshold.minor + margin };
}

/**
 * Hysteresis (docs/proactive.md §1.2): alert once when the balance falls below the threshold; re-arm only
 * once it rises above the threshold plus a margin, so a balance hovering at the line alerts once.
 */
export function nextAlertState(
  state: { armed: boolean; threshold: Money },
  balance: Money,
  marginPercent: number,
): { fire: boolean; armed: boolean } {
  if (state.armed) {
    const below = compareMoney(balance, state.threshold) < 0;
    return { fire: below, armed: !below };
  }
  return { fire: false, armed: compareMoney(balance, rearmLevel(state.threshold, marginPercent)) > 0 };
}
