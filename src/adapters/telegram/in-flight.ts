/**
 * Work started after Telegram got its answer (webhook mode acknowledges first, issue 5), tracked so
 * that `stop()` can wait for it within a bound instead of cutting a command off (issue 7, graceful
 * shutdown).
 */
export class InFlight {
  readonly #running = new Set<Promise<unknown>>();

  get size(): number {
    return this.#running.size;
  }

  /** Starts tracking `work`; its rejection is the caller's to handle before passing it in. */
  track(work: Promise<unknown>): void {
    const tracked = work.finally(() => this.#running.delete(tracked));
    this.#running.add(tracked);
  }

  /** Resolves when all tracked work settled, or after `timeoutMs`; returns whether everything finished. */
  async drain(timeoutMs: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    try {
      while (this.#running.size > 0) {
        const done = await Promise.race([Promise.allSettled([...this.#running]).then(() => true), timeout]);
        if (!done) return false;
      }
      return true;
    } finally {
      clearTimeout(timer);
    }
  }
}
