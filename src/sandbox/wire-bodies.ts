import { cardAmount, commaAmount, pointAmount } from './money-format.js';
import type { AccountCdr, AccountState, CallshopCdr, CardState } from './state-schema.js';

/** Builds the response bodies exactly as the spec's wire format shows them, quirks included. */

/** provider-notes 1.4: empty maps arrive as `[]`, not `{}` (spec 2.2 `callbacknumberFree`). */
export function mapOrEmpty<T>(map: Record<string, T>): Record<string, T> | [] {
  return Object.keys(map).length > 0 ? { ...map } : [];
}

/** Spec 2.1; `customercurrency` lower case (provider-notes 1.4), balance with a decimal comma. */
export function commonFields(account: AccountState) {
  return {
    customernumber: account.customerNumber,
    accountnumber: account.accountNumber,
    username: account.username,
    customercurrency: account.currency.toLowerCase(),
    customeraccountstate: commaAmount(account.balance),
  };
}

/** Spec 2.2. */
export function dialinBody(account: AccountState) {
  return {
    dialinnumberGeo: mapOrEmpty(account.dialin.geo),
    dialinnumberFree: mapOrEmpty(account.dialin.free),
    callbacknumberGeo: mapOrEmpty(account.dialin.callbackGeo),
    callbacknumberFree: mapOrEmpty(account.dialin.callbackFree),
    dialinnumber: account.dialin.personal,
    anumber: account.target.anumber,
    bnumber: account.target.bnumber,
    ...commonFields(account),
  };
}

/** Spec 2.5, one entry per account of the user. */
export function accountEntry(account: AccountState) {
  return {
    customername: account.customerName,
    customernumber: account.customerNumber,
    accountnumber: account.accountNumber,
    amount: commaAmount(account.balance),
    accountname: account.accountName,
  };
}

const stamp = (iso: string) => iso.slice(0, 19).replace('T', ' ');
const pad = (n: number) => String(n).padStart(2, '0');
const hms = (seconds: number) =>
  `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;

const CDR_COLUMNS = [
  'datestart',
  'dateend',
  'time',
  'customername',
  'number',
  'destination',
  'amount',
  'amounttax',
  'type',
] as const;

/** Spec 2.7: table form, `thead` maps each column to itself, amounts with a decimal POINT. */
export function cdrTableBody(account: AccountState, records: readonly AccountCdr[]) {
  const thead = Object.fromEntries(CDR_COLUMNS.map((c) => [c, c]));
  const td = records.map((r) => ({
    datestart: stamp(r.start),
    dateend: stamp(r.end),
    time: hms(r.seconds),
    customername: account.customerName,
    number: r.number,
    destination: r.destination,
    amount: pointAmount(r.amount),
    amounttax: pointAmount(r.amountTax),
    type: r.type,
  }));
  return {
    table: {
      caption: `Call detail records of account ${account.accountNumber}`,
      thead,
      tbody: { tr: { td } },
      tfoot: `${td.length} records`,
    },
    ...commonFields(account),
  };
}

/** Spec 2.6: `data` with milliseconds, amounts with a decimal comma. */
export function callshopCdrEntry(r: CallshopCdr) {
  return {
    data: r.start.slice(0, 23).replace('T', ' '),
    caller: r.caller,
    callee: r.callee,
    duration: String(r.seconds),
    billingduration: String(r.billedSeconds),
    comment: r.destination,
    amount: commaAmount(r.amount),
    amounttax: commaAmount(r.amountTax),
  };
}

/** Spec 2.3: `active` is the number 1, `""` when blocked, `" "` after disabling. */
export function cardBody(card: CardState) {
  return {
    Kunde: card.kunde,
    CLI: card.cli,
    Amount: cardAmount(card.amount),
    AmountAll: cardAmount(card.amountAll),
    fldSerial: card.serial,
    fldPIN: card.pin,
    active: card.state === 'active' ? 1 : card.state === 'blocked' ? '' : ' ',
  };
}
