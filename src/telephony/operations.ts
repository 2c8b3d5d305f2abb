import { z } from 'zod';
import { toGermanDate, toIsoDate } from './dates.js';
import { dateRange, eurAmount, freeText, none, phone, phoneDigits, pin, realm } from './params.js';
import {
  accountBody,
  callbackBody,
  callshopBody,
  cardBody,
  cdrsBody,
  dialInBody,
  fastAccountBody,
  numberCheckBody,
  ratesBody,
  stopCallbackBody,
  topupBody,
  voiplistBody,
} from './wire.js';

/**
 * The one table of operations (docs/architecture.md §7, after Octokit's endpoint table). Each operation appears
 * once: where it lives, how it is sent, its parameters and response as zod schemas, and whether it
 * is safe to retry. The client's typed methods are derived from this table.
 */
export interface OperationSpec<P extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  /** The module (`topup`, `number-check`) or, for cards, `mycard-v2` (spec 4.1). */
  module: string;
  /** The `act` form field, when the module multiplexes operations. */
  act?: string;
  method: 'GET' | 'POST';
  /** Path version: `v2` query-style, `v3` path-style (spec 9). */
  version: 'v2' | 'v3';
  /** Which credentials sign it: the account, or the PIN-creation account (provider-notes D2). */
  auth: 'account' | 'card';
  /** `true` for reads only; the never-retry list of provider-notes §3 is `false`. */
  safeToRetry: boolean;
  /** Domain parameters in, wire fields out. */
  params: P;
  /** The envelope `body` in, the domain type out. */
  response: R;
  /**
   * A hand-written decoder for the common shape of `response`, or `undefined` to use the schema.
   * It must agree with the schema on every input (a property test checks it).
   */
  fastResponse?: (body: unknown) => z.output<R> | undefined;
}

const op = <P extends z.ZodType, R extends z.ZodType>(spec: OperationSpec<P, R>) => spec;

const cardCli = z.object({ cli: phoneDigits }).transform((p) => ({ Telefon: p.cli }));

