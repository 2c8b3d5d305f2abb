import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { signedSlackRequest, slashCommandBody, startFakeSlack } from '../helpers/fake-slack.js';
import { type BotProcess, freePort, runBot } from './cli-process.js';

/**
 * Installation in many workspaces (docs/operations.md §5.1) as a newcomer runs it: `telephony-bot start` with the
 * app's OAuth credentials serves `/slack/install` and `/slack/oauth_redirect` on SLACK_PORT beside
 * `/slack/events`, installs a workspace through the fake Slack, answers its command with its own
 * token, and leaves no token readable in DATA_DIR's SQLite file.
 */
const CLIENT_ID = '1111111111.2222222222';
const CLIENT_SECRET = 'c0ffee00c0ffee00c0ffee00c0ffee00';
const SIGNING = 'signing-secret-0123456789';
let dir: string;
let bot: BotProcess | undefined;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tbot-oauth-'));
});
afterEach(async () => {
  if (bot && bot.child.exitCode === null && bot.child.signalCode === null) bot.child.kill('SIGKILL');
  bot = undefined;
  await rm(dir, { recursive: true, force: true });
});

it('serves the install link and redirect, then answers the installed workspace with its token', async () => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const redirect = `${base}/slack/oauth_redirect`;
  const slack = await startFakeSlack({
    tokens: {},
    oauthApp: { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, redirectUrls: [redirect] },
  });
  try {
    bot = runBot(['start'], {
      DATA_DIR: dir,
      SANDBOX_PORT: '0',
      SLACK_CLIENT_ID: CLIENT_ID,
      SLACK_CLIENT_SECRET: CLIENT_SECRET,
      SLACK_SIGNING_SECRET: SIGNING,
      SLACK_OAUTH_REDIRECT_URL: redirect,
      SLACK_API_URL: slack.apiUrl,
      SLACK_PORT: String(port),
    });
    await bot.waitFor('telephony-bot is running');
    expect(bot.stdout()).toContain('slack (HTTP)');
    expect(bot.stdout()).toContain(`install:  ${base}/slack/install`);

    const link = await request(`${base}/slack/install`);
    await link.body.dump();
    expect(link.statusCode).toBe(302);
    const cookie = String(link.headers['set-cookie']).split(';')[0] ?? '';
    const back = slack.auth.approve(String(link.headers.location), {
      team: 'T7',
      teamName: 'Gamma',
      user: 'U1',
    });
    const done = await request(back, { headers: { cookie } });
    expect(done.statusCode).toBe(200);
    expect(await done.body.text()).toContain('Installed in Gamma');
    const token = slack.auth.tokensOf('T7')[0]?.token ?? 'none';

    const body = slashCommandBody({ text: 'help', team: 'T7', responseUrl: slack.responseUrl('h1') });
    const ack = await signedSlackRequest(SIGNING, body, { url: `${base}/slack/events` });
    expect(ack.status).toBe(200);
    await slack.waitForCall('response_url', (c) => c.id === 'h1');
    // The command's lookups (users.info) ran with the workspace's own token.
    const lookups = slack.callsOf('users.info');
    expect(lookups.length).toBeGreaterThan(0);
    expect(new Set(lookups.map((c) => c.token))).toEqual(new Set([token]));

    bot.child.kill('SIGTERM');
    expect(await bot.exited).toEqual({ code: 0, signal: null });
    const files = await Promise.all(
      ['', '-wal'].map((s) => readFile(join(dir, `telephony-bot.sqlite${s}`)).catch(() => Buffer.alloc(0))),
    );
    const bytes = Buffer.concat(files).toString('latin1');
    expect(bytes).toContain('install:slack:team:T7');
    expect(bytes).not.toContain(token);
  } finally {
    await slack.close();
  }
}, 30_000);
