import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ClockSkewError,
  InvalidInputError,
  OutcomeUnknownError,
  ProviderError,
  providerError,
  ResponseShapeError,
  TimeoutError,
  TransportError,
} from '../../src/telephony/errors.js';
import { neverRetry, type OperationName, operations } from '../../src/telephony/operations.js';
import { resolveRetryOptions, retryDelayMs, shouldRetry } from '../../src/telephony/retry.js';

const options = resolveRetryOptions();

describe('the never-retry list is provider-notes §3, derived from the table', () => {
  it('names exactly the writes', () => {
    expect([...neverRetry].sort()).toEqual(
      [
        'topup',
        'trycallback',
        'stopcallback',
        'store',
        'insert',
        'blockcard',
        'unblockcard',
        'disableCliByNumber',
        'changeCliByNumber',
        'activateMyCard',
      ].sort(),
    );
  });

  it.each(Object.keys(operations) as OperationName[])(
    '%s: a timeout is retried only when it is a read',
    (name) => {
      const retried = shouldRetry({
        safeToRetry: operations[name].safeToRetry,
        error: new TimeoutError(name, 100),
        retriesSoFar: 0,
        options,
      });
      expect(retried).toBe(!neverRetry.includes(name));
    },
  );
});

describe('shouldRetry (one pure predicate, as a table)', () => {
  const timeout = new TimeoutError('account', 100);
  const dropped = new TransportError('account', 'request failed (UND_ERR_SOCKET)');
  const aborted = new TransportError('account', 'aborted by the caller', { aborted: true });
  const http503 = new TransportError('account', 'HTTP 503', { httpStatus: 503 });
  const tooMany = (retryAfterSeconds: number) =>
    new TransportError('account', 'HTTP 429', { httpStatus: 429, retryAfterSeconds, maybeDelivered: false });

  it.each([
    ['read, timeout', true, timeout, 0, true],
    ['read, dropped connection', true, dropped, 0, true],
    ['read, 503 without envelope', true, http503, 1, true],
    ['read, caller aborted', true, aborted, 0, false],
    ['read, 429 Retry-After 2 s', true, tooMany(2), 0, true],
    ['read, 429 Retry-After 10 s (the limit)', true, tooMany(10), 0, true],
    ['read, 429 Retry-After 3600 s', true, tooMany(3600), 0, false],
    ['read, provider 504', true, providerError('account', 504, 'Platform Failure', 503), 0, true],
    ['read, provider 1200', true, providerError('topup', 1200, 'PIN', 200), 0, false],
    ['read, provider 1001', true, providerError('account', 1001, 'Not known', 200), 0, false],
    ['read, provider 401', true, providerError('account', 401, 'Unauthorized', 401), 0, false],
    ['read, clock skew 1011', true, providerError('account', 1011, 'Too Old', 200), 0, false],
    ['read, response shape', true, new ResponseShapeError('account', ['body.x']), 0, false],
    ['read, invalid input', true, new InvalidInputError('account', 'x', 'fix'), 0, false],
    ['read, plain Error', true, new Error('boom'), 0, false],
    ['read, not an error', true, 'boom', 0, false],
    ['read, timeout, retries exhausted', true, timeout, 2, false],
    ['read, provider 504, retries exhausted', true, providerError('account', 504, 'x', 503), 2, false],
    ['write, timeout', false, timeout, 0, false],
    ['write, dropped connection', false, dropped, 0, false],
    ['write, 429 (refused before acting)', false, tooMany(1), 0, false],
    ['write, provider 504', false, providerError('topup', 504, 'x', 503), 0, false],
    ['write, outcome unknown', false, new OutcomeUnknownError('topup', { cause: timeout }), 0, false],
  ] as const)('%s → %s', (_label, safeToRetry, error, retriesSoFar, expected) => {
    expect(shouldRetry({ safeToRetry, error, retriesSoFar, options })).toBe(expected);
  });

  it('honours a custom maxRetries and maxRetryAfterMs', () => {
    const custom = resolveRetryOptions({ maxRetries: 5, maxRetryAfterMs: 60_000 });
    expect(shouldRetry({ safeToRetry: true, error: timeout, retriesSoFar: 4, options: custom })).toBe(true);
    expect(shouldRetry({ safeToRetry: true, error: timeout, retriesSoFar: 5, options: custom })).toBe(false);
    expect(shouldRetry({ safeToRetry: true, error: tooMany(60), retriesSoFar: 0, options: custom })).toBe(
      true,
    );
    const none = resolveRetryOptions({ maxRetries: 0 });
    expect(shouldRetry({ safeToRetry: true, error: timeout, retriesSoFar: 0, options: none })).toBe(false);
  });

  it('the ClockSkewError class is matched by code, not retried', () => {
    const err = providerError('account', 1012, 'In The Future', 200);
    expect(err).toBeInstanceOf(ClockSkewError);
    expect(err).toBeInstanceOf(ProviderError);
    expect(err.code).toBe('TEL_CLOCK_SKEW');
  });
});

describe('retryDelayMs: capped, jittered, Retry-After honoured', () => {
  const err = new TimeoutError('account', 100);

  it('is exponential with full jitter between half and the whole step', () => {
    // base 200: steps 200, 400, 800, 1600, then capped at 2000.
    expect(retryDelayMs(0, err, options, () => 0)).toBe(100);
    expect(retryDelayMs(0, err, options, () => 0.999_999)).toBe(199);
    expect(retryDelayMs(1, err, options, () => 0)).toBe(200);
    expect(retryDelayMs(2, err, options, () => 0.5)).toBe(600);
    expect(retryDelayMs(3, err, options, () => 0)).toBe(800);
  });

  it('is capped at maxDelayMs however many retries', () => {
    expect(retryDelayMs(4, err, options, () => 0.999_999)).toBeLessThanOrEqual(2_000);
    expect(retryDelayMs(60, err, options, () => 0.999_999)).toBe(1_999);
    expect(retryDelayMs(60, err, options, () => 0)).toBe(1_000);
  });

  it('waits at least Retry-After, but no longer than maxRetryAfterMs', () => {
    const withRetryAfter = (s: number) =>
      new TransportError('account', 'HTTP 429', { httpStatus: 429, retryAfterSeconds: s });
    expect(retryDelayMs(0, withRetryAfter(3), options, () => 0)).toBe(3_000);
    expect(retryDelayMs(0, withRetryAfter(0), options, () => 0)).toBe(100);
    expect(retryDelayMs(0, withRetryAfter(3600), options, () => 0)).toBe(10_000);
  });

  it('stays within [step/2, step] for every retry count and random value (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 40 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        fc.integer({ min: 1, max: 1_000 }),
        fc.integer({ min: 1, max: 30_000 }),
        (retries, r, baseDelayMs, maxDelayMs) => {
          const o = resolveRetryOptions({ baseDelayMs, maxDelayMs });
          const step = Math.min(maxDelayMs, baseDelayMs * 2 ** retries);
          const d = retryDelayMs(retries, err, o, () => r);
          expect(Number.isInteger(d)).toBe(true);
          expect(d).toBeGreaterThanOrEqual(Math.floor(step / 2));
          expect(d).toBeLessThanOrEqual(step);
        },
      ),
    );
  });
});
