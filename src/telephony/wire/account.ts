import { z } from 'zod';
import { type Money, parseMoney } from '../money.js';
import { mapOf, money, nullableStr, optStr, str } from './fields.js';

/** Account bodies: the common fields (spec 2.1), dial-in numbers (2.2), account entries (2.5), the web callback (2.10) and the top-up answer (4.6). */

// ---- 2.1 common account fields ---------------------------------------------------------------

export const commonFields = {
  customernumber: str,
  accountnumber: str,
  username: str,
  customercurrency: str,
  customeraccountstate: str,
};

export interface AccountSummary {
  customerNumber: string;
  accountNumber: string;
  username: string;
  /** Upper case ISO code; the wire sends it lower case (provider-notes 1.4). */
  currency: string;
  balance: Money;
}

export function summary(
  b: {
    customernumber: string;
    accountnumber: string;
    username: string;
    customercurrency: string;
    customeraccountstate: string;
  },
  ctx: z.RefinementCtx,
): AccountSummary {
  const currency = b.customercurrency.toUpperCase();
  const balance = parseMoney(b.customeraccountstate, currency);
  if (!balance) {
    ctx.addIssue({ code: 'custom', path: ['customeraccountstate'], message: 'not an amount' });
    return z.NEVER;
  }
  return {
    customerNumber: b.customernumber,
    accountNumber: b.accountnumber,
    username: b.username,
    currency,
    balance,
  };
}

export const accountSummaryBody = z.looseObject(commonFields).transform(summary);

// ---- 2.2 dial-in numbers ------------------------------------------------------------------------

export interface DialInNumbers {
  account: AccountSummary;
  /** Maps from upper-case country code (`DE`) to E.164 digits. */
  dialinGeo: Record<string, string>;
  dialinFree: Record<string, string>;
  callbackGeo: Record<string, string>;
  callbackFree: Record<string, string>;
  personalDialIn: string | null;
  aNumber: string | null;
  bNumber: string | null;
}

const numberMap = mapOf(str).transform((m) =>
  Object.fromEntries(Object.entries(m).map(([cc, n]) => [cc.toUpperCase(), n])),
);

export const dialInBody = z
  .looseObject({
    ...commonFields,
    dialinnumberGeo: numberMap,
    dialinnumberFree: numberMap,
    callbacknumberGeo: numberMap,
    callbacknumberFree: numberMap,
    dialinnumber: nullableStr,
    anumber: nullableStr,
    bnumber: nullableStr,
  })
  .transform(
    (b, ctx): DialInNumbers => ({
      account: summary(b, ctx),
      dialinGeo: b.dialinnumberGeo,
      dialinFree: b.dialinnumberFree,
      callbackGeo: b.callbacknumberGeo,
      callbackFree: b.callbacknumberFree,
      personalDialIn: b.dialinnumber,
      aNumber: b.anumber,
      bNumber: b.bnumber,
    }),
  );

// ---- 2.5 account entries ---------------------------------------------------------------------------

export interface AccountEntry {
  customerName: string;
  customerNumber: string;
  accountNumber: string;
  accountName: string;
  /** Spec 2.5 carries no currency: `currency` is `""` here; pair it with a 2.1 read for display. */
  balance: Money;
}

export const accountBody = z
  .looseObject({
    accounts: z
      .union([
        z.array(
          z.looseObject({
            customername: optStr,
            customernumber: str,
            accountnumber: str,
            amount: money(''),
            accountname: optStr,
          }),
        ),
        z.record(z.string(), z.unknown()).refine((r) => Object.keys(r).length === 0),
      ])
      .optional(),
  })
  .transform((b): AccountEntry[] =>
    (Array.isArray(b.accounts) ? b.accounts : []).map((a) => ({
      customerName: a.customername ?? '',
      customerNumber: a.customernumber,
      accountNumber: a.accountnumber,
      accountName: a.accountname ?? '',
      balance: a.amount,
    })),
  );

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * `accountBody` without zod for the common shape (docs/performance.md §2.2: the read the bot makes most): string
 * fields and a readable amount. Anything else returns `undefined` and goes through the schema, so
 * the two can only agree; `test/telephony/fast-decode.test.ts` checks that on generated bodies.
 */
export function fastAccountBody(body: unknown): AccountEntry[] | undefined {
  if (!isRecord(body) || !Array.isArray(body.accounts)) return undefined;
  const entries: AccountEntry[] = [];
  for (const a of body.accounts as unknown[]) {
    if (!isRecord(a)) return undefined;
    const { customername, customernumber, accountnumber, amount, accountname } = a;
    if (typeof customernumber !== 'string' || typeof accountnumber !== 'string') return undefined;
    if (typeof amount !== 'string') return undefined;
    if (customername !== undefined && typeof customername !== 'string') return undefined;
    if (accountname !== undefined && typeof accountname !== 'string') return undefined;
    const balance = parseMoney(amount, '');
    if (!balance) return undefined;
    entries.push({
      customerName: customername ?? '',
      customerNumber: customernumber,
      accountNumber: accountnumber,
      accountName: accountname ?? '',
      balance,
    });
  }
  return entries;
}

// ---- 2.10 web callback --------------------------------------------------------------------------------------

export interface Callback {
  callId: string;
  firstOwnNumber: string | null;
  destinationNumber: string | null;
  account: AccountSummary;
}

export const callbackBody = z
  .looseObject({ ...commonFields, callId: str, firstownnumber: nullableStr, destinationnumber: nullableStr })
  .transform(
    (b, ctx): Callback => ({
      callId: b.callId,
      firstOwnNumber: b.firstownnumber,
      destinationNumber: b.destinationnumber,
      account: summary(b, ctx),
    }),
  );

/** D4: stop answers like 2.10, but *tolerate* a thinner body: the callId may be missing. */
export const stopCallbackBody = z.unknown().transform((b): { account: AccountSummary | null } => {
  const parsed = accountSummaryBody.safeParse(b);
  return { account: parsed.success ? parsed.data : null };
});

// ---- 4.6 top-up ----------------------------------------------------------------------------------------------

/** D5: the body is not specified; accept anything and surface the balance when present. */
export const topupBody = z.unknown().transform((b): { account: AccountSummary | null } => {
  const parsed = accountSummaryBody.safeParse(b);
  return { account: parsed.success ? parsed.data : null };
});
