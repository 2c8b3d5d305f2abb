import { Refusal } from './envelope.js';
import { commaPrice } from './money-format.js';
import type { OperationContext, OperationOutcome } from './operation-types.js';
import { dialledDigits, priceIn } from './rates.js';
import { dayRange, phone, required, showCount } from './validate.js';
import {
  accountEntry,
  callshopCdrEntry,
  cdrTableBody,
  commonFields,
  dialinBody,
  mapOrEmpty,
} from './wire-bodies.js';

/** Spec 4.2, GET: the dial-in numbers of the user profile. */
export function onlinecallthrough({ account }: OperationContext): OperationOutcome {
  return { body: dialinBody(account) };
}

/** Spec 4.2, POST act=store: stores the A/B pair, both validated before anything changes. */
export function store({ account, params, state }: OperationContext): OperationOutcome {
  const anumber = phone(params, 'anumber');
  const bnumber = phone(params, 'bnumber');
  account.target = { anumber, bnumber };
  state.changed();
  return { body: dialinBody(account) };
}

/** Spec 4.3 (v3): longest-prefix split of prefix+number; no match gives 1001 (D8). */
export function numberCheck({ params, state }: OperationContext): OperationOutcome {
  const prefix = required(params, 'prefix');
  const number = required(params, 'number');
  if (!/^\d{1,4}$/.test(prefix))
    throw new Refusal(403, 'parameter prefix must be a country code, 1 to 4 digits');
  if (!/^\d{1,14}$/.test(number)) throw new Refusal(403, 'parameter number must be digits');
  const complete = `${prefix}${number}`;
  if (complete.length > 15) throw new Refusal(403, 'prefix and number together exceed 15 digits');
  const rate = state.rates.match(complete);
  if (!rate) throw new Refusal(1001, `no destination for ${complete}`);
  return {
    body: {
      completenumber: complete,
      prefix: rate.prefix,
      number: complete.slice(rate.prefix.length),
      name: rate.name,
    },
  };
}

/** Spec 4.4. */
export function account({ account: acc }: OperationContext): OperationOutcome {
  return { body: { accounts: [accountEntry(acc)] } };
}

/** Spec 4.9: `from`/`to` as DD.MM.YYYY, newest first, `body` missing when there is nothing. */
export function cdrs({ account: acc, params }: OperationContext): OperationOutcome {
  const range = dayRange(params, 'DD.MM.YYYY');
  const show = showCount(params);
  const records = acc.cdrs
    .filter((r) => {
      const t = Date.parse(r.start);
      return t >= range.from && t <= range.to;
    })
    .sort((a, b) => Date.parse(b.start) - Date.parse(a.start))
    .slice(0, show);
  if (records.length === 0) return { noBody: true };
  return { body: cdrTableBody(acc, records) };
}

/** Spec 4.5: YYYY-MM-DD, `show` as in D6, `body: []` when there is nothing. */
export function cdrCallshop({ account: acc, params }: OperationContext): OperationOutcome {
  if (acc.kind !== 'callshop') throw new Refusal(403, 'not a callshop account');
  const range = dayRange(params, 'YYYY-MM-DD');
  const show = showCount(params);
  const records = acc.callshopCdrs
    .filter((r) => {
      const t = Date.parse(r.start);
      return t >= range.from && t <= range.to;
    })
    .sort((a, b) => Date.parse(b.start) - Date.parse(a.start))
    .slice(0, show);
  if (records.length === 0) return { body: [] };
  return { body: { cdrs: records.map(callshopCdrEntry) } };
}

/**
 * Spec 4.6 with provider-notes 1.3 and D5. Order of checks: a PIN that is not digits is not a valid
 * PIN (1200); an account with no calling card cannot top up (1201); an unknown, used, foreign
 * (`forUser`) or other-currency PIN is 1200. Success adds the value and returns the 2.1 fields.
 */
export function topup({ account: acc, params, state, now }: OperationContext): OperationOutcome {
  const pin = required(params, 'pin');
  if (!/^\d{4,20}$/.test(pin)) throw new Refusal(1200);
  if (!acc.callingCard) throw new Refusal(1201);
  const entry = state.pin(pin);
  if (
    !entry ||
    entry.usedBy !== undefined ||
    (entry.forUser !== undefined && entry.forUser !== acc.username) ||
    entry.currency !== acc.currency
  ) {
    throw new Refusal(1200);
  }
  entry.usedBy = acc.username;
  entry.usedAt = now.toISOString();
  acc.balance += entry.value;
  state.changed();
  return { body: commonFields(acc) };
}

/** Spec 4.7 / 2.8: map keyed `sip_<n>`, passwords base64, flags as "true"/"false". */
export function voiplist({ account: acc }: OperationContext): OperationOutcome {
  const lines: Record<string, Record<string, string>> = {};
  acc.sipLines.forEach((line, i) => {
    const entry: Record<string, string> = {};
    for (const [key, value] of Object.entries(line)) {
      entry[key] = key === 'password' ? Buffer.from(String(value), 'utf8').toString('base64') : String(value);
    }
    lines[`sip_${i + 1}`] = entry;
  });
  return { body: { voiplist: mapOrEmpty(lines), ...commonFields(acc) } };
}

/**
 * Spec 4.8: `numbers` split on `|`; each number keeps the form it was sent in, prices in the
 * account's currency; unmatched numbers are left out, 1001 when none matched (D8).
 */
export function rates({ account: acc, params, state }: OperationContext): OperationOutcome {
  const list = required(params, 'numbers')
    .split('|')
    .map((n) => n.trim())
    .filter((n) => n !== '');
  if (list.length > 100) throw new Refusal(403, 'parameter numbers holds more than 100 numbers');
  const entries = [];
  for (const number of list) {
    const digits = dialledDigits(number);
    const rate = digits ? state.rates.match(digits) : undefined;
    if (!rate) continue;
    entries.push({
      number,
      destinationname: rate.name,
      price: commaPrice(priceIn(state.data, rate, acc.currency)),
      prefix: `00${rate.prefix}`,
    });
  }
  if (entries.length === 0) throw new Refusal(1001, 'no destination matched');
  return { body: { currency: acc.currency.toUpperCase(), rates: [entries] } };
}
