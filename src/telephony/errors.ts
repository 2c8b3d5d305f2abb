/**
 * The client's error hierarchy, split by "did the provider answer?" (docs/architecture.md §7, after grammY's
 * `src/core/error.ts` and undici's error codes). Every error has a stable `code` to match on;
 * callers should match on `code`, not on `instanceof`, across package boundaries.
 *
 * No error ever carries a password, md5 key, PIN or SIP password: messages are built from operation
 * names and provider descriptions only, and `toJSON()` lists exactly the public fields.
 */

export type TelephonyErrorCode =
  | 'TEL_PROVIDER'
  | 'TEL_AUTH'
  | 'TEL_CLOCK_SKEW'
  | 'TEL_INVALID_PIN'
  | 'TEL_NO_CALLING_CARD'
  | 'TEL_NOT_FOUND'
  | 'TEL_FORBIDDEN'
  | 'TEL_TRANSPORT'
  | 'TEL_TIMEOUT'
  | 'TEL_OUTCOME_UNKNOWN'
  | 'TEL_RESPONSE_SHAPE'
  | 'TEL_INVALID_INPUT'
  | 'TEL_NO_CREDENTIALS';

export class TelephonyError extends Error {
  override name = 'TelephonyError';
  readonly code: TelephonyErrorCode;
  /** The provider operation, e.g. `topup` or `mycard-v2.blockcard`. */
  readonly operation: string;

  constructor(code: TelephonyErrorCode, operation: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    this.operation = operation;
  }

  toJSON(): Record<string, unknown> {
    return { name: this.name, code: this.code, operation: this.operation, message: this.message };
  }
}

/** The provider answered with an error envelope (spec 7, provider-notes 1.3). */
export class ProviderError extends TelephonyError {
  override name = 'ProviderError';
  /** The provider's numeric code, kept as sent even when unknown (provider-notes 1.3 *tolerate*). */
  readonly providerCode: number;
  readonly description: string;
  readonly httpStatus: number;
  /** The provider's clock from the response `Date` header, used for skew correction (provider-notes 1.2). */
  serverDate: Date | undefined;

  constructor(
    operation: string,
    providerCode: number,
    description: string,
    httpStatus: number,
    code: TelephonyErrorCode = 'TEL_PROVIDER',
  ) {
    super(code, operation, `${operation}: provider error ${providerCode} (${description})`);
    this.providerCode = providerCode;
    this.description = description;
    this.httpStatus = httpStatus;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), providerCode: this.providerCode, description: this.description };
  }
}

/** 401: the username or signature was refused. */
export class AuthenticationError extends ProviderError {
  override name = 'AuthenticationError';
}
/** 1011 / 1012: the x-date was outside the 180 s window even after one re-signed resend. */
export class ClockSkewError extends ProviderError {
  override name = 'ClockSkewError';
}
/** 1200: top-up or activation PIN not valid. */
export class InvalidPinError extends ProviderError {
  override name = 'InvalidPinError';
}
/** 1201: account not connected to a calling card. */
export class NoCallingCardError extends ProviderError {
  override name = 'NoCallingCardError';
}
/** 1001: the requested result is not known (unknown card, call, prefix). */
export class NotFoundError extends ProviderError {
  override name = 'NotFoundError';
}
/** 403: refused, e.g. a card transition that spec 3.1 does not allow (D7). */
export class ForbiddenError extends ProviderError {
  override name = 'ForbiddenError';
}

const PROVIDER_CLASSES: Record<number, [typeof ProviderError, TelephonyErrorCode]> = {
  401: [AuthenticationError, 'TEL_AUTH'],
  403: [ForbiddenError, 'TEL_FORBIDDEN'],
  1001: [NotFoundError, 'TEL_NOT_FOUND'],
  1011: [ClockSkewError, 'TEL_CLOCK_SKEW'],
  1012: [ClockSkewError, 'TEL_CLOCK_SKEW'],
  1200: [InvalidPinError, 'TEL_INVALID_PIN'],
  1201: [NoCallingCardError, 'TEL_NO_CALLING_CARD'],
};

export function providerError(
  operation: string,
  providerCode: number,
  description: string,
  httpStatus: number,
): ProviderError {
  const entry = PROVIDER_CLASSES[providerCode];
  if (!entry) return new ProviderError(operation, providerCode, description, httpStatus);
  const [Ctor, code] = entry;
  return new Ctor(operation, providerCode, description, httpStatus, code);
}

/** No answer came: connection refused, reset, dropped, or a 5xx/429 without an envelope. */
export class TransportError extends TelephonyError {
  override name = 'TransportError';
  /** HTTP status when one arrived (5xx, 429), else undefined. */
  readonly httpStatus: number | undefined;
  /** Seconds from a `Retry-After` header, when the provider sent one. */
  readonly retryAfterSeconds: number | undefined;
  /**
   * Whether the request may have reached the provider. `false` only when the connection was never
   * made (refused, DNS) or the provider refused it before acting (429): then nothing happened.
   */
  readonly maybeDelivered: boolean;
  /** The caller's own AbortSignal fired: never retried. */
  readonly aborted: boolean;

