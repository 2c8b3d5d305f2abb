import { withTax } from './money-format.js';
import { bill, priceIn, RateTable } from './rates.js';
import type { AccountState, CallState, CardState, PersistedState, PinState } from './state-schema.js';

/** Ended calls kept so that a second `stopcallback` still answers 1001 (D4), not forever. */
const ENDED_CALLS_KEPT = 1000;

/**
 * The sandbox's state, consistent across endpoints: one account's balance moves with top-ups and
 * billed calls, cards follow spec 3.1, calls become CDRs (D10). Every change calls `onChange`,
 * which persists the state when `persistPath` is set.
 */
export class SandboxState {
  readonly #data: PersistedState;
  readonly #rates: RateTable;
  readonly #onChange: (state: PersistedState) => void;

  constructor(data: PersistedState, onChange: (state: PersistedState) => void = () => {}) {
    this.#data = data;
    this.#rates = new RateTable(data.rates);
    this.#onChange = onChange;
  }

  get data(): PersistedState {
    return this.#data;
  }

  get rates(): RateTable {
    return this.#rates;
  }

  account(username: string): AccountState | undefined {
    return Object.hasOwn(this.#data.accounts, username) ? this.#data.accounts[username] : undefined;
  }

  card(owner: string, cli: string): CardState | undefined {
    return this.#data.cards.find((c) => c.owner === owner && c.cli === cli);
  }

  cliTaken(cli: string): boolean {
    return this.#data.cards.some((c) => c.cli === cli);
  }

  addCard(card: CardState): void {
    this.#data.cards.push(card);
  }

  /** Card serials are sequential, 12 digits, and never reused (also across restarts). */
  nextSerial(): string {
    const serial = String(100_000_000_000 + this.#data.nextSerial);
    this.#data.nextSerial += 1;
    return serial;
  }

  pin(pin: string): PinState | undefined {
    return this.#data.pins.find((p) => p.pin === pin);
  }

  call(callId: string): CallState | undefined {
    return this.#data.calls.find((c) => c.callId === callId);
  }

  addCall(call: CallState): void {
    this.#data.calls.push(call);
  }

  /** Records a change: the persistence hook runs after every one (docs/sandbox.md §2.3). */
  changed(): void {
    this.#onChange(this.#data);
  }

  /**
   * D10: a call lives until `stopcallback` or until `maxCallSeconds`. Evaluated lazily on every
   * request and by an unref'd timer, so an expired call is billed even if nobody asks.
   */
  expireCalls(now: Date, maxCallSeconds: number): number {
    let ended = 0;
    for (const call of this.#data.calls) {
      if (call.end) continue;
      const limit = Date.parse(call.start) + maxCallSeconds * 1000;
      if (now.getTime() >= limit) {
        this.endCall(call, new Date(limit), 'max-duration', maxCallSeconds);
        ended += 1;
      }
    }
    if (ended > 0) this.changed();
    return ended;
  }

  /**
   * Ends a call and bills it at the destination (bNumber) rate per started minute; the balance
   * goes down by exactly the CDR `amount`. Callshop accounts also get a callshop CDR (spec 2.6).
   * The caller persists (`changed()`).
   */
  endCall(call: CallState, at: Date, endedBy: 'stopcallback' | 'max-duration', maxCallSeconds: number): void {
    const account = this.account(call.username);
    const startMs = Date.parse(call.start);
    const seconds = Math.max(0, Math.min(Math.floor((at.getTime() - startMs) / 1000), maxCallSeconds));
    const end = new Date(startMs + seconds * 1000).toISOString();
    call.end = end;
    call.endedBy = endedBy;
    if (account) {
      const rate = this.#rates.match(call.bNumber);
      const price = rate ? priceIn(this.#data, rate, account.currency) : 0;
      const { minutes, amount } = bill(price, seconds);
      const amountTax = withTax(amount, account.taxBasisPoints);
      const destination = rate?.name ?? 'Unknown';
      account.balance -= amount;
      account.cdrs.push({
        start: call.start,
        end,
        seconds,
        number: call.bNumber,
        destination,
        amount,
        amountTax,
        type: 'CALLBACK',
      });
      if (account.kind === 'callshop') {
        account.callshopCdrs.push({
          start: call.start,
          caller: call.aNumber,
          callee: call.bNumber,
          seconds,
          billedSeconds: minutes * 60,
          destination,
          amount,
          amountTax,
        });
      }
    }
    const ended = this.#data.calls.filter((c) => c.end);
    if (ended.length > ENDED_CALLS_KEPT) {
      const drop = new Set(ended.slice(0, ended.length - ENDED_CALLS_KEPT));
      this.#data.calls = this.#data.calls.filter((c) => !drop.has(c));
    }
  }
}
