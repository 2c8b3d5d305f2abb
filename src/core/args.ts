import { z } from 'zod';
import type { CalendarDate } from '../telephony/dates.js';
import { normalizePhoneNumber } from '../telephony/phone.js';
import { looksLikeDate, parseNaturalDate } from './natural-date.js';

/**
 * Zod building blocks for command arguments. Tokens come in as strings; issue messages are the
 * fix we show, so they are written for people.
 */

const tokens = z.array(z.string());

/** A phone number argument, normalised to E.164 digits before any API call. */
export function phoneArg(name: string) {
  return z.string().transform((text, ctx) => {
    const r = normalizePhoneNumber(text);
    if (!r.ok) {
      ctx.addIssue({ code: 'custom', message: `${name}: ${r.fix}` });
      return z.NEVER;
    }
    return r.value.digits;
  });
}

export const pinArg = z
  .string()
  .transform((s) => s.replace(/[\s-]/g, ''))
  .refine((s) => /^\d{4,32}$/.test(s), { message: 'a PIN is 4 to 32 digits, e.g. 12345678' });

export const noArgs = tokens.max(0, 'this command takes no arguments');

/** Exactly these positional arguments. */
export function positional<const T extends readonly z.ZodType<unknown, string>[]>(
  names: string[],
  items: T,
  optionalFrom = items.length,
) {
  return tokens.transform((list, ctx) => {
    if (list.length < optionalFrom || list.length > items.length) {
      const expected =
        optionalFrom === items.length ? `${items.length}` : `${optionalFrom} to ${items.length}`;
      ctx.addIssue({
        code: 'custom',
        message: `expected ${expected} argument(s) (${names.join(', ')}), got ${list.length}`,
      });
      return z.NEVER;
    }
    const out: unknown[] = [];
    for (let i = 0; i < list.length; i++) {
      const r = items[i]!.safeParse(list[i]);
      if (!r.success) {
        ctx.addIssue({ code: 'custom', message: r.error.issues[0]?.message ?? `${names[i]} is not valid` });
        return z.NEVER;
      }
      out.push(r.data);
    }
    return out as { [K in keyof T]: z.output<T[K]> | undefined };
  });
}

export interface CdrQuery {
  from: CalendarDate;
  to: CalendarDate;
  count: number;
  csv: boolean;
}

/**
 * `[from] [to] [n] [csv]`: dates in any natural form, a count, and `csv` for a file. Defaults: the
 * last 30 days, 20 records.
 */
export function cdrQueryArgs(now: () => Date) {
  return tokens.transform((list, ctx): CdrQuery => {
    const dates: CalendarDate[] = [];
    let count: number | undefined;
    let csv = false;
    for (const tok of list) {
      if (tok.toLowerCase() === 'csv') {
        csv = true;
      } else if (looksLikeDate(tok)) {
        const d = parseNaturalDate(tok, now());
        if (!d) {
          ctx.addIssue({
            code: 'custom',
            message: `"${tok}" is not a real date; use e.g. today, yesterday, 7d, 2026-11-01 or 01.11.2026`,
          });
          return z.NEVER;
        }
        if (dates.length === 2) {
          ctx.addIssue({ code: 'custom', message: 'give at most two dates: from and to' });
          return z.NEVER;
        }
        dates.push(d);
      } else if (/^\d{1,4}$/.test(tok) && count === undefined) {
        count = Number(tok);
        if (count < 1 || count > 500) {
          ctx.addIssue({ code: 'custom', message: 'the number of records must be between 1 and 500' });
          return z.NEVER;
        }
      } else {
        ctx.addIssue({
          code: 'custom',
          message: `"${tok.slice(0, 30)}" is neither a date nor a count; use e.g. 7d today 20, or 2026-11-01 2026-11-21`,
        });
        return z.NEVER;
      }
    }
    const today = parseNaturalDate('today', now())!;
    const from = dates[0] ?? parseNaturalDate('30d', now())!;
    const to = dates[1] ?? today;
    const cmp = from.year - to.year || from.month - to.month || from.day - to.day;
    if (cmp > 0) {
      ctx.addIssue({ code: 'custom', message: 'the start date is after the end date; swap them' });
      return z.NEVER;
    }
    return { from, to, count: count ?? 20, csv };
  });
}