  constructor(
    operation: string,
    message: string,
    options: {
      cause?: unknown;
      httpStatus?: number;
      retryAfterSeconds?: number | undefined;
      maybeDelivered?: boolean;
      aborted?: boolean;
    } = {},
  ) {
    super('TEL_TRANSPORT', operation, `${operation}: ${message}`, { cause: options.cause });
    this.httpStatus = options.httpStatus;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.maybeDelivered = options.maybeDelivered ?? true;
    this.aborted = options.aborted ?? false;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), httpStatus: this.httpStatus };
  }
}

/** The call did not complete (headers and body) within its timeout. */
export class TimeoutError extends TelephonyError {
  override name = 'TimeoutError';
  readonly timeoutMs: number;
  /**
   * Whether the request may have reached the provider. `false` only when the deadline passed while
   * it still waited for a pooled socket: then nothing was written.
   */
  readonly maybeDelivered: boolean;

  constructor(
    operation: string,
    timeoutMs: number,
    options: { cause?: unknown; maybeDelivered?: boolean } = {},
  ) {
    super('TEL_TIMEOUT', operation, `${operation}: no answer within ${timeoutMs} ms`, {
      cause: options.cause,
    });
    this.timeoutMs = timeoutMs;
    this.maybeDelivered = options.maybeDelivered ?? true;
  }
}

/**
 * A never-retry operation (provider-notes §3) got no answer: it may or may not have happened.
 * Reconcile with a read (balance, card `show`, CDRs); never resend.
 */
export class OutcomeUnknownError extends TelephonyError {
  override name = 'OutcomeUnknownError';

  constructor(operation: string, options: { cause: unknown }) {
    super(
      'TEL_OUTCOME_UNKNOWN',
      operation,
      `${operation}: the provider did not answer, so the outcome is unknown; it was not resent. Check with a read before trying again.`,
      options,
    );
  }
}

/** The provider answered, but not in a shape the spec allows (or not JSON at all). */
export class ResponseShapeError extends TelephonyError {
  override name = 'ResponseShapeError';
  /** Paths of the fields that did not fit, e.g. `body.accounts[0].amount`. Never values. */
  readonly issues: string[];
  /**
   * Set for a never-retry operation (provider-notes §3): the provider may have acted although its
   * answer could not be read, so the outcome is unknown and a read must reconcile it.
   */
  readonly outcomeUnknown: boolean;

  constructor(
    operation: string,
    issues: string[],
    options: { cause?: unknown; outcomeUnknown?: boolean } = {},
  ) {
    super(
      'TEL_RESPONSE_SHAPE',
      operation,
      `${operation}: unexpected response (${issues.slice(0, 5).join('; ')})`,
      { cause: options.cause },
    );
    this.issues = issues;
    this.outcomeUnknown = options.outcomeUnknown ?? false;
  }
}

/** A parameter failed the client's checks; nothing was sent. */
export class InvalidInputError extends TelephonyError {
  override name = 'InvalidInputError';
  readonly parameter: string;
  /** How to fix it, in plain words. */
  readonly fix: string;

  constructor(operation: string, parameter: string, fix: string) {
    super('TEL_INVALID_INPUT', operation, `${operation}: invalid ${parameter}: ${fix}`);
    this.parameter = parameter;
    this.fix = fix;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), parameter: this.parameter, fix: this.fix };
  }
}

/** The operation needs credentials the client was not given (e.g. the PIN-creation account, D2). */
export class MissingCredentialsError extends TelephonyError {
  override name = 'MissingCredentialsError';
  readonly kind: 'account' | 'card';

  constructor(operation: string, kind: 'account' | 'card') {
    super('TEL_NO_CREDENTIALS', operation, `${operation}: no ${kind} credentials configured`);
    this.kind = kind;
  }
}

export function isTelephonyError(err: unknown): err is TelephonyError {
  const code = (err as { code?: unknown } | null)?.code;
  return err instanceof Error && typeof code === 'string' && code.startsWith('TEL_');
}

/** Codes of the errors the provider answered with: `ProviderError` and its subclasses. */
const PROVIDER_CODES: ReadonlySet<string> = new Set<TelephonyErrorCode>([
  'TEL_PROVIDER',
  ...Object.values(PROVIDER_CLASSES).map(([, code]) => code),
]);

interface ErrorsByCode {
  TEL_TIMEOUT: TimeoutError;
  TEL_TRANSPORT: TransportError;
  TEL_OUTCOME_UNKNOWN: OutcomeUnknownError;
  TEL_RESPONSE_SHAPE: ResponseShapeError;
  TEL_INVALID_INPUT: InvalidInputError;
  TEL_NO_CREDENTIALS: MissingCredentialsError;
  TEL_AUTH: AuthenticationError;
  TEL_CLOCK_SKEW: ClockSkewError;
  TEL_INVALID_PIN: InvalidPinError;
  TEL_NO_CALLING_CARD: NoCallingCardError;
  TEL_NOT_FOUND: NotFoundError;
  TEL_FORBIDDEN: ForbiddenError;
  TEL_PROVIDER: ProviderError;
}

/**
 * Matches an error on its stable `code`, never with `instanceof` (docs/architecture.md §7; undici `Errors.md`): two
 * copies of this module, or an error rebuilt from JSON, still match.
 */
export function hasCode<C extends keyof ErrorsByCode>(err: unknown, code: C): err is ErrorsByCode[C] {
  return (err as { code?: unknown } | null)?.code === code;
}

/** Whether the provider answered with an error envelope (any `ProviderError`), matched on `code`. */
export function isProviderError(err: unknown): err is ProviderError {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && PROVIDER_CODES.has(code);
}
