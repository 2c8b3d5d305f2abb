/** Options of {@link createAdmission}. */
export interface AdmissionOptions {
  /** Provider calls in flight at once: the keep-alive sockets (`TELEPHONY_CONNECTIONS`). */
  slots: number;
  /**
   * Calls waiting beyond which {@link Admission.busy} says so: the bounded backlog of one instance.
   * The gate itself still takes what is given (a command already accepted finishes); the entry
   * points ask `busy()` first and turn new work away (Telegram 503, Slack "busy, try again").
   */
  maxQueued: number;
}

export interface AdmissionStats {
  inFlight: number;
  queued: number;
  /** Calls that joined an identical read still waiting, instead of queueing one of their own. */
  joined: number;
}

/**
 * Admission control at the provider (docs/operations.md §7, hostile load): every client of one
 * provider shares it, as they share the transport.
 *
 * - **Fair by account.** Waiting calls queue per `who` (the signing account) and are served in
 *   start-time fair order, so one account's burst of 10 waits behind itself while a light
 *   account's one call goes within the current round, not after everyone's backlog. An account
 *   with no call for {@link IDLE_AFTER_ROUNDS} rounds may send {@link IDLE_CREDIT} calls ahead of
 *   the round in progress: a light user's command (`/balance` reads twice at once) is not queued
 *   behind every account whose turn in this round has not come yet, nor its second read a round
 *   later.
 * - **Identical reads share one call.** A read that is still waiting (not yet sent) is joined by an
 *   identical one (`flightKey`: account, key and parameters): both get the answer of the one call,
 *   which is sent after both asked, so neither sees a state older than its own question.
 * - **Bounded.** `busy()` says when the backlog is full, for the entry points to refuse new work.
 *
 * The wait here is not the provider's: the client's deadline starts when the slot is given.
 */
export interface Admission {
  run<T>(who: string, flightKey: string | undefined, work: () => Promise<T>): Promise<T>;
  busy(): boolean;
  stats(): AdmissionStats;
}

interface Waiting {
  who: string;
  flightKey: string | undefined;
  work: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
  promise: Promise<unknown>;
  tag: number;
}

/**
 * The calls an idle account may send ahead of the round in progress: the reads one command makes
 * at once (`/balance`: names and balance). Bounded, so an account cannot jump the queue by more than
 * one command's worth however long it was idle; a busy account never has it (its own next tag is
 * ahead of the round).
 */
export const IDLE_CREDIT = 2;

/**
 * Rounds without a call after which an account counts as idle. An account that is merely behind
 * (a heavy chat whose next update is still on its way) is not idle: giving it the credit would let
 * the heavy accounts drift apart and leave a long tail of one chat's updates on few sockets.
 */
export const IDLE_AFTER_ROUNDS = 4;

export function createAdmission(options: AdmissionOptions): Admission {
  if (!(options.slots >= 1)) throw new RangeError(`admission slots must be at least 1, got ${options.slots}`);
  return new FairAdmission(options);
}

class FairAdmission implements Admission {
  readonly #options: AdmissionOptions;
  /** Per account, its waiting calls in order. */
  readonly #queues = new Map<string, Waiting[]>();
  readonly #flights = new Map<string, Waiting>();
  /**
   * Start-time fair queueing: a call's tag is the later of the tag now served (less the idle credit)
   * and the account's own next tag, so an account's burst gets tags 0, 1, 2 … while one arriving
   * later starts at the current round (ahead of it by the credit, when idle). Tags that no longer
   * matter are forgotten.
   */
  readonly #nextTag = new Map<string, number>();
  /** Accounts whose current burst began idle: the tag their credit starts at, until it is used. */
  readonly #creditFloor = new Map<string, number>();
  #served = 0;
  #dispatched = 0;
  #inFlight = 0;
  #queued = 0;
  #joined = 0;

  constructor(options: AdmissionOptions) {
    this.#options = options;
  }

  run<T>(who: string, flightKey: string | undefined, work: () => Promise<T>): Promise<T> {
    const waiting = flightKey === undefined ? undefined : this.#flights.get(flightKey);
    if (waiting) {
      this.#joined += 1;
      return waiting.promise as Promise<T>;
    }
    let resolve!: (value: unknown) => void;
    let reject!: (reason: unknown) => void;
    const promise = new Promise<unknown>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    let own = this.#nextTag.get(who);
    // Idle (unknown, or no call for IDLE_AFTER_ROUNDS): its next IDLE_CREDIT calls start below the
    // round; an account that is only behind gets the round, as in plain SFQ.
    if (own === undefined || own <= this.#served - IDLE_AFTER_ROUNDS) {
      this.#creditFloor.set(who, this.#served - IDLE_CREDIT);
      own = undefined;
    }
    const credit = this.#creditFloor.get(who);
    if (credit !== undefined && own !== undefined && own >= credit + IDLE_CREDIT)
      this.#creditFloor.delete(who);
    const floor = this.#creditFloor.get(who) ?? this.#served;
    const tag = Math.max(floor, own ?? Number.NEGATIVE_INFINITY);
    this.#nextTag.set(who, tag + 1);
    const w: Waiting = { who, flightKey, work, resolve, reject, promise, tag };
    const queue = this.#queues.get(who);
    if (queue) queue.push(w);
    else this.#queues.set(who, [w]);
    this.#queued += 1;
    if (flightKey !== undefined) this.#flights.set(flightKey, w);
    this.#next();
    return promise as Promise<T>;
  }

  /** An arrow, so it can be handed on unbound (`busy: admission.busy`). */
  readonly busy = (): boolean => this.#queued >= this.#options.maxQueued;

  stats(): AdmissionStats {
    return { inFlight: this.#inFlight, queued: this.#queued, joined: this.#joined };
  }

  /** The account whose head has the smallest tag; ties in arrival order. */
  #turn(): Waiting[] {
    let best: Waiting[] | undefined;
    for (const queue of this.#queues.values()) if (!best || queue[0]!.tag < best[0]!.tag) best = queue;
    return best!;
  }

  #next(): void {
    while (this.#inFlight < this.#options.slots && this.#queued > 0) {
      const queue = this.#turn();
      const w = queue.shift()!;
      if (queue.length === 0) this.#queues.delete(w.who);
      // The virtual time is the tag now served (the smallest waiting), not the largest ever: a max
      // would run ahead with the quickest accounts and leave the rest at the idle credit's floor,
      // where a newcomer would queue behind them.
      this.#served = w.tag;
      this.#queued -= 1;
      if (w.flightKey !== undefined) this.#flights.delete(w.flightKey);
      this.#inFlight += 1;
      if (++this.#dispatched % 1024 === 0) this.#forget();
      w.work()
        .then(w.resolve, w.reject)
        .finally(() => {
          this.#inFlight -= 1;
          this.#next();
        });
    }
  }

  /** An idle account's tag says no more than its absence: memory follows recent accounts. */
  #forget(): void {
    for (const [who, tag] of this.#nextTag)
      if (tag <= this.#served - IDLE_AFTER_ROUNDS && !this.#queues.has(who)) {
        this.#nextTag.delete(who);
        this.#creditFloor.delete(who);
      }
  }
}
