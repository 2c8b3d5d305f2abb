import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

export interface PhoneNumber {
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
  return {
    ok: true,
    value: {
      digits: `${parsed.countryCallingCode}${parsed.nationalNumber}`,
      countryCode: parsed.countryCallingCode,
      national: parsed.nationalNumber,
      region: parsed.country,
    },
  };
}