export const operations = {
  /** spec 4.2: dial-in and callback numbers plus the stored A/B pair. */
  onlinecallthrough: op({
    module: 'onlinecallthrough',
    method: 'GET',
    version: 'v2',
    auth: 'account',
    safeToRetry: true,
    params: none,
    response: dialInBody,
  }),
  /** spec 4.2 `act=store`: stores the callthrough target pair. Never retried (provider-notes §3). */
  store: op({
    module: 'onlinecallthrough',
    act: 'store',
    method: 'POST',
    version: 'v2',
    auth: 'account',
    safeToRetry: false,
    params: z
      .object({ aNumber: phoneDigits, bNumber: phoneDigits })
      .transform((p) => ({ anumber: p.aNumber, bnumber: p.bNumber })),
    response: dialInBody,
  }),
  /** spec 4.3, v3: the number is split into country code and the rest before sending. */
  numberCheck: op({
    module: 'number-check',
    method: 'GET',
    version: 'v3',
    auth: 'account',
    safeToRetry: true,
    params: z
      .object({ number: phone })
      .transform((p) => ({ prefix: p.number.countryCode, number: p.number.national })),
    response: numberCheckBody,
  }),
  /** spec 4.4 */
  account: op({
    module: 'account',
    method: 'GET',
    version: 'v2',
    auth: 'account',
    safeToRetry: true,
    params: none,
    response: accountBody,
    fastResponse: fastAccountBody,
  }),
  /** spec 4.5: dates as YYYY-MM-DD; `show` as in 4.9 (D6). */
  cdrCallshop: op({
    module: 'cdr-callshop',
    method: 'GET',
    version: 'v2',
    auth: 'account',
    safeToRetry: true,
    params: dateRange(toIsoDate),
    response: callshopBody,
  }),
  /** spec 4.6. Never retried: a PIN is single-use and the API has no idempotency key. */
  topup: op({
    module: 'topup',
    method: 'POST',
    version: 'v2',
    auth: 'account',
    safeToRetry: false,
    params: z.object({ pin }),
    response: topupBody,
  }),
  /** spec 4.7 */
  voiplist: op({
    module: 'voiplist',
    method: 'GET',
    version: 'v2',
    auth: 'account',
    safeToRetry: true,
    params: none,
    response: voiplistBody,
  }),
  /** spec 4.8: several numbers joined by `|`. */
  rates: op({
    module: 'rates',
    method: 'GET',
    version: 'v2',
    auth: 'account',
    safeToRetry: true,
    params: z
      .object({
        numbers: z
          .array(phoneDigits)
          .min(1, 'give at least one number')
          .max(20, 'give at most 20 numbers at once'),
      })
      .transform((p) => ({ numbers: p.numbers.join('|') })),
    response: ratesBody,
  }),
  /** spec 4.9: dates as DD.MM.YYYY. */
  cdrs: op({
    module: 'cdrs',
    method: 'GET',
    version: 'v2',
    auth: 'account',
    safeToRetry: true,
    params: dateRange(toGermanDate),
    response: cdrsBody,
  }),
  /** spec 4.10. Never retried: a resend would ring both phones twice. */
  trycallback: op({
    module: 'webcallback',
    act: 'trycallback',
    method: 'POST',
    version: 'v2',
    auth: 'account',
    safeToRetry: false,
    params: z.object({ aNumber: phoneDigits, bNumber: phoneDigits }),
    response: callbackBody,
  }),
  /** spec 4.11 / D4: `callerId` carries the start response's `callId`. */
  stopcallback: op({
    module: 'webcallback',
    act: 'stopcallback',
    method: 'POST',
    version: 'v2',
    auth: 'account',
    safeToRetry: false,
    params: z
      .object({
        callId: z
          .string()
          .trim()
          .min(1, 'give the call id from the start answer')
          .max(64)
          .regex(/^[\w-]+$/, 'a call id has letters, digits and dashes only'),
      })
      .transform((p) => ({ callerId: p.callId })),
    response: stopCallbackBody,
  }),
  /** spec 4.1 `insert`: creates a card with serial and PIN. */
  insert: op({
    module: 'mycard-v2',
    act: 'insert',
    method: 'POST',
    version: 'v2',
    auth: 'card',
    safeToRetry: false,
    params: z
      .object({
        cli: phoneDigits,
        customer: freeText('customer name', 100, 'Anna Schmidt').optional(),
        amount: eurAmount.optional(),
        sendSmsInfo: z.boolean().optional(),
        smsMessage: freeText('SMS text', 480, 'Your card is ready').optional(),
      })
      .transform((p) => ({
        Telefon: p.cli,
        Kunde: p.customer ?? p.cli,
        Amount: p.amount ?? '0.00',
        sendSmsInfo: p.sendSmsInfo ? '1' : '0',
        smsinfo_message: p.smsMessage ?? '',
      })),
    response: cardBody,
  }),
  /** spec 4.1 `show` */
  show: op({
    module: 'mycard-v2',
    act: 'show',
    method: 'POST',
    version: 'v2',
    auth: 'card',
    safeToRetry: true,
    params: cardCli,
    response: cardBody,
  }),
  /** spec 3.1: active → blocked */
  blockcard: op({
    module: 'mycard-v2',
    act: 'blockcard',
    method: 'POST',
    version: 'v2',
    auth: 'card',
    safeToRetry: false,
    params: cardCli,
    response: cardBody,
  }),
  /** spec 3.1: blocked → active */
  unblockcard: op({
    module: 'mycard-v2',
    act: 'unblockcard',
    method: 'POST',
    version: 'v2',
    auth: 'card',
    safeToRetry: false,
    params: cardCli,
    response: cardBody,
  }),
  /** spec 3.1: active → disabled */
  disableCliByNumber: op({
    module: 'mycard-v2',
    act: 'disableCliByNumber',
    method: 'POST',
    version: 'v2',
    auth: 'card',
    safeToRetry: false,
    params: z.object({ cli: phoneDigits, realm }),
    response: cardBody,
  }),
  /** spec 3.1: any → active, with the new CLI */
  changeCliByNumber: op({
    module: 'mycard-v2',
    act: 'changeCliByNumber',
    method: 'POST',
    version: 'v2',
    auth: 'card',
    safeToRetry: false,
    params: z.object({ cli: phoneDigits, newCli: phoneDigits, realm }),
    response: cardBody,
  }),
  /** spec 3.1: any → active when the PIN is valid for the CLI; 1200 otherwise (D7). */
  activateMyCard: op({
    module: 'mycard-v2',
    act: 'activateMyCard',
    method: 'POST',
    version: 'v2',
    auth: 'card',
    safeToRetry: false,
    params: z
      .object({ cli: phoneDigits, pin, realm })
      .transform((p) => ({ cli: p.cli, PIN: p.pin, realm: p.realm })),
    response: cardBody,
  }),
} as const;

export type Operations = typeof operations;
export type OperationName = keyof Operations;
export type ParamsOf<K extends OperationName> = z.input<Operations[K]['params']>;
export type ResultOf<K extends OperationName> = z.output<Operations[K]['response']>;

/** The operation's name as the provider knows it, for logs and errors: `topup`, `mycard-v2.blockcard`. */
export function operationLabel(name: OperationName): string {
  const spec: OperationSpec = operations[name];
  return spec.act ? `${spec.module}.${spec.act}` : spec.module;
}

/** provider-notes §3, derived from the table so the two can never disagree. */
export const neverRetry: readonly OperationName[] = (Object.keys(operations) as OperationName[]).filter(
  (k) => !operations[k].safeToRetry,
);
