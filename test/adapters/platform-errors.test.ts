import { webApi } from '@slack/bolt';
import { Bot } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countingFetch } from '../../src/adapters/slack/api-errors.js';
import { apiErrorCounter } from '../../src/adapters/telegram/api-errors.js';
import { type FakeSlack, startFakeSlack } from '../helpers/fake-slack.js';
import { FakeTelegram } from '../helpers/fake-telegram.js';

/**
 * The platforms' API errors reach `/metrics` by method and the platform's own code
 * (docs/operations.md §4.2): each Bot API attempt Telegram refuses, each Web API call Slack answers
 * `ok: false`, against the fakes that answer as the platforms do.
 */
describe('platform API errors are counted by method and code', () => {
  let telegram: FakeTelegram;
  let slack: FakeSlack;
  beforeAll(async () => {
    telegram = await FakeTelegram.start({ token: '123456:platform-errors-abcdefgh' });
    slack = await startFakeSlack();
  });
  afterAll(async () => {
    await telegram.close();
    await slack.close();
  });

  it('Telegram: a refusal under its error_code, each attempt', async () => {
    const seen: string[] = [];
    const botInfo = { id: 1, is_bot: true, first_name: 'B', username: 'b_bot' } as UserFromGetMe;
    const bot = new Bot(telegram.token, { botInfo, client: { apiRoot: telegram.apiRoot } });
    bot.api.config.use(apiErrorCounter((method, code) => seen.push(`${method} ${code}`)));
    telegram.failNext('sendMessage', 1, {
      ok: false,
      error_code: 403,
      description: 'Forbidden: bot was blocked by the user',
    });
    await expect(bot.api.sendMessage(42, 'hello')).rejects.toMatchObject({ error_code: 403 });
    expect(seen).toEqual(['sendMessage 403']);
  });

  it('Slack: ok:false under its error, the token never', async () => {
    const seen: string[] = [];
    const client = new webApi.WebClient('xoxb-revoked', {
      slackApiUrl: slack.apiUrl,
      retryConfig: { retries: 0 },
      fetch: countingFetch((method, code) => seen.push(`${method} ${code}`)),
    });
    await expect(client.auth.test()).rejects.toMatchObject({ data: { error: 'invalid_auth' } });
    expect(seen).toEqual(['auth.test invalid_auth']);
    expect(seen.join()).not.toContain('xoxb');
  });
});
