import type { OperationHandler } from './operation-types.js';
import * as accountOps from './ops-account.js';
import * as callback from './ops-callback.js';
import * as card from './ops-card.js';

/**
 * One table of operations. `name` is the provider's own operation name, written as the client's
 * error labels write it (`account`, `topup`, `webcallback.trycallback`, `mycard-v2.blockcard`), and
 * the key for faults and stats. `accountKind` says which
 * credential may call it: the card module only PIN-creation accounts (provider-notes D2), every
 * other module only ordinary and callshop accounts.
 */
export interface OperationSpec {
  readonly name: string;
  readonly accountKind: 'account' | 'pin-creation';
  readonly handler: OperationHandler;
}

const op = (
  name: string,
  handler: OperationHandler,
  accountKind: OperationSpec['accountKind'] = 'account',
) => ({
  name,
  handler,
  accountKind,
});

/** Query-style v2 modules (spec 4), by method and module. */
const V2_GET: Record<string, OperationSpec> = {
  onlinecallthrough: op('onlinecallthrough', accountOps.onlinecallthrough),
  account: op('account', accountOps.account),
  cdrs: op('cdrs', accountOps.cdrs),
  'cdr-callshop': op('cdr-callshop', accountOps.cdrCallshop),
  voiplist: op('voiplist', accountOps.voiplist),
  rates: op('rates', accountOps.rates),
};

/** POST modules with an `act` (spec 4.2, 4.10, D4); `topup` has none. */
const V2_POST_ACTS: Record<string, Record<string, OperationSpec>> = {
  onlinecallthrough: { store: op('onlinecallthrough.store', accountOps.store) },
  webcallback: {
    trycallback: op('webcallback.trycallback', callback.trycallback),
    stopcallback: op('webcallback.stopcallback', callback.stopcallback),
  },
};

const TOPUP = op('topup', accountOps.topup);
const NUMBER_CHECK = op('number-check', accountOps.numberCheck);

/** Card acts, spec 4.1, at the D1 address. */
const CARD_ACTS: Record<string, OperationSpec> = Object.fromEntries(
  (
    [
      ['insert', card.insert],
      ['show', card.show],
      ['blockcard', card.blockcard],
      ['unblockcard', card.unblockcard],
      ['disableCliByNumber', card.disableCliByNumber],
      ['changeCliByNumber', card.changeCliByNumber],
      ['activateMyCard', card.activateMyCard],
    ] as const
  ).map(([act, handler]) => [act, op(`mycard-v2.${act}`, handler, 'pin-creation')]),
);

/** Every operation name, for stats and for validating fault keys. */
export const OPERATION_NAMES: readonly string[] = [
  ...Object.values(V2_GET).map((s) => s.name),
  ...Object.values(V2_POST_ACTS).flatMap((acts) => Object.values(acts).map((s) => s.name)),
  TOPUP.name,
  NUMBER_CHECK.name,
  ...Object.values(CARD_ACTS).map((s) => s.name),
];

/** Keys a fault rule may use to cover several operations, or as a short name for one. */
export const OPERATION_GROUPS: Readonly<Record<string, readonly string[]>> = {
  webcallback: ['webcallback.trycallback', 'webcallback.stopcallback'],
  trycallback: ['webcallback.trycallback'],
  stopcallback: ['webcallback.stopcallback'],
  store: ['onlinecallthrough.store'],
  'mycard-v2': Object.values(CARD_ACTS).map((s) => s.name),
};

export type Route =
  | { kind: 'operation'; spec: OperationSpec }
  /** Known module, bad or missing act: refused with 403 under the module's name. */
  | { kind: 'bad-act'; name: string; detail: string }
  /** Unknown module or address: 404. Named `(unknown)`, never by the request's own text (log, stats). */
  | { kind: 'unknown'; name: string };

const UNKNOWN: Route = { kind: 'unknown', name: '(unknown)' };

const has = <T>(table: Record<string, T>, key: string): T | undefined =>
  Object.hasOwn(table, key) ? table[key] : undefined;

/**
 * Finds the operation of a request. `query` is the URL's search params (the module is the first
 * key, `?account`), `form` the decoded POST body.
 */
export function resolveRoute(
  method: string,
  pathname: string,
  query: URLSearchParams,
  form: URLSearchParams,
): Route {
  if (pathname === '/api/rest/v3/number-check') {
    return method === 'GET'
      ? { kind: 'operation', spec: NUMBER_CHECK }
      : { kind: 'unknown', name: 'number-check' };
  }
  if (pathname !== '/api/rest/v2/' && pathname !== '/api/rest/v2') return UNKNOWN;
  const module = query.keys().next().value ?? '';
  if (module === '' && method === 'POST' && form.get('m') === 'mycard-v2') {
    const act = form.get('act') ?? '';
    const spec = has(CARD_ACTS, act);
    if (spec) return { kind: 'operation', spec };
    return {
      kind: 'bad-act',
      name: 'mycard-v2',
      detail: act === '' ? 'missing parameter act' : 'unknown act',
    };
  }
  if (method === 'GET') {
    const spec = has(V2_GET, module);
    return spec ? { kind: 'operation', spec } : UNKNOWN;
  }
  if (method === 'POST') {
    if (module === 'topup') return { kind: 'operation', spec: TOPUP };
    const acts = has(V2_POST_ACTS, module);
    if (!acts) return UNKNOWN;
    const act = form.get('act') ?? query.get('act') ?? '';
    const spec = has(acts, act);
    if (spec) return { kind: 'operation', spec };
    return { kind: 'bad-act', name: module, detail: act === '' ? 'missing parameter act' : 'unknown act' };
  }
  return UNKNOWN;
}
