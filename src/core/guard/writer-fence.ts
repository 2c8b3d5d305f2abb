import type { Transformer } from '../../telephony/layers.js';

/**
 * Raised instead of sending a never-retry request once this process lost the store's single-writer
 * lock (docs/reliability.md §5.1): another instance owns the store now, so a call or a top-up sent from here
 * could be sent twice (once by each). Nothing was sent; matched on `code` by the error replies.
 */
export class WriterLockLostError extends Error {
  override name = 'WriterLockLostError';
  readonly code = 'ERR_WRITER_LOCK_LOST';
  constructor(readonly operation: string) {
    super(`${operation} not sent: another instance took the store's single-writer lock over`);
  }
}

/**
 * The one fence every never-retry send passes (docs/reliability.md §5.1): a layer of the signed client that reads
 * the lock's owner (`holdsLock`, a read of the lock file, not a remembered flag) right before the
 * request leaves, whoever sends it (a command, an approved request, a sweep's card block, a
 * hang-up). Reads pass untouched: they change nothing, and a lost instance is shutting down anyway.
 */
export function writerFence(holdsLock: () => boolean): Transformer {
  return (next) => (req) => {
    if (!req.spec.safeToRetry && !holdsLock()) return Promise.reject(new WriterLockLostError(req.label));
    return next(req);
  };
}
