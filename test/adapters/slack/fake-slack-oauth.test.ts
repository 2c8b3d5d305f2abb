import { request } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeSlack, startFakeSlack } from '../../helpers/fake-slack.js';

/**
 * The fake's OAuth and token rules follow Slack's documentation (oauth.v2.access, "Installing with
 * OAuth", auth.test): a fake that took any code or token would prove nothing about the bot.
 */
const app = {
  clientId: '1111111111.2222222222',
  clientSecret: 'c0ffee00c0ffee00c0ffee00c0ffee00',
  redirectUrls: ['https://bot.example.com/slack/oauth_redirect'],
};
let slack: FakeSlack;

beforeEach(async () => {
  slack = await startFakeSlack({ oauthApp: app, tokens: {} });
});
afterEach(async () => {
  await slack.close();
});

const authorizeUrl = (q: Record<string, string>) =>
  `${slack.url}/oauth/v2/authorize?${new URLSearchParams({ client_id: app.clientId, scope: 'commands', state: 's1', ...q })}`;

async function call(method: string, form: Record<string, string>, headers: Record<string, string> = {}) {
  const res = await request(`${slack.apiUrl}${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(form).toString(),
  });
  return (await res.body.json()) as Record<string, unknown>;
}

const codeOf = (redirect: string) => new URL(redirect).searchParams.get('code') ?? '';
const basic = (id: string, secret: string) => ({
  authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`,
});

describe('the fake consent page and oauth.v2.access', () => {
  it('redirects with a code and the same state; refuses another client id or redirect URL', () => {
    const back = new URL(slack.auth.approve(authorizeUrl({}), { team: 'T1', user: 'U1' }));
    expect(`${back.origin}${back.pathname}`).toBe(app.redirectUrls[0]);
    expect(back.searchParams.get('state')).toBe('s1');
    expect(() => slack.auth.approve(authorizeUrl({ client_id: '9.9' }), { team: 'T1', user: 'U1' })).toThrow(
      'invalid_client_id',
    );
    expect(() =>
      slack.auth.approve(authorizeUrl({ redirect_uri: 'https://evil.example/cb' }), {
        team: 'T1',
        user: 'U1',
      }),
    ).toThrow('bad_redirect_uri');
  });

  it('takes the credentials by HTTP Basic auth or as params, and checks both', async () => {
    const code = () =>
      codeOf(slack.auth.approve(authorizeUrl({}), { team: 'T1', teamName: 'Alpha', user: 'U1' }));
    expect(await call('oauth.v2.access', { code: code() }, basic(app.clientId, 'wrong'))).toEqual({
      ok: false,
      error: 'bad_client_secret',
    });
    expect(
      await call('oauth.v2.access', { code: code(), client_id: '9.9', client_secret: app.clientSecret }),
    ).toEqual({
      ok: false,
      error: 'invalid_client_id',
    });
    const ok = await call('oauth.v2.access', { code: code() }, basic(app.clientId, app.clientSecret));
    expect(ok).toMatchObject({
      ok: true,
      token_type: 'bot',
      scope: 'commands',
      team: { id: 'T1', name: 'Alpha' },
      enterprise: null,
      is_enterprise_install: false,
      authed_user: { id: 'U1' },
    });
    expect(String(ok.access_token)).toMatch(/^xoxb-/);
    expect(String(ok.bot_user_id)).toMatch(/^U/);
  });

  it('a code is single-use, expires, and must come with the redirect_uri it was issued for', async () => {
    const creds = { client_id: app.clientId, client_secret: app.clientSecret };
    const code = codeOf(slack.auth.approve(authorizeUrl({}), { team: 'T1', user: 'U1' }));
    expect((await call('oauth.v2.access', { ...creds, code })).ok).toBe(true);
    expect(await call('oauth.v2.access', { ...creds, code })).toEqual({ ok: false, error: 'invalid_code' });
    const late = codeOf(slack.auth.approve(authorizeUrl({}), { team: 'T1', user: 'U1' }));
    slack.auth.expireCodes();
    expect(await call('oauth.v2.access', { ...creds, code: late })).toEqual({
      ok: false,
      error: 'invalid_code',
    });
    const bound = codeOf(
      slack.auth.approve(authorizeUrl({ redirect_uri: app.redirectUrls[0]! }), { team: 'T1', user: 'U1' }),
    );
    expect(await call('oauth.v2.access', { ...creds, code: bound })).toEqual({
      ok: false,
      error: 'bad_redirect_uri',
    });
  });

  it('an org-wide install has no team and names the enterprise', async () => {
    const code = codeOf(
      slack.auth.approve(authorizeUrl({}), {
        team: 'T1',
        user: 'U1',
        enterprise: { id: 'E1', name: 'Acme' },
        orgWide: true,
      }),
    );
    const ok = await call('oauth.v2.access', {
      code,
      client_id: app.clientId,
      client_secret: app.clientSecret,
    });
    expect(ok).toMatchObject({
      ok: true,
      team: null,
      enterprise: { id: 'E1', name: 'Acme' },
      is_enterprise_install: true,
    });
  });
});

describe('per-token auth', () => {
  it('answers for the token’s own team; refuses a missing, unknown or revoked token', async () => {
    const code = codeOf(slack.auth.approve(authorizeUrl({}), { team: 'T2', teamName: 'Beta', user: 'U1' }));
    const { access_token: token } = await call('oauth.v2.access', {
      code,
      client_id: app.clientId,
      client_secret: app.clientSecret,
    });
    const bearer = { authorization: `Bearer ${String(token)}` };
    expect(await call('auth.test', {}, bearer)).toMatchObject({ ok: true, team_id: 'T2', team: 'Beta' });
    expect(await call('auth.test', {})).toEqual({ ok: false, error: 'not_authed' });
    expect(await call('auth.test', {}, { authorization: 'Bearer xoxb-made-up' })).toEqual({
      ok: false,
      error: 'invalid_auth',
    });
    expect(slack.auth.revokeAll('T2')).toEqual([token]);
    expect(await call('chat.postMessage', { channel: 'C1', text: 'hi' }, bearer)).toEqual({
      ok: false,
      error: 'token_revoked',
    });
  });
});
