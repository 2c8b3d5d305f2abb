import { normalizePhoneNumber } from '../../telephony/phone.js';

/**
 * The first phone number in free text, with its country code (`+49 30 1234567`, `0049…`), as
 * `+<digits>`; for the message shortcuts "Call this number" and "Rate for this number" (docs/interface.md §4.2).
 * Numbers without a country code are skipped: guessing one could ring the wrong country.
 */
export function findPhoneNumber(text: string): string | undefined {
  const candidates = text.match(/(?:\+|\b00)\d[\d ()./-]{4,22}\d/g) ?? [];
  for (const raw of candidates) {
    const r = normalizePhoneNumber(raw.trim());
    if (r.ok) return `+${r.value.digits}`;
  }
  return undefined;
}
