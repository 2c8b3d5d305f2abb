import { z } from 'zod';
import { type Money, parseMoney } from '../money.js';
import { optStr, str } from './fields.js';

// ---- 2.4 number check ------------------------------------------------------------------------------

export interface NumberCheck {
  completeNumber: string;
  prefix: string;
  number: string;
  name: string;
}

export const numberCheckBody = z
  .looseObject({ completenumber: str, prefix: str, number: str, name: str })
  .transform(
    (b): NumberCheck => ({
      completeNumber: b.completenumber,
      prefix: b.prefix,
      number: b.number,
      name: b.name,
    }),
  );

// ---- 2.9 rates ---------------------------------------------------------------------------------------------

export interface Rate {
  number: string;
  destination: string;
  price: Money;
  prefix: string;
}

export interface RateList {
  currency: string;
  /** One flat list, whatever nesting the wire used (spec 4.8: an array holding one array). */
  rates: Rate[];
}

const rateEntry = z.looseObject({ number: str, destinationname: optStr, price: str, prefix: optStr });

export const ratesBody = z
  .looseObject({
    currency: optStr,
    rates: z
      .union([z.array(z.union([z.array(rateEntry), rateEntry])), z.record(z.string(), z.unknown())])
      .optional(),
  })
  .transform((b, ctx): RateList => {
    const currency = (b.currency ?? '').toUpperCase();
    const flat = Array.isArray(b.rates) ? b.rates.flat() : [];
    const rates: Rate[] = [];
    flat.forEach((r, i) => {
      const price = parseMoney(r.price, currency);
      if (!price) {
        ctx.addIssue({ code: 'custom', path: ['rates', i, 'price'], message: 'not an amount' });
        return;
      }
      rates.push({ number: r.number, destination: r.destinationname ?? '', price, prefix: r.prefix ?? '' });
    });
    return { currency, rates };
  });
