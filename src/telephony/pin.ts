declare const pinBrand: unique symbol;

/**
 * A PIN as the provider takes it: 4 to 32 ASCII digits (spec 4.6 sends it as a string;
 * provider-notes says digits). Made only by `parsePin`, so a PIN is checked once (docs/architecture.md §7.4).
 */
export type Pin = string & { readonly [pinBrand]: true };

/** Why a PIN was refused, for callers that word the fix themselves (the bot's catalogue). */
export type PinProblem = 'empty' | 'characters' | 'short' | 'long';

export type PinResult = { ok: true; value: Pin } | { ok: false; problem: PinProblem; fix: string };

const FIXES: Record<PinProblem, string> = {
  empty: 'the PIN is empty; type the digits printed on the card',
  characters: 'a PIN has digits only; type the digits printed on the card',
  short: 'a PIN has at least 4 digits; check the card',
  long: 'a PIN has at most 32 digits; check the card',
};

const CANONICAL = /^\d{4,32}$/;

/**
 * True for a PIN in the form `parsePin` returns. One test of the finished form, no normalising:
 * what lets a parsed PIN through the client's schemas (a property test shows the two agree).
 */
export function isPin(value: unknown): value is Pin {
  return typeof value === 'string' && CANONICAL.test(value);
}

/** Reads a PIN as a person types it: spaces and dashes between groups of digits are dropped. */
export function parsePin(text: string): PinResult {
  const digits = text.replace(/[\s-]/g, '');
  const problem: PinProblem | undefined =
    digits === ''
      ? 'empty'
      : !/^\d+$/.test(digits)
        ? 'characters'
        : digits.length < 4
          ? 'short'
          : digits.length > 32
            ? 'long'
            : undefined;
  if (problem) return { ok: false, problem, fix: FIXES[problem] };
  return { ok: true, value: digits as Pin };
}
