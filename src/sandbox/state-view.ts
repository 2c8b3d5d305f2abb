import type { Money } from '../telephony/money.js';
import { SCALE } from './money-format.js';
import type { SandboxState } from './state.js';
import type {
  AccountCdr,
  AccountState,
  CallState,
  CallshopCdr,
  CardState,
  PersistedState,
  PinState,
} from './state-schema.js';

/**
 * Read access to the sandbox state for tests and tools. Every method returns a copy, so a test
 * can never change the state behind the API's back. Amounts are integers at scale 4.
 */
export interface SandboxStateView {
  account(username: string): AccountState | undefined;
  /** The balance as Money (scale 4), comparable with the client's parsed amounts. */
  balance(username: string): Money | undefined;
  cards(owner?: string): CardState[];
  card(cli: string): CardState | undefined;
  cdrs(username: string): AccountCdr[];
  callshopCdrs(username: string): CallshopCdr[];
  calls(): CallState[];
  pins(): PinState[];
  snapshot(): PersistedState;
}

export function createStateView(state: SandboxState): SandboxStateView {
  const copy = <T>(value: T): T => structuredClone(value);
  return {
    account: (username) => copy(state.account(username)),
    balance: (username) => {
      const account = state.account(username);
      return account ? { minor: account.balance, scale: SCALE, currency: account.currency } : undefined;
    },
    cards: (owner) => copy(state.data.cards.filter((c) => owner === undefined || c.owner === owner)),
    card: (cli) => copy(state.data.cards.find((c) => c.cli === cli)),
    cdrs: (username) => copy(state.account(username)?.cdrs ?? []),
    callshopCdrs: (username) => copy(state.account(username)?.callshopCdrs ?? []),
    calls: () => copy(state.data.calls),
    pins: () => copy(state.data.pins),
    snapshot: () => copy(state.data),
  };
}
