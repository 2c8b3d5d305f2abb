import { hasCode, isProviderError } from '../../telephony/errors.js';
import type { Messages } from '../messages.js';
import type { Reply } from '../reply.js';

/** Raised by a context when the chat user has not linked the credentials a command needs. */
export class NotLinkedError extends Error {
  override name = 'NotLinkedError';
  readonly code = 'CORE_NOT_LINKED';
  constructor(
    readonly kind: 'account' | 'card',
    /** The shared store lost its data (data-marker): the link may have been lost, not never made. */
    readonly dataLost = false,
  ) {
    super(`no ${kind} credentials linked`);
  }
}

/** A refusal with a message for the user, raised by handlers. */
export class UserFacingError extends Error {
  override name = 'UserFacingError';
  readonly code = 'CORE_USER_FACING';
}

/** The shared store is down (docs/reliability.md §5.2); matched on the code, since the core does not import the store. */
export function isStoreUnavailable(err: unknown): boolean {
  return (err as { code?: unknown } | undefined)?.code === 'ERR_STORE_UNAVAILABLE';
}

/** The store's disk cannot be written (full, read-only, not ours): `StoreDiskError` of src/store. */
export function isStoreDiskError(err: unknown): err is { path: string; problem: string; fix: string } {
  return (err as { code?: unknown } | undefined)?.code === 'ERR_STORE_DISK';
}

export interface ErrorReplyContext {
  t: Messages;
  /** The card CLI the command acted on, for "check with /card show". */
  cli?: string | undefined;
  /** Whether the failing operation was a card operation. */
  card?: boolean;
  /** A reference to quote for unexpected errors. */
  ref: string;
}

/** Provider failures and refusals in plain words, each with a next step (docs/reliability.md §3.6); matched on `code`. */
export function errorReply(err: unknown, ctx: ErrorReplyContext): { reply: Reply; expected: boolean } {
  const { t } = ctx;
  const fail = (text: string, expected = true) => ({ reply: { text, tone: 'error' as const }, expected });
  const unknown = () => fail(ctx.card && ctx.cli ? t.errOutcomeUnknownCard(ctx.cli) : t.errOutcomeUnknown);
  if (err instanceof NotLinkedError)
    return fail(err.dataLost ? t.notLinkedDataLost : err.kind === 'card' ? t.notLinkedCard : t.notLinked);
  if (isStoreUnavailable(err))
    return { reply: { text: t.storeUnavailable, tone: 'warning' }, expected: true };
  if (isStoreDiskError(err)) return { reply: { text: t.storeCannotWrite, tone: 'warning' }, expected: true };
  // writer-fence.ts: nothing was sent, this instance is stopping.
  if ((err as { code?: unknown } | undefined)?.code === 'ERR_WRITER_LOCK_LOST')
    return { reply: { text: t.writerLockLost, tone: 'warning' }, expected: true };
  if (err instanceof UserFacingError) return fail(err.message);
  if (hasCode(err, 'TEL_INVALID_INPUT')) return fail(t.errInvalidInput(err.fix, err.parameter));
  if (hasCode(err, 'TEL_OUTCOME_UNKNOWN')) return unknown();
  if (hasCode(err, 'TEL_INVALID_PIN')) return fail(t.errInvalidPin);
  if (hasCode(err, 'TEL_NO_CALLING_CARD')) return fail(t.errNoCallingCard);
  if (hasCode(err, 'TEL_CLOCK_SKEW')) return fail(t.errClockSkew);
  if (hasCode(err, 'TEL_AUTH')) return fail(ctx.card ? t.errAuthCard : t.errAuth);
  if (hasCode(err, 'TEL_NOT_FOUND'))
    return fail(ctx.card && ctx.cli ? t.errCardNotFound(ctx.cli) : t.errNotFound);
  if (hasCode(err, 'TEL_FORBIDDEN')) return fail(t.errForbidden(err.description));
  if (hasCode(err, 'TEL_NO_CREDENTIALS')) return fail(err.kind === 'card' ? t.notLinkedCard : t.notLinked);
  if (isProviderError(err)) {
    if (err.providerCode === 504) return fail(t.errUnavailable);
    return fail(t.errProvider(err.providerCode, err.description));
  }
  if (hasCode(err, 'TEL_TIMEOUT')) return fail(t.errUnavailable);
  if (hasCode(err, 'TEL_TRANSPORT'))
    return fail(err.httpStatus === 429 ? t.errRateLimited : t.errUnavailable);
  // A never-retry operation whose answer cannot be read may have happened: never "nothing was changed".
  if (hasCode(err, 'TEL_RESPONSE_SHAPE')) return err.outcomeUnknown ? unknown() : fail(t.errBadAnswer);
  return fail(t.errInternal(ctx.ref), false);
}
