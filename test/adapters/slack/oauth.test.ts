import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NotifyRefusedError } from '../../../src/core/ports/notify.js';
import { type OAuthHarness, startOAuthHarness } from './oauth-harness.js';

/**
 * Installation in many workspaces (docs/operations.md §5.1): Slack's OAuth flow through @slack/oauth's installer,
 * installations sealed in the bot's SQLite file, each workspace served with its own token, and
 * uninstalls deleting the tokens. Slack's side is the fake Web API (test/helpers/fake-slack-oauth.ts).
 */

let h: OAuthHarness;

beforeEach(async () => {
  h = await startOAuthHarness();
  for (const tenant of ['T1', 'T2']) await h.stack.linkDemo({ platform: 'slack', tenant, user: 'U1' });
});

afterEach(async () => {
  await h.close();
});

const alpha = { team: 'T1', teamName: 'Alpha', user: 'U1' };
const beta = { team: 'T2', teamName: 'Beta', user: 'U1' };
const tokenOf = (team: string) => h.slack.auth.tokensOf(team)[0]?.token ?? 'none';

async function balance(team: string) {
  const sent = await h.command('balance', { team });
  const answer = await h.slack.waitForCall('response_url', (c) => c.id === sent.responseId);
  return { sent, answer };
}

describe('the install flow', () => {
  it('installs in two workspaces: link with a state cookie, Slack redirects back with a code', async () => {
    const link = await h.get(`${h.base}/slack/install`);
    expect(link.status).toBe(302);
    const authorize = new URL(link.location ?? '');
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${h.slack.url}/oauth/v2/authorize`);
    expect(authorize.searchParams.get('client_id')).toBe(h.app.clientId);
    expect(authorize.searchParams.get('scope')?.split(',')).toContain('commands');
    const state = authorize.searchParams.get('state');
    expect(link.setCookie[0]).toMatch(new RegExp(`^slack-app-oauth-state=${state};.*HttpOnly.*Max-Age=600`));
    // Sent back on Slack's redirect (a top-level GET), never on another site's sub-request.
    expect(link.setCookie[0]).toMatch(/; Secure;.*; SameSite=Lax$/);

    for (const installer of [alpha, beta]) {
      const done = await h.install(installer);
      expect(done.status).toBe(200);
      expect(done.body).toContain(`Installed in ${installer.teamName}`);
    }
    const exchanges = h.slack.callsOf('oauth.v2.access');
    expect(exchanges.map((c) => c.answer?.ok)).toEqual([true, true]);
    expect(tokenOf('T1')).not.toBe(tokenOf('T2'));
    expect(await h.installations.get('slack:team:T1')).toMatchObject({ bot: { token: tokenOf('T1') } });
    expect(await h.installations.get('slack:team:T2')).toMatchObject({ team: { id: 'T2', name: 'Beta' } });
  });

  it('keeps no token readable in the SQLite file, nor in a log line', async () => {
    await h.install(alpha);
    await h.install(beta);
    await balance('T1');
    const bytes = await h.fileBytes();
    expect(bytes).toContain('install:slack:team:T1');
    for (const team of ['T1', 'T2']) {
      expect(bytes).not.toContain(tokenOf(team));
      expect(h.logger.lines.join('\n')).not.toContain(tokenOf(team));
    }
    expect(h.logger.lines.join('\n')).not.toContain(h.app.clientSecret);
  });

  it('refuses a redirect whose state is missing from the browser, tampered or expired, and stores nothing', async () => {
    const other = await h.startInstall(alpha);
    expect((await h.get(other.redirect)).status).toBe(400);

    const tampered = await h.startInstall(alpha);
    const url = new URL(tampered.redirect);
    url.searchParams.set('state', `${url.searchParams.get('state')}x`);
    expect((await h.get(url.toString(), `${tampered.cookie}x`)).status).toBe(400);

    const late = await h.startInstall(alpha);
    h.advance(10 * 60_000 + 1_000);
    const expired = await h.get(late.redirect, late.cookie);
    expect(expired.status).toBe(400);
    expect(expired.body).toContain('/slack/install');

    // None of them reached Slack: the codes were never exchanged.
    expect(h.slack.callsOf('oauth.v2.access')).toHaveLength(0);
    expect(await h.installations.get('slack:team:T1')).toBeUndefined();
  });

  it('Cancel on Slack’s consent page: a page saying so (not the settings), nothing stored', async () => {
    const started = await h.startInstall(alpha);
    const back = new URL(started.redirect);
    // What Slack sends when the person presses Cancel: no code, `error=access_denied`, the state.
    const cancelled = new URL(`${back.origin}${back.pathname}`);
    cancelled.searchParams.set('error', 'access_denied');
    cancelled.searchParams.set('state', back.searchParams.get('state') ?? '');
    const page = await h.get(cancelled.toString(), started.cookie);
    expect(page.status).toBe(400);
    expect(page.body).toContain('The installation was cancelled');
    expect(page.body).toContain('/slack/install');
    expect(page.body).not.toContain('SLACK_CLIENT_SECRET');
    expect(h.slack.callsOf('oauth.v2.access')).toHaveLength(0);
    expect(await h.installations.get('slack:team:T1')).toBeUndefined();
  });

  it('a code is single-use and short-lived at Slack: a reused or expired code installs nothing', async () => {
    const first = await h.startInstall(alpha);
    expect((await h.get(first.redirect, first.cookie)).status).toBe(200);
    // The same code again, with a fresh state of this browser, as a replayed redirect would be.
    const again = await h.startInstall(alpha);
    const replay = new URL(first.redirect);
    replay.searchParams.set('state', new URL(again.redirect).searchParams.get('state') ?? '');
    expect((await h.get(replay.toString(), again.cookie)).status).toBe(400);

    const slow = await h.startInstall(beta);
    h.slack.auth.expireCodes();
    expect((await h.get(slow.redirect, slow.cookie)).status).toBe(400);
    expect(h.slack.callsOf('oauth.v2.access').map((c) => c.answer?.error ?? 'ok')).toEqual([
      'ok',
      'invalid_code',
      'invalid_code',
    ]);
    expect(await h.installations.get('slack:team:T2')).toBeUndefined();
  });
});

describe('a wrong client secret', () => {
  it('Slack refuses the exchange (bad_client_secret): the page names the settings, the log no secret', async () => {
    h.app.clientSecret = 'rotated-on-slack-0000000000000000';
    const done = await h.install(alpha);
    expect(done.status).toBe(502);
    expect(done.body).toContain('SLACK_CLIENT_SECRET');
    expect(h.slack.callsOf('oauth.v2.access').map((c) => c.answer?.error)).toEqual(['bad_client_secret']);
    expect(await h.installations.get('slack:team:T1')).toBeUndefined();
    const log = h.logger.lines.join('\n');
    expect(log).toContain('bad_client_secret');
    expect(log).not.toContain(h.app.clientSecret);
    expect(log).not.toContain('c0ffee00c0ffee00');
  });
});

describe('each workspace with its own token', () => {
  beforeEach(async () => {
    await h.install(alpha);
    await h.install(beta);
  });

  it('answers each workspace’s slash command with that workspace’s token', async () => {
    for (const team of ['T1', 'T2']) {
      const { sent, answer } = await balance(team);
      expect(sent.status).toBe(200);
      expect(answer.raw).toContain('€18.40');
      const lookups = h.slack.callsOf('users.info').filter((c) => c.team === team);
      expect(lookups.length).toBeGreaterThan(0);
      expect(new Set(lookups.map((c) => c.token))).toEqual(new Set([tokenOf(team)]));
    }
  });

  it('sends a proactive message with the destination workspace’s token', async () => {
    const sent = await h.channel.notifier
      .open({ platform: 'slack', tenant: 'T2', kind: 'user', user: 'U1' })
      .post({ text: 'Low balance' });
    expect(sent?.tenant).toBe('T2');
    const post = await h.slack.waitForCall('chat.postMessage');
    expect(post.token).toBe(tokenOf('T2'));
  });
});

describe('uninstalls', () => {
  beforeEach(async () => {
    await h.install(alpha);
    await h.install(beta);
  });

  it('app_uninstalled deletes the workspace’s tokens; its later requests are refused cleanly', async () => {
    const revoked = tokenOf('T1');
    h.slack.auth.revokeAll('T1');
    const ack = await h.event({ type: 'app_uninstalled' }, { team: 'T1' });
    expect(ack.status).toBe(200);
    await expect.poll(() => h.installations.get('slack:team:T1')).toBeUndefined();
    expect(h.logger.lines.some((l) => l.includes('Slack installation deleted') && l.includes('T1'))).toBe(
      true,
    );

    const before = h.slack.calls.length;
    const late = await h.command('balance', { team: 'T1' });
    expect(late.status).toBe(200);
    expect(late.body).toBe('');
    // The other workspace is untouched and answered.
    await balance('T2');
    const sinceT1 = h.slack.calls.slice(before);
    expect(sinceT1.filter((c) => c.token === revoked)).toEqual([]);
    expect(sinceT1.filter((c) => c.method === 'response_url' && c.id === late.responseId)).toEqual([]);
    await expect(
      h.channel.notifier
        .open({ platform: 'slack', tenant: 'T1', kind: 'user', user: 'U1' })
        .post({ text: 'x' }),
    ).rejects.toBeInstanceOf(NotifyRefusedError);
  });

  it('a workspace that reinstalls is served again, with its new token', async () => {
    const old = tokenOf('T1');
    h.slack.auth.revokeAll('T1');
    await h.event({ type: 'app_uninstalled' }, { team: 'T1' });
    await expect.poll(() => h.installations.get('slack:team:T1')).toBeUndefined();
    expect((await h.install(alpha)).status).toBe(200);
    const fresh = h.slack.auth.tokensOf('T1').find((t) => !t.revoked)?.token;
    expect(fresh).toBeDefined();
    expect(fresh).not.toBe(old);
    const before = h.slack.calls.length;
    await balance('T1');
    const lookups = h.slack.calls.slice(before).filter((c) => c.method === 'users.info');
    expect(new Set(lookups.map((c) => c.token))).toEqual(new Set([fresh]));
  });

  it('tokens_revoked for the bot deletes the installation; for a user only drops that user token', async () => {
    await h.event({ type: 'tokens_revoked', tokens: { oauth: ['U1'] } }, { team: 'T2' });
    await expect.poll(() => h.logger.lines.some((l) => l.includes('Slack tokens revoked'))).toBe(true);
    expect(await h.installations.get('slack:team:T2')).toMatchObject({ bot: { token: tokenOf('T2') } });

    await h.event({ type: 'tokens_revoked', tokens: { bot: ['UBT2'] } }, { team: 'T2' });
    await expect.poll(() => h.installations.get('slack:team:T2')).toBeUndefined();
    expect(await h.installations.get('slack:team:T1')).toBeDefined();
  });
});

describe('Enterprise Grid: an org-wide install', () => {
  const org = { team: 'T3', user: 'U1', enterprise: { id: 'E1', name: 'Acme' }, orgWide: true };
  const inOrg = { enterprise_id: 'E1', enterprise_name: 'Acme', is_enterprise_install: 'true' };

  it('serves every workspace of the org with the org’s token, alerts included, until uninstalled', async () => {
    const done = await h.install(org);
    expect(done.body).toContain('Installed in Acme');
    expect(await h.installations.get('slack:org:E1')).toMatchObject({ isEnterpriseInstall: true });
    const orgToken = tokenOf('E1');
    await h.stack.linkDemo({ platform: 'slack', tenant: 'T3', user: 'U1' });

    const sent = await h.command('balance', { team: 'T3', extra: inOrg });
    const answer = await h.slack.waitForCall('response_url', (c) => c.id === sent.responseId);
    expect(answer.raw).toContain('€18.40');
    expect(new Set(h.slack.callsOf('users.info').map((c) => c.token))).toEqual(new Set([orgToken]));

    // The workspace asked through the org's install, so its alerts go out with the org's token too.
    await h.channel.notifier
      .open({ platform: 'slack', tenant: 'T3', kind: 'user', user: 'U1' })
      .post({ text: 'Low' });
    expect((await h.slack.waitForCall('chat.postMessage')).token).toBe(orgToken);

    // Another workspace of the org: its alert names its own team to Slack, not the first one's.
    const asked = await h.command('balance', { team: 'T4', extra: inOrg });
    await h.slack.waitForCall('response_url', (c) => c.id === asked.responseId);
    const before = h.slack.calls.length;
    await h.channel.notifier
      .open({ platform: 'slack', tenant: 'T4', kind: 'user', user: 'U1' })
      .post({ text: 'Low' });
    const t4 = h.slack.calls.slice(before).filter((c) => c.token === orgToken && c.method !== 'users.info');
    expect(t4.map((c) => c.method)).toContain('chat.postMessage');
    expect(new Set(t4.map((c) => c.body.team_id))).toEqual(new Set(['T4']));

    h.slack.auth.revokeAll('E1');
    await h.event({ type: 'app_uninstalled' }, { team: 'T3', enterprise: 'E1', orgWide: true });
    await expect.poll(() => h.installations.get('slack:org:E1')).toBeUndefined();
    await expect(
      h.channel.notifier
        .open({ platform: 'slack', tenant: 'T3', kind: 'user', user: 'U1' })
        .post({ text: 'x' }),
    ).rejects.toBeInstanceOf(NotifyRefusedError);
  });
});
