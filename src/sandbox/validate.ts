import { isRealDate } from '../telephony/dates.js';
import { Refusal } from './envelope.js';

/**
 * Input checks. The provider publishes no validation code, so a missing or malformed parameter is
 * refused with 403 ("request understood but refused", provider-notes 1.3) and a description that
 * names the parameter; a malformed PIN is simply not a valid PIN (1200, spec 4.6).
 */

export function required(params: URLSearchParams, name: string): string {
  const value = params.get(name);
  if (value === null || value.trim() === '') throw new Refusal(403, `missing parameter ${name}`);
  return value.trim();
}

/** E.164 digits without plus, as the spec's numbers are (spec 2.2). */
export function phone(params: URLSearchParams, name: string): string {
  const value = required(params, name);
  if (!/^[1-9]\d{5,14}$/.test(value)) {
    throw new Refusal(
      403,
      `parameter ${name} must be a phone number in E.164 digits without plus, 6 to 15 digits`,
    );
  }
  return value;
}

export type DayRange = { from: number; to: number };

/** Parses `from`/`to` in the endpoint's own form; both bounds inclusive, as whole UTC days. */
export function dayRange(params: URLSearchParams, form: 'DD.MM.YYYY' | 'YYYY-MM-DD'): DayRange {
  const parse = (name: string) => {
    const text = required(params, name);
    const m =
      form === 'DD.MM.YYYY'
        ? /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text)
        : /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
    const d = m
      ? form === 'DD.MM.YYYY'
        ? { year: Number(m[3]), month: Number(m[2]), day: Number(m[1]) }
        : { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) }
      : undefined;
    if (!d || !isRealDate(d)) throw new Refusal(403, `parameter ${name} must be a date of the form ${form}`);
    return Date.UTC(d.year, d.month - 1, d.day);
  };
  const from = parse('from');
  const to = parse('to') + 86_400_000 - 1;
  if (from > to) throw new Refusal(403, 'parameter from is after to');
  return { from, to };
}

/** `show`: the maximum number of records, newest first (spec 4.9, D6). Absent means 100. */
export function showCount(params: URLSearchParams): number {
  const text = params.get('show');
  if (text === null || text === '') return 100;
  if (!/^\d{1,5}$/.test(text) || Number(text) < 1) {
    throw new Refusal(403, 'parameter show must be a positive whole number');
  }
  return Number(text);
}
