import { z } from 'zod';
import { parseDuration, parseTimestamp } from '../dates.js';
import { type Money, parseMoney } from '../money.js';

/**
 * Field schemas shared by the wire bodies (spec §2). They are tolerant where provider-notes says
 * *tolerate*: numbers as strings or numbers, `[]` for any empty map (1.4).
 */

/** A string field that the provider may also send as a number. */
export const str = z.union([z.string(), z.number()]).transform(String);
export const optStr = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((v) => (v == null ? undefined : String(v)));
export const nullableStr = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((v) => (v == null || v === '' ? null : String(v)));

/** Any spec map; `[]`, `""` or `null` stand for an empty one (provider-notes 1.4). */
export function mapOf<T extends z.ZodType>(value: T) {
  return z
    .union([z.record(z.string(), value), z.array(z.unknown()).max(0), z.literal(''), z.null()])
    .optional()
    .transform(
      (v) => (v && !Array.isArray(v) && typeof v === 'object' ? v : {}) as Record<string, z.output<T>>,
    );
}

/** Money with a decimal comma or point, optionally followed by a currency (`"0,10 EUR"`). */
export function money(currency: string) {
  return str.transform((text, ctx): Money => {
    const m = parseMoney(text, currency);
    if (!m) {
      ctx.addIssue({ code: 'custom', message: 'not an amount' });
      return z.NEVER;
    }
    return m;
  });
}

export const timestamp = str.transform((text, ctx) => {
  const d = parseTimestamp(text);
  if (!d) {
    ctx.addIssue({ code: 'custom', message: 'not a timestamp' });
    return z.NEVER;
  }
  return d;
});

export const seconds = str.transform((text, ctx) => {
  const n = /^\d+$/.test(text.trim()) ? Number(text) : parseDuration(text);
  if (n === undefined) {
    ctx.addIssue({ code: 'custom', message: 'not a duration' });
    return z.NEVER;
  }
  return n;
});

export const bool = z
  .union([z.string(), z.boolean()])
  .optional()
  .transform((v) => v === true || v === 'true' || v === '1');
