import { readFileSync } from 'node:fs';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';
import type { z } from 'zod';
import { md5Hex } from '../telephony/signature.js';
import { parseAmount, withTax } from './money-format.js';
import { bill, priceIn, RateTable } from './rates.js';
import { type ParsedSandboxData, type SandboxData, sandboxDataSchema } from './seed-schema.js';
import { type AccountState, type PersistedState, persistedStateSchema } from './state-schema.js';

/** The shipped demo data, used when no `data` option is given. */
export const DEMO_DATA_PATH = fileURLToPath(new URL('./demo-data.yaml', import.meta.url));

export class SandboxDataError extends Error {
  override name = 'SandboxDataError';
}

/** `users.0.balance: must be an amount ...`: every issue names the field, so the fix is obvious. */
function formatIssues(source: string, error: z.ZodError): string {
  const lines = error.issues.map((i) => `  ${i.path.map(String).join('.') || '(root)'}: ${i.message}`);
  return `invalid sandbox data in ${source}:\n${lines.join('\n')}`;
}

/** Reads a YAML or JSON seed file (by extension; YAML is a superset of JSON, so it is the fallback). */
function readSeedFile(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new SandboxDataError(`cannot read sandbox data file ${path}: ${(err as Error).message}`);
  }
  try {
    return extname(path).toLowerCase() === '.json' ? JSON.parse(text) : parseYaml(text);
  } catch (err) {
    throw new SandboxDataError(`sandbox data file ${path} is not valid YAML/JSON: ${(err as Error).message}`);
  }
}

function parseSeed(raw: unknown, source: string): ParsedSandboxData {
  const parsed = sandboxDataSchema.safeParse(raw);
  if (!parsed.success) throw new SandboxDataError(formatIssues(source, parsed.error));
  return parsed.data;
}

const isoOf = (stamp: string) => new Date(`${stamp.replace(' ', 'T')}Z`).toISOString();
const amountOf = (text: string) => parseAmount(text) as number; // validated by the schema

type SeedUser = ParsedSandboxData['users'][number];
type SeedCustomer = Exclude<SeedUser, { kind: 'pin-creation' }>;

/** Builds the initial state from a seed; CDR amounts are computed with the same rule as live calls. */
function stateFromSeed(data: ParsedSandboxData): PersistedState {
  const state = catalogueFromSeed(data);
  const table = new RateTable(state.rates);
  for (const u of data.users) {
    const key = u.md5 ?? md5Hex(u.password ?? '');
    if (u.kind === 'pin-creation') {
      state.accounts[u.username] = pinCreationAccount(u.username, key, u.realm);
      continue;
    }
    const account = customerAccount(u, key);
    seedCdrs(account, u, (number) => {
      const rate = table.match(number);
      return {
        price: rate ? priceIn(state, rate, account.currency) : 0,
        destination: rate?.name ?? 'Unknown',
      };
    });
    state.accounts[u.username] = account;
  }
  return state;
}

/** Everything but the accounts: exchange factors, rates, cards and PINs, in minor units. */
function catalogueFromSeed(data: ParsedSandboxData): PersistedState {
  const exchange: Record<string, number> = {};
  for (const [code, factor] of Object.entries(data.exchange)) exchange[code] = amountOf(factor);
  return {
    version: 1,
    exchange,
    rates: data.rates.map((r) => ({ prefix: r.prefix, name: r.name, price: amountOf(r.price) })),
    accounts: {},
    cards: data.cards.map((c) => ({
      owner: c.owner,
      cli: c.cli,
      kunde: c.kunde,
      amount: amountOf(c.amount),
      amountAll: amountOf(c.amountAll ?? c.amount),
      serial: c.serial,
      pin: c.pin,
      state: c.state,
    })),
    pins: data.pins.map((p) => ({
      pin: p.pin,
      value: amountOf(p.value),
      currency: p.currency.toUpperCase(),
      kind: p.kind,
      ...(p.forUser ? { forUser: p.forUser } : {}),
      ...(p.used ? { usedBy: '(seed)', usedAt: new Date(0).toISOString() } : {}),
    })),
    calls: [],
    nextSerial: 1,
  };
}

/** A PIN-creation account (D2): only a login for the card module, with no money or lines of its own. */
function pinCreationAccount(username: string, key: string, realm: string): AccountState {
  return {
    username,
    key,
    kind: 'pin-creation',
    realm,
    customerNumber: '',
    accountNumber: '',
    customerName: username,
    accountName: username,
    currency: 'EUR',
    balance: 0,
    taxBasisPoints: 0,
    callingCard: false,
    dialin: { geo: {}, free: {}, callbackGeo: {}, callbackFree: {}, personal: '' },
    target: { anumber: null, bnumber: null },
    sipLines: [],
    cdrs: [],
    callshopCdrs: [],
  };
}

function customerAccount(u: SeedCustomer, key: string): AccountState {
  return {
    username: u.username,
    key,
    kind: u.kind,
    realm: '',
    customerNumber: u.customerNumber,
    accountNumber: u.accountNumber,
    customerName: u.customerName,
    accountName: u.accountName,
    currency: u.currency.toUpperCase(),
    balance: amountOf(u.balance),
    taxBasisPoints: Math.round(u.taxPercent * 100),
    callingCard: u.callingCard,
    dialin: u.dialin,
    target: u.target,
    sipLines: u.sipLines,
    cdrs: [],
    callshopCdrs: [],
  };
}

/** The seed's call records, priced by `rateOf` with the billing rule live calls use. */
function seedCdrs(
  account: AccountState,
  u: SeedCustomer,
  rateOf: (number: string) => { price: number; destination: string },
): void {
  for (const cdr of u.cdrs) {
    const { price, destination } = rateOf(cdr.number);
    const { amount } = bill(price, cdr.seconds);
    const start = isoOf(cdr.start);
    account.cdrs.push({
      start,
      end: new Date(Date.parse(start) + cdr.seconds * 1000).toISOString(),
      seconds: cdr.seconds,
      number: cdr.number,
      destination,
      amount,
      amountTax: withTax(amount, account.taxBasisPoints),
      type: cdr.type,
    });
  }
  for (const cdr of u.callshopCdrs) {
    const { price, destination } = rateOf(cdr.callee);
    const { minutes, amount } = bill(price, cdr.seconds);
    account.callshopCdrs.push({
      start: isoOf(cdr.start),
      caller: cdr.caller,
      callee: cdr.callee,
      seconds: cdr.seconds,
      billedSeconds: minutes * 60,
      destination,
      amount,
      amountTax: withTax(amount, account.taxBasisPoints),
    });
  }
}

/** Resolves the `data` option: an object, a path to a YAML/JSON file, or the shipped demo data. */
export function loadSeed(data: SandboxData | string | undefined): PersistedState {
  const source = typeof data === 'string' ? data : data === undefined ? DEMO_DATA_PATH : 'the data option';
  const raw = typeof data === 'object' ? data : readSeedFile(source);
  return stateFromSeed(parseSeed(raw, source));
}

/** Reads a state file written by `persistPath`; undefined when it does not exist yet. */
export function loadPersisted(path: string): PersistedState | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new SandboxDataError(`cannot read sandbox state file ${path}: ${(err as Error).message}`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw new SandboxDataError(`sandbox state file ${path} is not JSON: ${(err as Error).message}`);
  }
  const parsed = persistedStateSchema.safeParse(raw);
  if (!parsed.success) throw new SandboxDataError(formatIssues(path, parsed.error));
  return parsed.data;
}
