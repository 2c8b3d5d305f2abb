import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ConfigError, configSchema, loadConfig, unknownVariableWarnings } from '../../src/bots/config.js';
import { startFailureMessage } from '../../src/bots/start-errors.js';
import { problemLines, refusalOf } from '../helpers/config-refusal.js';

/** The provider URL must be an origin: the client appends api/rest/v2/ and api/rest/v3/ itself. */
describe('TELEPHONY_BASE_URL', () => {
  it.each([
    [
      'a path (the path doubles: 404 on every call)',
      'https://api.example.com/api/rest/v2/',
      'https://api.example.com',
    ],
    ['a path without a slash', 'https://api.example.com/v2', 'https://api.example.com'],
    ['a query', 'https://api.example.com/?account', 'https://api.example.com'],
    ['ftp', 'ftp://api.example.com', 'https://'],
    ['a file URL', 'file:///etc/passwd', 'https://'],
  ])('refuses %s, naming a valid value', (_what, value, shown) => {
    const message = refusalOf({ TELEPHONY_BASE_URL: value });
    expect(message).toContain('TELEPHONY_BASE_URL');
    expect(message).toContain('e.g. https://api.example.com');
    expect(message).toContain(shown);
  });

  it.each(['https://api.example.com', 'https://api.example.com/', 'http://127.0.0.1:8042'])(
    'accepts %s',
    (v) => {
      expect(loadConfig({ TELEPHONY_BASE_URL: v }).TELEPHONY_BASE_URL).toBe(v);
    },
  );

  it('REDIS_URL must be redis:// or rediss://; TELEGRAM_API_ROOT and SLACK_API_URL http(s)', () => {
    expect(refusalOf({ REDIS_URL: 'http://redis:6379' })).toContain('use redis:// or rediss://');
    expect(refusalOf({ TELEGRAM_API_ROOT: 'ws://127.0.0.1:1' })).toContain('TELEGRAM_API_ROOT');
    expect(refusalOf({ SLACK_API_URL: 'ftp://slack/api/' })).toContain('SLACK_API_URL');
    expect(loadConfig({ REDIS_URL: 'rediss://:pw@redis:6380' }).REDIS_URL).toBe('rediss://:pw@redis:6380');
  });
});

describe('master keys are checked with the configuration (exit 2), not by the store later', () => {
  it.each([
    ['BOT_ENCRYPTION_KEY', 'c2hvcnQ='],
    ['BOT_ENCRYPTION_KEY', 'a'.repeat(63)],
    ['BOT_ENCRYPTION_KEY_PREVIOUS', `${'a'.repeat(64)},short`],
  ])('%s of the wrong length is refused, naming how to generate one', (name, value) => {
    const message = refusalOf({ [name]: value });
    expect(message).toContain(`${name} must be 32 random bytes`);
    expect(message).toContain('openssl rand -base64 32');
    expect(message).not.toContain(value);
  });

  it('accepts 32 bytes as base64 or hex, and a comma-separated list of previous keys', () => {
    const b64 = Buffer.alloc(32, 7).toString('base64');
    const hex = Buffer.alloc(32, 9).toString('hex');
    expect(
      loadConfig({ BOT_ENCRYPTION_KEY: b64, BOT_ENCRYPTION_KEY_PREVIOUS: `${hex}, ${b64}` }),
    ).toBeTruthy();
  });
});

/**
 * Every field, fed values that cannot all be right: each refusal names the variable and an example
 * of a valid value (`e.g.`), and none is zod's own wording.
 */
describe('every refusal is worded with an example', () => {
  const names = Object.keys(configSchema.shape);
  const bad = ['abc', '-1', '99999999', '1.5', 'ftp://x.example/p', 'maybe'];
  it.each(names)('%s', (name) => {
    let refusals = 0;
    const schema = (configSchema.shape as Record<string, z.ZodType>)[name]!;
    for (const value of bad) {
      // Field-level refusals; rules across fields (Slack's sets) are tested in their own files.
      if (schema.safeParse(value).success) continue;
      let message: string;
      try {
        loadConfig({ [name]: value });
        continue;
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        message = (err as Error).message;
      }
      refusals++;
      const lines = problemLines(message).filter((l) => l.startsWith(`- ${name}:`));
      expect(lines, message).toHaveLength(1);
      expect(lines[0], `${name}=${value}`).toMatch(/e\.g\./);
      expect(lines[0]).not.toMatch(/Invalid|expected|received|NaN/);
    }
    // A free-text field (a path, a language) may take them all; anything else refuses something.
    if (!['DATA_DIR', 'LANG', 'NODE_ENV', 'SANDBOX_DATA', 'SANDBOX_PERSIST'].includes(name))
      expect(refusals, `${name} accepted every bad value`).toBeGreaterThan(0);
  });
});

