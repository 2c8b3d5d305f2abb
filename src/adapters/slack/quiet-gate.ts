/**
 * Holds the work that follows an ack until the receiver is quiet (docs/performance.md §4.2). Slack wants every
 * request acknowledged within 3 s; under a burst, the post-ack work of the first commands (about a
 * millisecond of CPU each) would otherwise run ahead of reading and acknowledging the later
 * requests, and the ack latency of the burst's tail grows with every command before it. So the
 * work waits until no request is open and none arrived for `quietMs` (`burstQuietMs` right after
 * a burst), but never longer than `maxWaitMs`, and is then let go a few at a time, looking again
 * for new requests in between.
 */
export interface QuietGateOptions {
  /**
   * How long without a new request counts as quiet. Default 5 ms: a load that pauses for less (a
   * client descheduled mid-burst) is still one burst.
   */
  quietMs?: number;
  /**
   * After a burst (`burstSize` requests arriving within `burstQuietMs`), how long without a new
   * request counts as quiet. Default 50 ms: a burst that crosses a network, or comes from a sender
   * that is itself short of CPU, pauses for 10–30 ms between requests (bench:slack measured it);
   * starting the work in such a pause slows the rest of the burst.
   */
  burstQuietMs?: number;
  /** How many requests within `burstQuietMs` make a burst. Default 16 (50 commands/s is not one). */
  burstSize?: number;
  /** The longest a piece of work is held, however busy the receiver. Default 1000 ms. */
  maxWaitMs?: number;
  /** How many waiters are let go per turn of the event loop. Default 8. */
  batch?: number;
  /** The clock, ms. Default `performance.now`. */
  now?: () => number;
}

export interface QuietGate {
  /** A request arrived; call the returned function once its response is finished. */
  arrived(): () => void;
  /** Resolves once the receiver is quiet, or after `maxWaitMs` at the latest. Never rejects. */
  whenQuiet(): Promise<void>;
}

export function createQuietGate(options: QuietGateOptions = {}): QuietGate {
  const maxWaitMs = options.maxWaitMs ?? 1000;
  const batch = options.batch ?? 8;
  const now = options.now ?? (() => performance.now());
  const requests = requestLog(options.quietMs ?? 5, options.burstQuietMs ?? 50, options.burstSize ?? 16);
  const waiting: { release: () => void; deadline: number }[] = [];
  let scheduled = false;

  const schedule = (delayMs: number) => {
    if (scheduled) return;
    scheduled = true;
    const run = () => {
      scheduled = false;
      check();
    };
    if (delayMs <= 0) setImmediate(run);
    else setTimeout(run, delayMs);
  };

  function check(): void {
    const at = now();
    const quietIn = requests.quietIn(at);
    let released = 0;
    // Oldest first: a waiter past its deadline goes whatever the receiver is doing.
    while (waiting.length > 0 && released < batch && (quietIn <= 0 || waiting[0]!.deadline <= at)) {
      waiting.shift()!.release();
      released++;
    }
    if (waiting.length === 0) return;
    // Look again on the next turn, when the quiet period would end, or at the oldest waiter's deadline.
    schedule(released > 0 ? 0 : Math.max(1, Math.min(quietIn, waiting[0]!.deadline - at)));
  }

  return {
    arrived: () => requests.arrived(now()),
    whenQuiet() {
      return new Promise<void>((release) => {
        waiting.push({ release, deadline: now() + maxWaitMs });
        schedule(0);
      });
    },
  };
}

/** The requests open now and the latest arrivals: how long until the receiver counts as quiet. */
function requestLog(quietMs: number, burstQuietMs: number, burstSize: number) {
  let open = 0;
  let last = Number.NEGATIVE_INFINITY;
  // The latest `burstSize` arrival times; `recent[next]` is the oldest of them, overwritten next.
  const recent: number[] = new Array(burstSize).fill(Number.NEGATIVE_INFINITY);
  let next = 0;
  return {
    arrived(at: number): () => void {
      open++;
      last = at;
      recent[next] = at;
      next = (next + 1) % burstSize;
      let done = false;
      return () => {
        if (done) return;
        done = true;
        open--;
      };
    },
    /** Milliseconds until quiet (0 or less: quiet now); while a request is open, a whole period. */
    quietIn(at: number): number {
      // A burst when the latest `burstSize` arrivals all fit in `burstQuietMs`.
      const needed = last - recent[next]! <= burstQuietMs ? burstQuietMs : quietMs;
      return open > 0 ? needed : needed - (at - last);
    },
  };
}

/**
 * One turn of the event loop, for work after an ack that must not wait for a quiet receiver: a
 * shortcut's modal (its trigger_id lasts 3 s), and Messages-tab and Home events, whose answers a
 * user reads in the order they were typed; held together behind a burst they could overtake.
 */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
