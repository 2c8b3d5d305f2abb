import { describe, expect, it } from 'vitest';
import { errorReply } from '../../src/core/delivery/error-replies.js';
import { en } from '../../src/core/messages.js';
import { createTelephonyClient, TelephonyClient } from '../../src/telephony/client.js';
import { hasCode, isProviderError, TimeoutError } from '../../src/telephony/errors.js';
import { type OperationName, operations } from '../../src/telephony/operations.js';
import { resolveRetryOptions, shouldRetry } from '../../src/telephony/retry.js';

/** docs/architecture.md §7.5: typed methods built once (as Octokit does), errors matched on `code` everywhere. */

describe('typed methods', () => {
  const names = Object.keys(operations) as OperationName[];

  it('live once on the prototype, shared by every client, not attached per client', () => {
    const a = createTelephonyClient({ baseUrl: 'http://127.0.0.1:9' });
    const b = createTelephonyClient({ baseUrl: 'http://127.0.0.1:9' });
    for (const name of names) {
      expect(typeof a[name]).toBe('function');
      expect(Object.hasOwn(a, name)).toBe(false);
      expect(a[name]).toBe(b[name]);
      expect(Object.getOwnPropertyDescriptor(TelephonyClient.prototype, name)?.enumerable).toBe(false);
    }
  });

  it('run the operation of their name (nothing is sent without credentials)', async () => {
    const client = createTelephonyClient({ baseUrl: 'http://127.0.0.1:9' });
    await expect(client.voiplist()).rejects.toMatchObject({
      code: 'TEL_NO_CREDENTIALS',
      operation: 'voiplist',
    });
    await expect(client.blockcard({ cli: '+49 151 12345678' })).rejects.toMatchObject({
      code: 'TEL_NO_CREDENTIALS',
      operation: 'mycard-v2.blockcard',
    });
    await client.close();
  });
});

describe('errors are matched on code, not instanceof', () => {
  /** What an error looks like after crossing a copy of the module or a JSON round trip. */
  const lookalike = (fields: Record<string, unknown>) => Object.assign(new Error('x'), fields);

  it('hasCode and isProviderError read the code only', () => {
    expect(hasCode(lookalike({ code: 'TEL_TIMEOUT' }), 'TEL_TIMEOUT')).toBe(true);
    expect(hasCode(new TimeoutError('account', 1), 'TEL_TRANSPORT')).toBe(false);
    expect(isProviderError(lookalike({ code: 'TEL_NOT_FOUND', providerCode: 1001 }))).toBe(true);
    expect(isProviderError(lookalike({ code: 'TEL_TIMEOUT' }))).toBe(false);
    expect(hasCode(null, 'TEL_TIMEOUT')).toBe(false);
  });

  it('the retry predicate and the core replies accept a lookalike', () => {
    const options = resolveRetryOptions();
    const retry = (error: unknown) => shouldRetry({ safeToRetry: true, error, retriesSoFar: 0, options });
    expect(retry(lookalike({ code: 'TEL_TIMEOUT' }))).toBe(true);
    expect(retry(lookalike({ code: 'TEL_PROVIDER', providerCode: 504 }))).toBe(true);
    expect(retry(lookalike({ code: 'TEL_TRANSPORT', aborted: true }))).toBe(false);
    const reply = (err: unknown) => errorReply(err, { t: en, ref: 'r' }).reply.text;
    expect(reply(lookalike({ code: 'TEL_OUTCOME_UNKNOWN' }))).toBe(en.errOutcomeUnknown);
    expect(reply(lookalike({ code: 'TEL_INVALID_PIN', providerCode: 1200 }))).toBe(en.errInvalidPin);
    expect(reply(lookalike({ code: 'TEL_INVALID_INPUT', fix: 'give a number' }))).toBe('Give a number.');
  });
});
