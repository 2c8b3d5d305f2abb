import { calendarDate, isCalendarDate, toIsoDate } from '../../telephony/dates.js';
import { isPhoneNumber, normalizePhoneNumber } from '../../telephony/phone.js';
import type { EncodedArgs } from '../ports/records.js';

/**
 * A command's parsed arguments as a pending confirmation keeps them (docs/interface.md §2.1): the
 * values its own parse produced, encoded to JSON so the sealed store can hold them, and made again
 * on Confirm without parsing the typed text a second time (docs/architecture.md §7.4). Money is an
 * integer count of minor units; a number that is not a safe integer is refused here, never rounded.
 */

/** The client's own values, by the tag that carries them (each made only by its maker). */
const TAGS = ['$phone', '$day', '$absent'] as const;

/** Encodes parsed arguments; throws on what it cannot keep exactly (a float, a class, a function). */
export function encodeArgs(value: unknown): EncodedArgs {
  if (value === undefined) return { $absent: true };
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new RangeError('a pending argument is not an integer');
    return value;
  }
  if (isPhoneNumber(value)) return { $phone: value.digits };
  if (isCalendarDate(value)) return { $day: toIsoDate(value) };
  if (Array.isArray(value)) return value.map(encodeArgs);
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, EncodedArgs> = {};
    for (const [key, v] of Object.entries(value)) {
      if (key.startsWith('$')) throw new RangeError(`a pending argument's key starts with $: ${key}`);
      if (v !== undefined) out[key] = encodeArgs(v);
    }
    return out;
  }
  throw new TypeError(`a pending argument cannot be kept: ${typeof value}`);
}

/** The arguments again, as the parse made them; undefined when a value does not come back whole. */
export function decodeArgs(encoded: EncodedArgs): { value: unknown } | undefined {
  try {
    return { value: decode(encoded) };
  } catch {
    return undefined;
  }
}

function decode(e: EncodedArgs): unknown {
  if (e === null || typeof e !== 'object') return e;
  if (Array.isArray(e)) return e.map(decode);
  const tag = TAGS.find((t) => Object.hasOwn(e, t));
  const fields = e as Record<string, EncodedArgs>;
  if (tag === '$absent') return undefined;
  if (tag === '$phone') return madeAgain(normalizePhoneNumber(`+${String(fields.$phone)}`));
  if (tag === '$day') {
    const [y, m, d] = String(fields.$day).split('-').map(Number);
    return madeAgain({ ok: true, value: calendarDate(y ?? 0, m ?? 0, d ?? 0) });
  }
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, decode(v)]));
}

/** A value its maker refused (a stored record tampered with, a rule changed): the press is refused. */
function madeAgain<T>(result: { ok: boolean; value?: T | undefined }): T {
  if (!result.ok || result.value === undefined) throw new RangeError('a pending argument did not come back');
  return result.value;
}
