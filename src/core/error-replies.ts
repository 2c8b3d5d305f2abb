import {
  AuthenticationError,
  ClockSkewError,
  ForbiddenError,
  InvalidInputError,
  InvalidPinError,
  MissingCredentialsError,
  NoCallingCardError,
  NotFoundError,
  OutcomeUnknownError,
  ProviderError,
  ResponseShapeError,
  TimeoutError,
  TransportError,
} from '../telephony/errors.js';
import type { Messages } from './messages.js';
import type { Reply } from './reply.js';

/** Raised by a context when the chat user has not linked the credentials a command needs. */
export class NotLinkedError extends Error {
  override name = 'NotLinkedError';
  readonly code = 'CORE_NOT_LINKED';
  constructor(readonly kind: 'account' | 'card') {
    super(`no ${kind} credentials linked`);
  }
}

/** A refusal with a message for the user, raised by handlers. */
export class UserFacingError extends Error {
  override name = 'UserFacingError';
  readonly code = 'CORE_USER_FACING';
}

export interface ErrorReplyContext {
  t: Messages;
  /** The card CLI the command acted on, for "check with /card show". */
  cli?: string;
  /** Whether the failing operation was a card operation. */
  card?: boolean;
  /** A reference to quote for unexpected errors. */
  ref: string;
}

/** Provider failures and refusals in plain words, each with a next step (issue 4). */
export function errorReply(err: unknown, ctx: ErrorReplyContext): { reply: Reply; expected: boolean } {
  const { t } = ctx;
  const fail = (text: string, expected = true) => ({ reply: { text, tone: 'error' as const }, expected });
  if (err instanceof NotLinkedError) return fail(err.kind === 'card' ? t.notLinkedCard : t.notLinked);
  if (err instanceof UserFacingError) return fail(err.message);
  if (err instanceof InvalidInputError) return fail(t.errInvalidInput(err.fix));
  if (err instanceof OutcomeUnknownError) {
    return fail(ctx.card && ctx.cli ? t.errOutcomeUnknownCard(ctx.cli) : t.errOutcomeUnknown);
  }
  if (err instanceof InvalidPinError) return fail(t.errInvalidPin);
  if (err instanceof NoCallingCardError) return fail(t.errNoCallingCard);
  if (err instanceof ClockSkewError) return fail(t.errClockSkew);
  if (err instanceof AuthenticationError) return fail(ctx.card ? t.errAuthCard : t.errAuth);
  if (err instanceof NotFoundError)
    return fail(ctx.card && ctx.cli ? t.errCardNotFound(ctx.cli) : t.errNotFound);
  if (err instanceof ForbiddenError) return fail(t.errForbidden(err.description));
  if (err instanceof MissingCredentialsError)
    return fail(err.kind === 'card' ? t.notLinkedCard : t.notLinked);
  if (err instanceof ProviderError) {
    if (err.providerCode === 504) return fail(t.errUnavailable);
    return fail(t.errProvider(err.providerCode, err.description));
  }
  if (err instanceof TimeoutError) return fail(t.errUnavailable);
  if (err instanceof TransportError)
    return fail(err.httpStatus === 429 ? t.errRateLimited : t.errUnavailable);
  if (err instanceof ResponseShapeError) return fail(t.errBadAnswer);
  return fail(t.errInternal(ctx.ref), false);
}
