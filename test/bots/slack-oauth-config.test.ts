import { describe, expect, it } from 'vitest';
import { ConfigError, httpPortOf, loadConfig } from '../../src/bots/config.js';
import { problemLines } from '../helpers/config-refusal.js';

/** Installation in many workspaces (docs/operations.md §5.1) is configured all or nothing, and says how to fix it. */
function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return problemLines((err as Error).message);
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

const OAUTH = {
  SLACK_CLIENT_ID: '1111111111.2222222222',
  SLACK_CLIENT_SECRET: 'c0ffee00c0ffee00c0ffee00c0ffee00',
  SLACK_SIGNING_SECRET: '0123456789abcdef0123',
};

describe('Slack OAuth configuration', () => {
  it('accepts client id, secret and signing secret without a bot token; serves HTTP on SLACK_PORT', () => {
    const config = loadConfig(OAUTH);
    expect(config.SLACK_CLIENT_ID).toBe(OAUTH.SLACK_CLIENT_ID);
    expect(httpPortOf(config)).toBe(3000);
  });

  it.each([
    [
      'SLACK_CLIENT_SECRET',
      { SLACK_CLIENT_ID: OAUTH.SLACK_CLIENT_ID, SLACK_SIGNING_SECRET: OAUTH.SLACK_SIGNING_SECRET },
    ],
    ['SLACK_CLIENT_ID', { SLACK_CLIENT_SECRET: OAUTH.SLACK_CLIENT_SECRET }],
  ])('one half of the client credentials alone names %s and where it is', (missing, env) => {
    const lines = problemsOf(env);
    expect(lines.some((l) => l.startsWith(`- ${missing}:`) && l.includes('App Credentials'))).toBe(true);
  });

  it('names what to remove or add for HTTP mode: SLACK_BOT_TOKEN, SLACK_APP_TOKEN, SLACK_SIGNING_SECRET', () => {
    const { SLACK_SIGNING_SECRET: _s, ...noSecret } = OAUTH;
    expect(
      problemsOf({ ...noSecret, SLACK_BOT_TOKEN: 'xoxb-1-2-abc', SLACK_APP_TOKEN: 'xapp-1-abc' }).map(
        (l) => l.split(':')[0],
      ),
    ).toEqual(['- SLACK_BOT_TOKEN', '- SLACK_APP_TOKEN', '- SLACK_SIGNING_SECRET']);
  });

  it('refuses OAuth-only settings without the client credentials', () => {
    const lines = problemsOf({
      SLACK_BOT_TOKEN: 'xoxb-1-2-abc',
      SLACK_SIGNING_SECRET: OAUTH.SLACK_SIGNING_SECRET,
      SLACK_STATE_SECRET: 'x'.repeat(32),
      SLACK_OAUTH_REDIRECT_URL: 'https://bot.example.com/slack/oauth_redirect',
    });
    expect(lines.map((l) => l.split(':')[0])).toEqual(['- SLACK_STATE_SECRET', '- SLACK_OAUTH_REDIRECT_URL']);
  });

  it('refuses a plain-http redirect URL except to this machine: the state cookie is Secure', () => {
    const lines = problemsOf({
      ...OAUTH,
      SLACK_OAUTH_REDIRECT_URL: 'http://bot.example.com/slack/oauth_redirect',
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^- SLACK_OAUTH_REDIRECT_URL: .*https:\/\/bot\.example\.com\/slack\/oauth_redirect/,
    );
    for (const local of [
      'http://127.0.0.1:3000/slack/oauth_redirect',
      'http://localhost:3000/slack/oauth_redirect',
    ])
      expect(loadConfig({ ...OAUTH, SLACK_OAUTH_REDIRECT_URL: local }).SLACK_OAUTH_REDIRECT_URL).toBe(local);
  });

  it('a malformed client id or redirect URL names the variable with an example', () => {
    const lines = problemsOf({ ...OAUTH, SLACK_CLIENT_ID: 'abc', SLACK_OAUTH_REDIRECT_URL: 'not a url' });
    expect(lines.join('\n')).toContain('SLACK_CLIENT_ID: SLACK_CLIENT_ID looks like 1234567890.1234567890');
    expect(lines.join('\n')).toContain('https://bot.example.com/slack/oauth_redirect');
  });
});
