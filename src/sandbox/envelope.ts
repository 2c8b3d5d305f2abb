/**
 * The common envelope of spec 7 and the provider's codes of provider-notes 1.3. On every error:
 * `error: true`, one code with its description, and `body: []`.
 */

export const DESCRIPTIONS: Readonly<Record<number, string>> = {
  200: 'OK',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  413: 'Request Entity Too Large',
  429: 'Too Many Requests',
  504: 'Platform Failure, Try Again Later',
  1001: 'Result Not Known',
  1011: 'Wrong x-date Too Old',
  1012: 'Wrong x-date In The Future',
  1200: 'Personal Identification Number Not Valid',
  1201: 'Account Not Connected To A Calling Card',
};

/**
 * HTTP status per provider-notes D3: business errors answer 200 with an error envelope, 401 is
 * HTTP 401, an unknown module 404. 1011/1012 are not listed in D3; they are refusals before
 * acting, answered like the other business errors with 200 (the envelope is the truth).
 */
export function httpStatusFor(code: number): number {
  if (code === 401 || code === 404 || code === 413 || code === 429) return code;
  if (code === 504) return 503;
  return 200;
}

export interface Envelope {
  error: boolean;
  codes: { code: number; description: string }[];
  body?: unknown;
}

export function okEnvelope(body: unknown): Envelope {
  return { error: false, codes: [{ code: 200, description: DESCRIPTIONS[200]! }], body };
}

/** Spec 4.9: when no record exists, the whole `body` member is missing. */
export function okWithoutBody(): Envelope {
  return { error: false, codes: [{ code: 200, description: DESCRIPTIONS[200]! }] };
}

export function errorEnvelope(code: number, detail?: string): Envelope {
  const base = DESCRIPTIONS[code] ?? 'Error';
  return { error: true, codes: [{ code, description: detail ? `${base}: ${detail}` : base }], body: [] };
}

/**
 * Thrown by an operation to refuse a request. Operations validate everything before they change
 * state, so a refusal never leaves a half-done change behind.
 */
export class Refusal extends Error {
  override name = 'Refusal';
  readonly code: number;
  readonly detail: string | undefined;

  constructor(code: number, detail?: string) {
    super(detail ? `${code} ${detail}` : String(code));
    this.code = code;
    this.detail = detail;
  }
}
