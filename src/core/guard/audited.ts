import { createHash, randomBytes } from 'node:crypto';
import type { CommandContext } from '../command-spec.js';
import { UserFacingError } from '../delivery/error-replies.js';
import { WriterLockLostError } from './writer-fence.js';

/** How a failed state change is recorded: refused by the provider, unknown (no answer), or failed. */
export function outcomeOf(err: unknown): 'failed' | 'unknown' | 'refused' {
  const { code, outcomeUnknown } = err as { code?: string; outcomeUnknown?: boolean };
  if (code === 'TEL_OUTCOME_UNKNOWN') return 'unknown';
  // An unreadable answer to a never-retry operation: the provider may have acted (provider-notes §3).
  if (code === 'TEL_RESPONSE_SHAPE' && outcomeUnknown === true) return 'unknown';
  if (
    code === 'TEL_INVALID_PIN' ||
    code === 'TEL_FORBIDDEN' ||
    code === 'TEL_NOT_FOUND' ||
    code === 'TEL_NO_CALLING_CARD'
  )
    return 'refused';
  return 'failed';
}

/** What one audited operation is: the audit fields plus the read that shows its outcome. */
export interface AuditedOperation {
  command: string;
  account: string;
  target?: string;
  /**
   * The command that shows what really happened when the outcome is unknown (provider-notes §3:
   * reconcile with a read): `/balance` after a top-up, `/numbers` after `/target`.
   */
  check: string;
  /** The whole unknown-outcome reply, when the generic one is not enough (a call may be ringing). */
  unknownText?: string;
  /** Keeps a handle on an operation whose outcome is unknown (the call that may be ringing). */
  onUnknown?: () => Promise<void>;
}

/**
 * Runs one state-changing provider operation with a write-ahead audit (docs/privacy.md §3.2; docs/reliability.md §3.3): an
 * `attempted` record is stored before the request leaves, then closed with the outcome. A crash in
 * between leaves the attempt open, and the next start reports it (see `recoverInterrupted`). When
 * the attempt cannot be recorded, nothing is sent. An unknown outcome is answered with the read
 * that shows the truth; other errors are re-thrown for the caller to answer.
 */
export async function audited<T>(
  ctx: Pick<CommandContext<unknown>, 'audit' | 't' | 'deliveryId'> & {
    stores?: Pick<CommandContext<unknown>['stores'], 'audit' | 'holdsWriterLock'>;
  },
  op: AuditedOperation,
  run: () => Promise<T>,
  detail?: (result: T) => string,
): Promise<T> {
  const { unknownText, onUnknown, ...fields } = op;
  const entry = { ...fields, id: operationId(ctx.deliveryId, op.command) };
  // A lost store lock writes nothing more here either; the client's fence stops the send itself.
  if (ctx.stores?.holdsWriterLock?.() === false) throw new WriterLockLostError(op.command);
  // Keyed by the platform's delivery and checked before sending (docs/operations.md §7): a
  // redelivered update whose dedupe claim was evicted or flushed finds the operation claimed.
  if (ctx.deliveryId !== undefined && ctx.stores && !(await ctx.stores.audit.claimOperation(entry.id)))
    throw new UserFacingError(ctx.t.errAlreadySent(op.check));
  await ctx.audit({ ...entry, outcome: 'attempted' });
  // Closing the record must not turn an answer into a failure: if the store fails here, the attempt
  // stays open and the next start reports it as unknown, which is honest.
  const close = (outcome: 'ok' | 'refused' | 'failed' | 'unknown', text?: string) =>
    ctx.audit({ ...entry, outcome, ...(text === undefined ? {} : { detail: text }) }).catch(() => undefined);
  let result: T;
  try {
    result = await run();
  } catch (err) {
    const outcome = outcomeOf(err);
    await close(outcome);
    if (outcome === 'unknown') {
      await onUnknown?.().catch(() => undefined);
      throw new UserFacingError(unknownText ?? ctx.t.errOutcomeUnknownCheck(op.check), { cause: err });
    }
    throw err;
  }
  await close('ok', detail?.(result));
  return result;
}

/** Derived from the delivery when there is one (the same on a redelivery), else random. */
function operationId(deliveryId: string | undefined, command: string): string {
  if (deliveryId === undefined) return randomBytes(8).toString('hex');
  return createHash('sha256').update(`${deliveryId}\n${command}`).digest('hex').slice(0, 24);
}
