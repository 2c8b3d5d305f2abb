import { z } from 'zod';
import { parseDuration, parseTimestamp } from './dates.js';
import { type Money, parseMoney } from './money.js';
import { Secret } from './secret.js';

/**
 * Zod schemas of the wire bodies (spec §2), each transformed into the domain type callers see.
 * They are tolerant where provider-notes says *tolerate*: numbers as strings or numbers, `[]` for
 * any empty map (1.4), unknown extra fields kept out of the domain type.
 */

/** A string field that the provider may also send as a number. */
export const str = z.union([z.string(), z.number()]).transform(String);
const optStr = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((v) => (v == null ? undefined : String(v)));
const nullableStr = z
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

const timestamp = str.transform((text, ctx) => {
  const d = parseTimestamp(text);
  if (!d) {
    ctx.addIssue({ code: 'custom', message: 'not a timestamp' });
    return z.NEVER;
  }
  return d;
});

const seconds = str.transform((text, ctx) => {
  const n = /^\d+$/.test(text.trim()) ? Number(text) : parseDuration(text);
  if (n === undefined) {
    ctx.addIssue({ code: 'custom', message: 'not a duration' });
    return z.NEVER;
  }
  return n;
});

const bool = z
  .union([z.string(), z.boolean()])
  .optional()
  .transform((v) => v === true || v === 'true' || v === '1');

// ---- 2.1 common account fields ---------------------------------------------------------------

const commonFields = {
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

function summary(
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

// ---- 2.3 card -------------------------------------------------------------------------------------

export type CardState = 'active' | 'blocked' | 'disabled';

export interface Card {
  customer: string;
  cli: string;
  amount: Money;
  amountAll: Money;
  serial: string;
  /** The card PIN: a secret, printed as `[redacted]`. */
  pin: Secret;
  state: CardState;
}

/** spec 2.3 / 3.1: `1` active, `""` blocked, `" "` (blank) disabled. */
export function cardState(active: unknown): CardState | undefined {
  if (active === 1 || active === '1' || active === true) return 'active';
  if (active === '' || active === null || active === 0 || active === '0') return 'blocked';
  if (typeof active === 'string' && active.trim() === '') return 'disabled';
  return undefined;
}

export const cardBody = z
  .looseObject({
    Kunde: optStr,
    CLI: str,
    Amount: money('EUR'),
    AmountAll: money('EUR'),
    fldSerial: optStr,
    fldPIN: optStr,
    active: z.unknown(),
  })
  .transform((b, ctx): Card => {
    const state = cardState(b.active);
    if (!state) {
      ctx.addIssue({ code: 'custom', path: ['active'], message: 'not 1, "" or " "' });
      return z.NEVER;
    }
    return {
      customer: b.Kunde ?? '',
      cli: b.CLI,
      amount: b.Amount,
      amountAll: b.AmountAll,
      serial: b.fldSerial ?? '',
      pin: new Secret(b.fldPIN ?? ''),
      state,
    };
  });

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

// ---- 2.8 VoIP lines -------------------------------------------------------------------------------------

export interface VoipLine {
  /** The map key, `sip_<n>`. */
  id: string;
  type: string;
  username: string;
  /** Decoded from base64; printed as `[redacted]`. */
  password: Secret;
  host: string;
  port: number | undefined;
  domain: string;
  stunServer: string;
  proxy: string;
  prefix: string;
  transports: { tls: boolean; tcp: boolean; udp: boolean; standardPorts: boolean };
  options: Record<string, boolean>;
  unknownIncomingCallName: string;
}

const voipEntry = z.looseObject({
  type: optStr,
  username: str,
  password: optStr,
  ip: optStr,
  domain: optStr,
  stun_server: optStr,
  proxy: optStr,
  prefix: optStr,
  transport_tls: bool,
  transport_tcp: bool,
  transport_udp: bool,
  transport_use_standard_ports: bool,
  forbid_self_call: bool,
  echo_cancellation: bool,
  escape_plus: bool,
  enable_outbound_proxy: bool,
  wifi_only: bool,
  codec_speex16: bool,
  codec_speex8: bool,
  codec_ilbc: bool,
  unknown_incoming_call_name: optStr,
});

export interface VoipList {
  account: AccountSummary;
  lines: VoipLine[];
}

export const voiplistBody = z
  .looseObject({ ...commonFields, voiplist: mapOf(voipEntry) })
  .transform((b, ctx): VoipList => {
    const lines = Object.entries(b.voiplist)
      .sort(([a], [c]) => a.localeCompare(c, 'en', { numeric: true }))
      .map(([id, e]): VoipLine => {
        const [host = '', port] = (e.ip ?? '').split(/:(?=\d+$)/);
        return {
          id,
          type: e.type ?? '',
          username: e.username,
          password: new Secret(Buffer.from(e.password ?? '', 'base64').toString('utf8')),
          host,
          port: port === undefined ? undefined : Number(port),
          domain: e.domain ?? '',
          stunServer: e.stun_server ?? '',
          proxy: e.proxy ?? '',
          prefix: e.prefix ?? '',
          transports: {
            tls: e.transport_tls,
            tcp: e.transport_tcp,
            udp: e.transport_udp,
            standardPorts: e.transport_use_standard_ports,
          },
          options: {
            forbidSelfCall: e.forbid_self_call,
            echoCancellation: e.echo_cancellation,
            escapePlus: e.escape_plus,
            enableOutboundProxy: e.enable_outbound_proxy,
            wifiOnly: e.wifi_only,
            codecSpeex16: e.codec_speex16,
            codecSpeex8: e.codec_speex8,
            codecIlbc: e.codec_ilbc,
          },
          unknownIncomingCallName: e.unknown_incoming_call_name ?? '',
        };
      });
    return { account: summary(b, ctx), lines };
  });

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

// ---- 7 envelope ----------------------------------------------------------------------------------------------

export const envelope = z.looseObject({
  error: z
    .union([z.boolean(), z.literal('true'), z.literal('false'), z.literal(0), z.literal(1)])
    .transform((v) => v === true || v === 'true' || v === 1),
  codes: z
    .array(z.looseObject({ code: z.union([z.number(), z.string()]).transform(Number), description: optStr }))
    .optional()
    .default([]),
  body: z.unknown().optional(),
});
