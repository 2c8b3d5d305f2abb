import { z } from 'zod';
import { type Money, parseMoney } from '../money.js';
import { type AccountSummary, commonFields, summary } from './account.js';
import { money, optStr, seconds, str, timestamp } from './fields.js';

// ---- 2.6 callshop CDRs -----------------------------------------------------------------------------

export interface CallshopCdr {
  start: Date;
  caller: string;
  callee: string;
  durationSeconds: number;
  billedSeconds: number;
  destination: string;
  /** Currency `""`: spec 2.6 carries none. */
  amount: Money;
  amountWithTax: Money;
}

const callshopRecord = z
  .looseObject({
    data: timestamp,
    caller: str,
    callee: str,
    duration: seconds,
    billingduration: seconds,
    comment: optStr,
    amount: money(''),
    amounttax: money(''),
  })
  .transform(
    (r): CallshopCdr => ({
      start: r.data,
      caller: r.caller,
      callee: r.callee,
      durationSeconds: r.duration,
      billedSeconds: r.billingduration,
      destination: r.comment ?? '',
      amount: r.amount,
      amountWithTax: r.amounttax,
    }),
  );

/** spec 4.5: `body` is `[]` when no record exists. */
export const callshopBody = z
  .union([
    z.array(z.unknown()).max(0),
    z.looseObject({ cdrs: z.union([z.array(callshopRecord), z.null()]).optional() }),
  ])
  .optional()
  .transform((b): CallshopCdr[] => (b && !Array.isArray(b) ? (b.cdrs ?? []) : []));

// ---- 2.7 account CDRs -------------------------------------------------------------------------------

export interface CdrRecord {
  start: Date;
  end: Date;
  durationSeconds: number;
  customerName: string;
  number: string;
  destination: string;
  amount: Money;
  amountWithTax: Money;
  type: string;
}

export interface CdrTable {
  account: AccountSummary | null;
  caption: string;
  records: CdrRecord[];
  footer: string;
}

const cdrRecord = z.looseObject({
  datestart: timestamp,
  dateend: timestamp,
  time: seconds,
  customername: optStr,
  number: str,
  destination: optStr,
  amount: str,
  amounttax: str,
  type: optStr,
});

/** spec 4.9: the whole `body` is missing when no record exists. `td` may be one object instead of an array. */
export const cdrsBody = z
  .union([
    z.array(z.unknown()).max(0),
    z.looseObject({
      ...Object.fromEntries(Object.entries(commonFields).map(([k, v]) => [k, v.optional()])),
      table: z
        .looseObject({
          caption: optStr,
          tfoot: z.unknown().optional(),
          tbody: z
            .union([
              z.looseObject({
                tr: z
                  .union([
                    z.looseObject({ td: z.union([z.array(cdrRecord), cdrRecord, z.null()]).optional() }),
                    z.array(z.unknown()).max(0),
                  ])
                  .optional(),
              }),
              z.array(z.unknown()).max(0),
              z.literal(''),
            ])
            .optional(),
        })
        .optional(),
    }),
  ])
  .optional()
  .transform((b, ctx): CdrTable => {
    if (!b || Array.isArray(b)) return { account: null, caption: '', records: [], footer: '' };
    const common = b as Record<string, string | undefined>;
    const account =
      common.customernumber !== undefined && common.customeraccountstate !== undefined
        ? summary(
            {
              customernumber: common.customernumber,
              accountnumber: common.accountnumber ?? '',
              username: common.username ?? '',
              customercurrency: common.customercurrency ?? '',
              customeraccountstate: common.customeraccountstate,
            },
            ctx,
          )
        : null;
    const currency = account?.currency ?? '';
    const tbody = b.table?.tbody;
    const tr = tbody && typeof tbody === 'object' && !Array.isArray(tbody) ? tbody.tr : undefined;
    const td = tr && !Array.isArray(tr) ? tr.td : undefined;
    const rows = td == null ? [] : Array.isArray(td) ? td : [td];
    const records: CdrRecord[] = [];
    rows.forEach((r, i) => {
      const amount = parseMoney(r.amount, currency);
      const amountWithTax = parseMoney(r.amounttax, currency);
      if (!amount || !amountWithTax) {
        ctx.addIssue({
          code: 'custom',
          path: ['table', 'tbody', 'tr', 'td', i, 'amount'],
          message: 'not an amount',
        });
        return;
      }
      records.push({
        start: r.datestart,
        end: r.dateend,
        durationSeconds: r.time,
        customerName: r.customername ?? '',
        number: r.number,
        destination: r.destination ?? '',
        amount,
        amountWithTax,
        type: r.type ?? '',
      });
    });
    return {
      account,
      caption: b.table?.caption ?? '',
      records,
      footer: typeof b.table?.tfoot === 'string' ? b.table.tfoot : '',
    };
  });
