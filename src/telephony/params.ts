import { z } from 'zod';
import {
  type CalendarDate,
  calendarDate,
  compareDates,
  fromDate,
  isCalendarDate,
  parseCalendarDate,
} from './dates.js';
import { moneyToWire, parseMoney } from './money.js';
import { isPhoneNumber, normalizePhoneNumber } from './phone.js';
import { isPin, parsePin } from './pin.js';

/**
 * Parameter schemas: what callers pass (domain values) in, the provider's wire fields out.
 * Every check runs before anything is sent; an issue's message is the fix shown to the user.
 */

/**
 * A value the client's own parser made passes as it is (checked once, docs/architecture.md §7.4); text from other
 * callers (library users) is parsed here, its refusal being the fix. `what` names the expected text.
 */
function parsedOrText<T>(
  isParsed: (value: unknown) => value is T,
  parse: (text: string) => { ok: true; value: T } | { ok: false; fix: string },
  what: string,
) {
  return z
    .custom<T | string>((v) => typeof v === 'string' || isParsed(v), `expected ${what} as text`)
    .transform((v, ctx) => {
      if (isParsed(v)) return v;
      const r = parse(v as string);
      if (r.ok) return r.value;
      ctx.addIssue({ code: 'custom', message: r.fix });
      return z.NEVER;
    });
}

export const phone = parsedOrText(isPhoneNumber, normalizePhoneNumber, 'a phone number');

export const phoneDigits = phone.transform((p) => p.digits);

/** A PIN: digits only, 4 to 32 of them (spec 4.6 sends it as a string; provider-notes says digits). */
export const pin = parsedOrText(isPin, parsePin, 'a PIN');

/**
 * A day: a `CalendarDate` this client made passes as it is (docs/architecture.md §7.4); text, a `Date` or plain
 * fields from other callers are checked here.
 */
const calendarDay = z
  .union([
    z.custom<CalendarDate>(isCalendarDate),
    z.string(),
    z.instanceof(Date),
    z.object({ year: z.number(), month: z.number(), day: z.number() }),
  ])
  .transform((v, ctx): CalendarDate => {
    if (isCalendarDate(v)) return v;
    const d =
      typeof v === 'string'
        ? parseCalendarDate(v)
        : v instanceof Date
          ? dayOfDate(v)
          : calendarDate(v.year, v.month, v.day);
    if (!d) {
      ctx.addIssue({ code: 'custom', message: 'not a real date; use YYYY-MM-DD, e.g. 2026-11-01' });
      return z.NEVER;
    }
    return d;
  });

/** The UTC day of a `Date`, when it is a real one: `fromDate` returns days outside 1900-9999 unregistered. */
function dayOfDate(date: Date): CalendarDate | undefined {
  if (Number.isNaN(date.getTime())) return undefined;
  const day = fromDate(date);
  return isCalendarDate(day) ? day : undefined;
}

/** `show`: how many records, newest first (spec 4.9, D6). */
const show = z
  .number()
  .int('the count must be a whole number')
  .min(1, 'the count must be at least 1')
  .max(1000, 'the count can be at most 1000')
  .default(50);

export function dateRange(format: (d: CalendarDate) => string) {
  return z
    .object({ from: calendarDay, to: calendarDay, show })
    .refine((r) => compareDates(r.from, r.to) <= 0, {
      message: 'the start date is after the end date; swap them',
      path: ['from'],
    })
    .transform((r) => ({ from: format(r.from), to: format(r.to), show: String(r.show) }));
}

export const none = z
  .object({})
  .optional()
  .transform(() => ({}) as Record<string, string>);

/** `Amount` in EUR with a decimal point on the wire (spec 4.1, provider-notes 1.4). */
export const eurAmount = z
  .union([z.string(), z.object({ minor: z.number(), scale: z.number(), currency: z.string() })])
  .transform((v, ctx) => {
    const m = typeof v === 'string' ? parseMoney(v, 'EUR') : { ...v };
    if (!m || m.minor < 0 || m.currency !== 'EUR') {
      ctx.addIssue({ code: 'custom', message: 'an amount in EUR such as 10.00' });
      return z.NEVER;
    }
    return moneyToWire(m);
  });

/**
 * `realm` of the card operations: undocumented by the spec; the client fills in its configured default.
 * Defaulted to `''` (not left optional) so the key always reaches the client, which replaces `''`.
 */
export const realm = z.string().max(64).default('');

/** C0 controls, DEL and C1 controls: a terminal escape or a NUL has no place in a name or an SMS. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * Free text the provider stores or sends on (spec 4.1 `Kunde`, `smsinfo_message`): printable
 * characters only and a bounded length, refused with a fix before anything is sent (docs/reliability.md §4.2).
 */
export function freeText(what: string, max: number, example: string) {
  return z
    .string()
    .refine((s) => freeTextIssue(s, max) !== 'control', {
      message: `the ${what} has control characters; use plain text, e.g. ${example}`,
      abort: true,
    })
    .refine((s) => freeTextIssue(s, max) === undefined, {
      message: `the ${what} has at most ${max} characters; shorten it, e.g. ${example}`,
    });
}

/** What is wrong with free text, for callers that word the fix themselves (the bot's catalogue). */
export function freeTextIssue(text: string, max: number): 'control' | 'long' | undefined {
  if (CONTROL.test(text)) return 'control';
  return text.length > max ? 'long' : undefined;
}