describe('unknown variables', () => {
  it('a misspelt setting is named with the nearest one; the value is never shown', () => {
    const warnings = unknownVariableWarnings({ TELEGRAM_BOT_TOKN: '123:secret-value', DATA_DIRR: '/x' });
    expect(warnings).toEqual([
      expect.stringContaining('DATA_DIRR is not a setting and is ignored; did you mean DATA_DIR?'),
      expect.stringContaining(
        'TELEGRAM_BOT_TOKN is not a setting and is ignored; did you mean TELEGRAM_BOT_TOKEN?',
      ),
    ]);
    expect(warnings.join('\n')).not.toContain('secret-value');
  });

  it('names any variable with our prefixes, and leaves the rest of the environment alone', () => {
    const warnings = unknownVariableWarnings({
      SLACK_TOKEN: 'x',
      TELEPHONY_URL: 'x',
      PATH: '/bin',
      HOME: '/root',
      NODE_OPTIONS: '--x',
      HOSTNAME: 'h',
      LANG: 'C',
      TELEGRAM_BOT_TOKEN: '1:x',
    });
    expect(warnings.map((w) => w.split(' ')[1])).toEqual(['SLACK_TOKEN', 'TELEPHONY_URL']);
    expect(warnings[0]).toContain('did you mean SLACK_BOT_TOKEN?');
    expect(warnings[1]).toContain('did you mean TELEPHONY_BASE_URL?');
  });
});

describe('start failure messages', () => {
  const telegram = (method: string, errorCode: number | undefined, description: string) => ({
    name: 'TelegramSetupError',
    method,
    errorCode,
    description,
  });

  it('eight 429s on setWebhook: Telegram said "later"; TELEGRAM_WEBHOOK_URL is not blamed', () => {
    const message = startFailureMessage(
      telegram('setWebhook', 429, 'Too Many Requests: retry after 5'),
      loadConfig({}),
    );
    expect(message).toContain('Telegram refused setWebhook: Too Many Requests');
    expect(message).not.toContain('TELEGRAM_WEBHOOK_URL');
    expect(message).toContain('Start again in a few minutes');
  });

  it('a 400 on setWebhook still points at TELEGRAM_WEBHOOK_URL; a 5xx does not', () => {
    expect(startFailureMessage(telegram('setWebhook', 400, 'Bad Request: bad webhook'), undefined)).toContain(
      'Check TELEGRAM_WEBHOOK_URL',
    );
    expect(startFailureMessage(telegram('setWebhook', 502, 'Bad Gateway'), undefined)).not.toContain(
      'TELEGRAM_WEBHOOK_URL',
    );
  });

  it("the embedded sandbox's port in use names SANDBOX_PORT, not HEALTH_PORT", () => {
    const message = startFailureMessage(
      { code: 'EADDRINUSE', port: 18042 },
      loadConfig({ SANDBOX_PORT: '18042' }),
    );
    expect(message).toContain('SANDBOX_PORT');
    expect(message).not.toContain('HEALTH_PORT');
  });
});

/** Refusals that involve several variables (a mode and what it needs) name a valid value too. */
describe('every refusal across variables is worded with an example', () => {
  const OAUTH = { SLACK_CLIENT_ID: '1111111111.2222222222', SLACK_CLIENT_SECRET: 'c'.repeat(32) };
  it.each([
    [
      'webhook without URL and secret',
      { TELEGRAM_BOT_TOKEN: '1:AAAAAAAAAAAAAAAAAAAAAAAA', TELEGRAM_MODE: 'webhook' },
    ],
    ['a Slack bot token alone', { SLACK_BOT_TOKEN: 'xoxb-1' }],
    ['an app token alone', { SLACK_APP_TOKEN: 'xapp-1' }],
    ['half the OAuth credentials', { SLACK_CLIENT_ID: OAUTH.SLACK_CLIENT_ID }],
    ['the other half', { SLACK_CLIENT_SECRET: OAUTH.SLACK_CLIENT_SECRET }],
    [
      'OAuth-only settings alone',
      { SLACK_STATE_SECRET: 's'.repeat(20), SLACK_OAUTH_REDIRECT_URL: 'https://b.example/r' },
    ],
    ['OAuth with tokens and no secret', { ...OAUTH, SLACK_BOT_TOKEN: 'xoxb-1', SLACK_APP_TOKEN: 'xapp-1' }],
    [
      'OAuth with an http redirect',
      { ...OAUTH, SLACK_SIGNING_SECRET: 'x'.repeat(20), SLACK_OAUTH_REDIRECT_URL: 'http://b.example/r' },
    ],
    ['production without provider and channel', { NODE_ENV: 'production' }],
  ])('%s', (_what, env) => {
    const lines = problemLines(refusalOf(env));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).toMatch(/e\.g\./);
  });
});
