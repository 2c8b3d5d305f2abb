import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

declare const phoneBrand: unique symbol;

/**
 * A phone number the client checked (docs/architecture.md §7.4): made only by `normalizePhoneNumber`, frozen, and
 * passed to every operation as it is, so a number is parsed once from the text a person typed.
 */
export interface PhoneNumber {
  readonly [phoneBrand]: true;
  /** E.164 digits without the plus, as the provider wants them (spec 2.2). */
  readonly digits: string;
  /** Country calling code, e.g. `49`. */
  readonly countryCode: string;
  /** The number after the country code, e.g. `301234567`. */
  readonly national: string;
  /** ISO region when known, e.g. `DE`. */
  readonly region: string | undefined;
}

/** Why a number was refused, for callers that word the fix themselves (the bot's catalogue). */
export type PhoneProblem = 'empty' | 'characters' | 'national' | 'length' | 'impossible';

export type PhoneResult =
  | { ok: true; value: PhoneNumber }
  | { ok: false; fix: string; problem: PhoneProblem; digits?: string };

/** Every number `normalizePhoneNumber` made: only these skip parsing in the client's schemas. */
const made = new WeakSet<object>();

/** True for a number the client's own parser made (not merely an object of the same shape). */
export function isPhoneNumber(value: unknown): value is PhoneNumber {
  return typeof value === 'object' && value !== null && made.has(value);
}

const FIX_FORMAT =
  'write it in international form with the country code, e.g. +49 30 1234567, 0049301234567 or 49301234567';

/**
 * Normalises a phone number typed by a person to E.164 digits. Accepts `+49 30 1234567`,
 * `0049 30 1234567`, `49301234567`, with spaces, dots, dashes, slashes and brackets. A national
 * number with a single leading 0 is refused: without a country the provider cannot route it.
 */
export function normalizePhoneNumber(input: string): PhoneResult {
  const trimmed = input.trim();
  if (trimmed === '') return { ok: false, problem: 'empty', fix: `the number is empty; ${FIX_FORMAT}` };
  if (!/^[+\d][\d\s().\-/]*$/.test(trimmed)) {
    return {
      ok: false,
      problem: 'characters',
      fix: `"${trimmed.slice(0, 40)}" has characters a phone number cannot have; ${FIX_FORMAT}`,
    };
  }
  let digits = trimmed.replace(/[^\d]/g, '');
  if (trimmed.startsWith('+')) {
    // already international
  } else if (digits.startsWith('00')) {
    digits = digits.slice(2);
  } else if (digits.startsWith('0')) {
    return {
      ok: false,
      problem: 'national',
      fix: `a number starting with a single 0 has no country code; ${FIX_FORMAT}`,
    };
  }
  if (digits.length < 6 || digits.length > 15) {
    return {
      ok: false,
      problem: 'length',
      fix: `a phone number has 6 to 15 digits including the country code; ${FIX_FORMAT}`,
    };
  }
  const parsed = parsePhoneNumberFromString(`+${digits}`);
  if (!parsed?.isPossible()) {
    return {
      ok: false,
      problem: 'impossible',
      digits,
      fix: `+${digits} is not a possible phone number; check the digits and the country code`,
    };
  }
  const value = Object.freeze({
    digits: `${parsed.countryCallingCode}${parsed.nationalNumber}`,
    countryCode: parsed.countryCallingCode,
    national: parsed.nationalNumber,
    region: parsed.country,
  }) as PhoneNumber;
  made.add(value);
  return { ok: true, value };
}
