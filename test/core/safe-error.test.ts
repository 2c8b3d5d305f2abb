import { webApi } from '@slack/bolt';
import fc from 'fast-check';
import { GrammyError, HttpError } from 'grammy';
import { describe, expect, it } from 'vitest';
import { errorSummary } from '../../src/core/logs/safe-error.js';
import { ProviderError, TimeoutError, TransportError } from '../../src/telephony/index.js';

/** Secrets of the shapes this bot holds: bot tokens, an md5, a PIN, a password. */
const SECRETS = [
  '123456:AAE-secretBotTokenValue1234567890',
  'xoxb-1111-2222-SECRETslackTOKEN',
  '5f4dcc3b5aa765d61d8327deb882cf99',
  'PIN 4711 0815 2342',
  'hunter2-password!',
];

const shown = (err: unknown) => JSON.stringify(errorSummary(err, { frames: true }));

describe('errorSummary (the one safe error summary)', () => {
  it('keeps what identifies the failure: platform codes, descriptions, HTTP status, method', () => {
    const telegram = new GrammyError(
      "Call to 'sendMessage' failed! (403: Forbidden: bot was blocked by the user)",
      { ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' },
      'sendMessage',
      { chat_id: 1, text: 'your PIN is 4711' },
    );
    expect(errorSummary(telegram)).toEqual({
      name: 'GrammyError',
      code: 403,
      description: 'Forbidden: bot was blocked by the user',
      method: 'sendMessage',
    });
    const slack = new webApi.WebAPIPlatformError({ ok: false, error: 'channel_not_found' });
    expect(errorSummary(slack)).toEqual({
      name: 'WebAPIPlatformError',
      code: 'slack_webapi_platform_error',
      description: 'channel_not_found',
    });
    const provider = new ProviderError('topup', 409, 'PIN already used', 409);
    expect(errorSummary(provider)).toMatchObject({
      name: 'ProviderError',
      code: 'TEL_PROVIDER',
      providerCode: 409,
      description: 'PIN already used',
      status: 409,
      method: 'topup',
    });
    expect(errorSummary('boom')).toEqual({ name: 'string' });
    expect(errorSummary(undefined)).toEqual({ name: 'undefined' });
  });

  it('never shows a secret carried in a message, a cause, a payload or a request', () => {
    for (const secret of SECRETS) {
      const errors: unknown[] = [
        new Error(`login failed for password=${secret}`),
        new TypeError(`Cannot read properties of undefined (reading '${secret}')`),
        Object.assign(new Error(`connect to redis://:${secret}@db:6379 failed`), { code: 'ECONNREFUSED' }),
        new GrammyError(
          `Call to 'sendMessage' failed! (400: Bad Request: chat not found) ${secret}`,
          { ok: false, error_code: 400, description: 'Bad Request: chat not found' },
          'sendMessage',
          { chat_id: 1, text: secret },
        ),
        new HttpError(`Network request for 'getMe' failed! https://api.telegram.org/bot${secret}/getMe`, {
          secret,
        }),
        new webApi.WebAPIRequestError(new Error(`socket hang up; token=${secret}`)),
        new webApi.WebAPIHTTPError(500, 'Internal Server Error', {}, JSON.stringify({ token: secret })),
        new TransportError('balance', `reset while sending u=${secret}`, { cause: new Error(secret) }),
        new TimeoutError('balance', 10_000),
        Object.assign(new Error('wrapped'), { cause: new Error(secret), payload: { secret } }),
      ];
      for (const err of errors) expect(shown(err), String(err)).not.toContain(secret);
    }
  });

  it('never shows any secret-like text put in an error message (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9_-]{12,40}$/), fc.string(), (secret, prefix) => {
        const err = new Error(`${prefix}${secret}`);
        const withCode = Object.assign(new Error(`${secret} ${prefix}`), { code: 'ERR_X', status: 502 });
        return !shown(err).includes(secret) && !shown(withCode).includes(secret);
      }),
    );
  });

  it('gives stack frames without the message line when asked', () => {
    const err = new Error('the password is hunter2-password!\nsecond line hunter2-password!');
    const summary = errorSummary(err, { frames: true });
    expect(summary.frames).toMatch(/^\s+at /);
    expect(summary.frames).not.toContain('hunter2');
    expect(errorSummary(err).frames).toBeUndefined();
  });
});
