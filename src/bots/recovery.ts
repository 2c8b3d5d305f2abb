import type { Logger } from 'pino';
import { recoverInterrupted } from '../core/index.js';
import type { Stores } from '../store/stores.js';
import type { Config } from './config.js';

/**
 * Write-ahead audit (docs/reliability.md §3.3): attempts left open by the last stop are closed as unknown and
 * their users told. With Redis another instance may still be waiting on its provider, so only
 * attempts older than any request can take count, checked again every minute. A failure of the
 * first pass runs `onFailure` (closing what the start opened) and fails the start. Returns the stop.
 */
export async function startRecovery(
  config: Config,
  logger: Logger,
  stores: Stores,
  onFailure: () => Promise<void>,
): Promise<() => void> {
  const olderThanMs = config.REDIS_URL ? 2 * config.TELEPHONY_TIMEOUT_MS + 60_000 : 0;
  const recover = async () => {
    const closed = await recoverInterrupted({ stores, now: new Date(), olderThanMs });
    if (closed > 0)
      logger.warn(
        { interrupted: closed },
        'never-retry operations were interrupted before the provider answered: closed as unknown in the audit, their users are told',
      );
  };
  await recover().catch(async (err: unknown) => {
    await onFailure();
    throw err;
  });
  if (!config.REDIS_URL) return () => {};
  const timer = setInterval(() => void recover().catch(() => undefined), 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
