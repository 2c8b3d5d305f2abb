import { describe, expect, it } from 'vitest';
import { boltLogger } from '../../../src/adapters/slack/bolt-logger.js';
import type { SlackLogger } from '../../../src/adapters/slack/options.js';

/** Every line bolt's logger is asked to write, as it would reach the bot's log. */
function recording() {
  const lines: string[] = [];
  const write = (fields: object, msg: string) => {
    lines.push(JSON.stringify({ ...fields, msg }));
  };
  const logger = { debug: write, info: write, warn: write, error: write } as unknown as SlackLogger;
  return { lines, logger };
}

describe('bolt logger', () => {
  it('logs an Error bolt hands over as its safe summary, never its message', () => {
    const { lines, logger } = recording();
    const failed = Object.assign(
      new Error('oauth.v2.access failed for code 12345.abcde with xoxb-1-SECRET'),
      {
        code: 'slack_webapi_platform_error',
        data: { error: 'invalid_code' },
      },
    );
    boltLogger(logger).error(failed);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('slack_webapi_platform_error');
    expect(lines[0]).toContain('invalid_code');
    expect(lines[0]).not.toContain('xoxb-1-SECRET');
    expect(lines[0]).not.toContain('12345.abcde');
  });

  it('keeps bolt’s own text lines, and drops debug', () => {
    const { lines, logger } = recording();
    const bolt = boltLogger(logger);
    bolt.warn('Request body exceeded the limit');
    bolt.debug('request body: text=secret');
    expect(lines).toEqual([JSON.stringify({ component: 'bolt', msg: 'Request body exceeded the limit' })]);
  });
});
