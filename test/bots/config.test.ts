import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { ConfigError, configReferenceMarkdown, loadConfig } from '../../src/bots/config.js';
import { refusalOf } from '../helpers/config-refusal.js';

/** Every message must name the variable and say how to fix it (docs/architecture.md §7: "the error names the fix"). */
const errorOf = refusalOf;

describe('loadConfig', () => {
  it('accepts an empty environment and fills the defaults', () => {
    const c = loadConfig({});
    expect(c.DATA_DIR).toBe('./data');
    expect(c.LOG_LEVEL).toBe('info');
    expect(c.RATE_LIMIT_PER_MINUTE).toBe(30);
    expect(c.SANDBOX_LATENCY_MS).toBe(0);
    expect(c.HEALTH_PORT).toBeUndefined();
  });

  it('names TELEGRAM_BOT_TOKEN and where to get a good one', () => {
    expect(() => loadConfig({ TELEGRAM_BOT_TOKEN: 'not-a-token' })).toThrow(ConfigError);
    const message = errorOf({ TELEGRAM_BOT_TOKEN: 'not-a-token' });
    expect(message).toContain('TELEGRAM_BOT_TOKEN');
    expect(message).toContain('@BotFather');
    // The bad value itself is not echoed: it could be a real secret pasted into the wrong variable.
    expect(message).not.toContain('not-a-token');
  });

  it('webhook mode without a secret names TELEGRAM_WEBHOOK_SECRET and how to generate one', () => {
    const message = errorOf({
      TELEGRAM_BOT_TOKEN: '123456:ABCDEFGHIJKLMNOPQRSTUVWXYZ',
      TELEGRAM_MODE: 'webhook',
      TELEGRAM_WEBHOOK_URL: 'https://bot.example.com/telegram/webhook',
    });
    expect(message).toContain('TELEGRAM_WEBHOOK_SECRET');
    expect(message).toContain('openssl rand -hex 32');
    expect(message).not.toContain('TELEGRAM_WEBHOOK_URL');
  });

  it('webhook mode without a URL names TELEGRAM_WEBHOOK_URL, or polling as the alternative', () => {
    const message = errorOf({
      TELEGRAM_BOT_TOKEN: '123456:ABCDEFGHIJKLMNOPQRSTUVWXYZ',
      TELEGRAM_MODE: 'webhook',
      TELEGRAM_WEBHOOK_SECRET: 'a-secret-of-enough-length',
    });
    expect(message).toContain('TELEGRAM_WEBHOOK_URL');
    expect(message).toContain('TELEGRAM_MODE=polling');
  });

  it('a Slack bot token alone names SLACK_APP_TOKEN and SLACK_SIGNING_SECRET', () => {
    const message = errorOf({ SLACK_BOT_TOKEN: 'xoxb-1-2-abc' });
    expect(message).toContain('SLACK_APP_TOKEN');
    expect(message).toContain('SLACK_SIGNING_SECRET');
    expect(message).toContain('xapp-');
  });

  it('accepts a Slack bot token with either an app token or a signing secret', () => {
    expect(
      loadConfig({ SLACK_BOT_TOKEN: 'xoxb-1-2-abc', SLACK_APP_TOKEN: 'xapp-1-abc' }).SLACK_APP_TOKEN,
    ).toBe('xapp-1-abc');
    expect(
      loadConfig({ SLACK_BOT_TOKEN: 'xoxb-1-2-abc', SLACK_SIGNING_SECRET: '0123456789abcdef0123' })
        .SLACK_SIGNING_SECRET,
    ).toBe('0123456789abcdef0123');
  });

  it('a Slack app token without a bot token names SLACK_BOT_TOKEN', () => {
    expect(errorOf({ SLACK_APP_TOKEN: 'xapp-1-abc' })).toContain('SLACK_BOT_TOKEN');
  });

  it('a bad SLACK_APP_TOKEN names the page it comes from', () => {
    const message = errorOf({ SLACK_BOT_TOKEN: 'xoxb-1-2-abc', SLACK_APP_TOKEN: 'xoxb-wrong-kind' });
    expect(message).toContain('SLACK_APP_TOKEN');
    expect(message).toContain('App-Level Tokens');
  });

  it('a bad REDIS_URL names REDIS_URL and shows the expected shape', () => {
    const message = errorOf({ REDIS_URL: 'localhost 6379' });
    expect(message).toContain('REDIS_URL');
    expect(message).toContain('redis://host:6379');
  });

  it('a bad ALERT_SWEEP_CRON names the variable and an example; a good one passes', () => {
    expect(errorOf({ ALERT_SWEEP_CRON: 'every 15 minutes please' })).toContain(
      'ALERT_SWEEP_CRON must be a cron pattern in UTC, e.g. */15 * * * *',
    );
    expect(loadConfig({ ALERT_SWEEP_CRON: '0 */2 * * *' }).ALERT_SWEEP_CRON).toBe('0 */2 * * *');
  });

  it('reports every problem at once, one line each', () => {
    const message = errorOf({ REDIS_URL: 'nope', TELEGRAM_BOT_TOKEN: 'nope', LOG_LEVEL: 'loud' });
    const lines = message.split('\n').filter((l) => l.startsWith('- '));
    expect(lines.map((l) => l.slice(2).split(':')[0])).toEqual(
      expect.arrayContaining(['REDIS_URL', 'TELEGRAM_BOT_TOKEN', 'LOG_LEVEL']),
    );
  });

  it('reads SANDBOX_LATENCY_MS and HEALTH_PORT as numbers', () => {
    const c = loadConfig({ SANDBOX_LATENCY_MS: '1500', HEALTH_PORT: '8081' });
    expect(c.SANDBOX_LATENCY_MS).toBe(1500);
    expect(c.HEALTH_PORT).toBe(8081);
    expect(errorOf({ SANDBOX_LATENCY_MS: '-1' })).toContain('SANDBOX_LATENCY_MS');
  });
});

describe('configuration reference', () => {
  it('has one row per variable of the schema', () => {
    const table = configReferenceMarkdown();
    for (const name of ['REDIS_URL', 'LOG_LEVEL', 'HEALTH_PORT', 'SANDBOX_LATENCY_MS', 'SLACK_BOT_TOKEN'])
      expect(table).toContain(`| \`${name}\` |`);
  });

  it("docs/configuration.md's table is the one generated from the schema (`telephony-bot config reference`)", async () => {
    const readme = await readFile(new URL('../../docs/configuration.md', import.meta.url), 'utf8').catch(
      () => '',
    );
    expect(readme, 'docs/configuration.md is missing').not.toBe('');
    const match = /<!-- config:start -->\n([\s\S]*?)\n<!-- config:end -->/.exec(readme);
    expect(
      match,
      'docs/configuration.md needs the table between <!-- config:start --> and <!-- config:end --> lines',
    ).not.toBeNull();
    expect(
      match![1]!.trim(),
      'docs/configuration.md table is stale: paste the output of `node bin/telephony-bot.js config reference`',
    ).toBe(configReferenceMarkdown());
  });
});
