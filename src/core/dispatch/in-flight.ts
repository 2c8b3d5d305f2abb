/**
 * The one in-flight tracker (docs/reliability.md §6.1; docs/architecture.md §7.2): the core counts commands, the channels count the work
 * they started after acknowledging (Telegram updates, Slack listeners), so a graceful shutdown can
 * let it finish within a bound.
 */
export class InFlight {
  #count = 0;
  #closing = false;
  #waiters: (() => void)[] = [];

  /** Returns a release function, or `undefined` once draining started (new work is refused). */
  enter(): (() => void) | undefined {
    if (this.#closing) return undefined;
    this.#count++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#count--;
      if (this.#count === 0) for (const w of this.#waiters.splice(0)) w();
    };
  }

  /** Tracks work already under way (an update a receiver handed out): counted until it settles, even while draining. */
  track(work: Promise<unknown>): void {
    this.#count++;
    const settle = () => {
      this.#count--;
      if (this.#count === 0) for (const w of this.#waiters.splice(0)) w();
    };
    work.then(settle, settle);
  }

  get size(): number {
    return this.#count;
  }

  /** Refuses new work, then waits for the work in flight, at most `timeoutMs`; true when all finished. */
  async drain(timeoutMs: number): Promise<boolean> {
    this.#closing = true;
    if (this.#count === 0) return true;
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      timer.unref?.();
      this.#waiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }
}
