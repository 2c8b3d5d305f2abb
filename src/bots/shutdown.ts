import type { Logger } from 'pino';
import { errorSummary } from '../core/logs/safe-error.js';
import type { ChatChannel } from './channels.js';
import type { Config } from './config.js';
import type { HealthServer } from './health-server.js';
import type { Runtime } from './runtime.js';

/** What a failed start may take to close what it opened, before the process exits anyway. */
export const START_CLEANUP_MS = 1500;

/** Exit codes: 2 for a configuration the user must change, 1 for any other failed start or stop. */
export const EXIT = { ok: 0, failed: 1, config: 2 } as const;

/** Something the start opened, with how to close it; closed in reverse order. */
export interface Opened {
  name: string;
  close: () => Promise<void>;
}

/** The console, once it runs: the shutdown stops its prompt and waits for the reply in flight. */
export interface ConsoleHandle {
  channel?: { close(): void };
  run?: Promise<void>;
}

/** The one options object of {@link createShutdown}: what is running and must stop. */
export interface ShutdownOptions {
  config: Config;
  logger: Logger;
  health: HealthServer | undefined;
  opened: Opened[];
  channels: ChatChannel[];
  runtime: Pick<Runtime, 'core' | 'abandonInFlight'>;
  scheduler: { stop(): Promise<void> };
  console: ConsoleHandle;
}

/**
 * The shutdown `main` runs on SIGTERM/SIGINT or the end of console input; called twice, it returns
 * the first run's promise. It always ends (docs/reliability.md §6.2): past the bound, whatever is pending is
 * abandoned, by name, and the process exits non-zero.
 */
export function createShutdown(o: ShutdownOptions): (signal: string) => Promise<number> {
  let stopping: Promise<number> | undefined;
  const boundMs = o.config.SHUTDOWN_TIMEOUT_MS + START_CLEANUP_MS;
  const run = async (signal: string): Promise<number> => {
    o.health?.drain();
    o.logger.info({ signal }, 'shutting down');
    const pending = new Set<string>(['commands in flight', 'proactive jobs', ...o.opened.map((s) => s.name)]);
    const deadline = setTimeout(() => {
      o.logger.error(
        { abandoned: [...pending] },
        `shutdown timed out; abandoned: ${[...pending].join(', ')}`,
      );
      o.logger.flush?.();
      process.exit(EXIT.failed);
    }, boundMs);
    deadline.unref();
    await stopTakingWork(o, pending);
    const rest = o.opened.filter((s) => pending.has(s.name));
    // Whatever was given up on, the pools and stores still close (bounded by the deadline above).
    await closeAll(rest, START_CLEANUP_MS, o.logger, pending);
    clearTimeout(deadline);
    if (pending.size > 0) {
      o.logger.error({ abandoned: [...pending] }, `stopped; abandoned: ${[...pending].join(', ')}`);
      o.logger.flush?.();
      return EXIT.failed;
    }
    o.logger.info({}, 'stopped');
    o.logger.flush?.();
    return EXIT.ok;
  };
  return (signal) => {
    stopping ??= run(signal);
    return stopping;
  };
}

/**
 * Stop taking updates and finish what is in flight, the commands and the proactive jobs side by
 * side, each within `SHUTDOWN_TIMEOUT_MS`; what is left is named in `pending` (pools and stores
 * close after, either way). A never-retry operation given up on is closed and its user told now.
 */
async function stopTakingWork(o: ShutdownOptions, pending: Set<string>): Promise<void> {
  o.console.channel?.close();
  const timeoutMs = o.config.SHUTDOWN_TIMEOUT_MS;
  // A job in progress stops between items (a report, a digest, an account); the next run goes on.
  const jobs = within(
    o.scheduler.stop().then(() => true),
    timeoutMs,
  ).then((done) => {
    if (done) pending.delete('proactive jobs');
  });
  await Promise.allSettled(
    o.channels.map(async (c) => {
      await c.stop();
      pending.delete(c.name);
    }),
  );
  const drained = await o.runtime.core.drain(timeoutMs);
  if (drained) pending.delete('commands in flight');
  else {
    const told = await within(o.runtime.abandonInFlight(), START_CLEANUP_MS / 2);
    o.logger.warn(
      { told },
      'shutdown: never-retry operations still waiting were closed as unknown; their users were told',
    );
  }
  await jobs;
  // The core answered the line in flight; let the console print that reply before we exit.
  if (o.console.run) await Promise.race([o.console.run, delay(1000)]);
}

/** `work`'s result, or false once `ms` passed (`work` goes on, unawaited). */
function within<T>(work: Promise<T>, ms: number): Promise<T | false> {
  return Promise.race([work.catch(() => false as const), delay(ms).then(() => false as const)]);
}

/** Closes in reverse order of opening, each step bounded, never throwing. */
export async function closeAll(
  opened: Opened[],
  boundMs: number,
  logger: { warn(obj: object, msg?: string): void },
  pending?: Set<string>,
): Promise<void> {
  for (const step of [...opened].reverse()) {
    const ok = await Promise.race([
      step.close().then(
        () => true,
        (err: unknown) => {
          logger.warn({ step: step.name, err: errorSummary(err) }, 'close failed');
          return true;
        },
      ),
      delay(boundMs).then(() => false),
    ]);
    if (ok) pending?.delete(step.name);
    else logger.warn({ step: step.name }, 'close did not finish in time');
  }
}

const delay = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref();
  });
