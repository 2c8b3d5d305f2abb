import { request } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SLACK_MAX_BODY_BYTES } from '../../../src/adapters/slack/index.js';
import { ACTOR_MARK } from '../../../src/core/reply.js';
import { createFakeCore, type FakeCore } from '../../helpers/fake-core.js';
import {
  buttonPressPayload,
  signedSlackRequest,
  slashCommandBody,
  viewSubmissionPayload,
} from '../../helpers/fake-slack.js';
import { recordingLogger, SECRET, type SlackHarness, startHarness, waitForForm } from './harness.js';

/**
 * The adapter's own behaviour with real bolt in HTTP mode and a fake core: verification, the
 * ack-first rule, retries, modals, buttons, files, audit threads and 429s. The real core's
 * commands run end to end in `e2e.test.ts`.
 */
let core: FakeCore;
let h: SlackHarness;
let logger: ReturnType<typeof recordingLogger>;

beforeEach(async () => {
  core = createFakeCore('slack');
  logger = recordingLogger();
  h = await startHarness(
    core,
    {
      users: [
        { id: 'UADMIN', name: 'Ada', isAdmin: true },
        { id: 'U1', name: 'alice' },
      ],
      groups: { SAGENTS: ['U7'] },
    },
    { logger },
  );
});
afterEach(async () => {
  // Every Block Kit payload the tests produced kept within Slack's documented limits.
  expect(h.slack.refusedPayloads().map((c) => c.refused)).toEqual([]);
  await h.close();
});

describe('request verification', () => {
  it('answers a wrong signature with 401 and runs nothing', async () => {
    const body = slashCommandBody({ text: 'balance', responseUrl: h.slack.responseUrl() });
    const res = await signedSlackRequest(SECRET, body, { url: h.url, signature: `v0=${'0'.repeat(64)}` });
    expect(res.status).toBe(401);
    const other = await signedSlackRequest('another-secret', body, { url: h.url });
    expect(other.status).toBe(401);
    expect(core.texts).toHaveLength(0);
  });

  it('answers a stale timestamp with 401, even when correctly signed', async () => {
    const body = slashCommandBody({ text: 'balance', responseUrl: h.slack.responseUrl() });
    const stale = Math.floor(Date.now() / 1000) - 6 * 60;
    const res = await signedSlackRequest(SECRET, body, { url: h.url, timestamp: stale });
    expect(res.status).toBe(401);
    expect(core.texts).toHaveLength(0);
  });

  it("is ready on the bot's HTTP server while started, and refuses requests once stopping", async () => {
    const base = h.url.replace('/slack/events', '');
    for (const path of ['/healthz', '/readyz']) {
      const res = await request(`${base}${path}`);
      await res.body.text();
      expect(res.statusCode).toBe(200);
    }
    await h.channel.stop();
    const readyz = await request(`${base}/readyz`);
    expect({ status: readyz.statusCode, body: await readyz.body.text() }).toEqual({
      status: 503,
      body: 'not ready: channel\n',
    });
    // A request arriving while stopping gets 503, which Slack retries, before any listener runs.
    const res = await h.command('balance');
    expect(res.status).toBe(503);
    expect(core.texts).toHaveLength(0);
  });

  it('refuses a body over the limit with 413 before verifying anything (docs/reliability.md §4.3)', async () => {
    const res = await request(h.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'x'.repeat(SLACK_MAX_BODY_BYTES + 1),
    });
    await res.body.text();
    expect(res.statusCode).toBe(413);
    expect(core.texts).toHaveLength(0);
  });
});

describe('acknowledge first', () => {
  it('acks the command while the core is still working; the answer follows on response_url', async () => {
    const release = core.hold();
    const ack = await h.command('balance');
    // The HTTP answer is here; the core has been entered but has not answered.
    expect(ack.status).toBe(200);
    expect(ack.body).toBe('');
    await core.entered(1);
    expect(h.slack.callsOf('response_url')).toHaveLength(0);
    release();
    const answer = await h.slack.waitForCall('response_url', (c) => c.id === ack.responseId);
    expect(answer.body.text).toBe('ok: balance');
    expect(answer.body.response_type).toBe('in_channel');
  });
});

describe('retries', () => {
  it('drops a delivery retried with X-Slack-Retry-Num; the core runs once', async () => {
    const release = core.hold();
    const first = await h.command('topup 1234', { triggerId: 'trigger.same' });
    const body = first.requestBody;
    const retry = await signedSlackRequest(SECRET, body, {
      url: h.url,
      headers: { 'x-slack-retry-num': '1', 'x-slack-retry-reason': 'http_timeout' },
    });
    expect(retry.status).toBe(200);
    await h.dedupe.decided(2);
    release();
    await h.slack.waitForCall('response_url', (c) => c.id === first.responseId);
    expect(h.dedupe.claims.map((c) => c.won)).toEqual([true, false]);
    expect(core.texts.map((t) => t.text)).toEqual(['topup 1234']);
  });
});

describe('command text', () => {
  it('maps an empty command and "help" to help, and decodes Slack entities', async () => {
    await h.command('');
    await h.command('help');
    await h.command('rate <tel:+4930123|+49 30 123> &amp; more');
    await core.entered(3);
    expect(core.texts.map((t) => t.text).sort()).toEqual(['help', 'help', 'rate +49 30 123 & more']);
    expect(core.texts[0]?.identity).toMatchObject({ platform: 'slack', tenant: 'T1', user: 'U1' });
    expect(core.texts[0]?.chat).toMatchObject({ id: 'D1', kind: 'private' });
    expect(core.texts[0]?.inputIsPrivate).toBe(true);
  });

  it('refuses "link user pass" typed as text: nothing reaches the core or the log', async () => {
    const ack = await h.command('link alice hunter2-secret');
    const notice = await h.slack.waitForCall('response_url', (c) => c.id === ack.responseId);
    expect(notice.body.response_type).toBe('ephemeral');
    expect(String(notice.body.text)).toContain('/tel link');
    expect(String(notice.body.text)).not.toContain('hunter2');
    expect(core.texts).toHaveLength(0);
    expect(h.slack.callsOf('views.open')).toHaveLength(0);
    expect(logger.lines.join('\n')).not.toContain('hunter2');
  });

  it('resolves the admin flag and user groups in a shared channel', async () => {
    await h.command('card show 4917', { user: 'U7', channel: 'C1' });
    await core.entered(1);
    expect(core.texts[0]?.chat).toMatchObject({ id: 'C1', kind: 'shared' });
    expect(core.texts[0]?.identity.groups).toEqual(['SAGENTS']);
  });
});

describe('rendering and delivery', () => {
  it('sends personal replies ephemerally and public ones in channel', async () => {
    core.script.set('balance', [
      {
        title: 'Balance',
        fields: [{ label: 'Balance', value: '€ 18.40' }],
        visibility: 'personal',
        audience: 'actor',
      },
      { text: 'public <b>' },
    ]);
    const ack = await h.command('balance', { channel: 'C1' });
    const [personal, pub] = await h.slack.waitForCalls('response_url', 2, (c) => c.id === ack.responseId);
    expect(personal?.body.response_type).toBe('ephemeral');
    expect(JSON.stringify(personal?.body.blocks)).toContain('€ 18.40');
    expect(pub?.body.response_type).toBe('in_channel');
    expect(pub?.body.text).toBe('public &lt;b&gt;');
  });

  it('uploads a personal file into the user’s DM with the external upload pair', async () => {
    core.script.set('cdrs', [
      {
        text: 'Your calls',
        file: { name: 'cdrs.csv', mimeType: 'text/csv', content: 'a,b\n1,2\n' },
        visibility: 'personal',
        audience: 'actor',
      },
    ]);
    await h.command('cdrs', { channel: 'C1' });
    const done = await h.slack.waitForCall('files.completeUploadExternal');
    const slot = h.slack.callsOf('files.getUploadURLExternal')[0]!;
    expect(slot.body).toMatchObject({ filename: 'cdrs.csv', length: '8' });
    expect(h.slack.callsOf('upload')[0]?.raw).toBe('a,b\n1,2\n');
    expect(done.body.channel_id).toBe('DU1');
    expect(h.slack.callsOf('conversations.open')[0]?.body.users).toBe('U1');
  });

  it('waits out a 429 with Retry-After and still posts the audit record in a thread', async () => {
    h.slack.rateLimit('chat.postMessage', 2, 0);
    core.script.set('card block 4917', [
      {
        text: 'Blocked.',
        tone: 'success',
        audit: [{ actor: 'U7', note: `${ACTOR_MARK} blocked 4917 <!channel>` }],
      },
    ]);
    await h.command('card block 4917', { user: 'U7', channel: 'C1' });
    const [parent, record] = await h.slack.waitForCalls('chat.postMessage', 2);
    expect(h.slack.callsOf('chat.postMessage', { includeRateLimited: true })).toHaveLength(4);
    expect(String(parent?.body.text)).toContain('Support log');
    expect(record?.body.thread_ts).toMatch(/^1700000000\./);
    expect(record?.body.text).toBe('<@U7> blocked 4917 &lt;!channel&gt;');
  });
});

describe('buttons', () => {
  it('a press while the same channel’s command is still running is answered at once, not after it', async () => {
    core.outcomes.set('confirm:held', { update: { text: 'Topped up.', tone: 'success' }, notice: 'Done.' });
    const release = core.hold();
    const command = await h.command('balance', { channel: 'C1', user: 'U1' });
    await core.entered(1);
    const pressUrl = h.slack.responseUrl('held');
    const ack = await h.interact(
      buttonPressPayload({ actionId: 'confirm:held', responseUrl: pressUrl, channel: 'C1', user: 'U1' }),
    );
    expect(ack.status).toBe(200);
    // The command still waits on its provider; the press's outcome is shown meanwhile.
    const [update] = await h.slack.waitForCalls('response_url', 1, (c) => c.id === 'held');
    expect(JSON.stringify(update?.body.blocks)).toContain('Topped up.');
    expect(h.slack.callsOf('response_url').filter((c) => c.id === command.responseId)).toEqual([]);
    release();
    // The command's own answer follows once its provider answers.
    await h.slack.waitForCalls('response_url', 1, (c) => c.id === command.responseId);
  });

  it('replaces the original message with the outcome, and sends the notice privately', async () => {
    core.outcomes.set('confirm:abc', { update: { text: 'Topped up.', tone: 'success' }, notice: 'Done.' });
    const responseUrl = h.slack.responseUrl('btn1');
    const ack = await h.interact(buttonPressPayload({ actionId: 'confirm:abc', responseUrl }));
    expect(ack.status).toBe(200);
    const [update, notice] = await h.slack.waitForCalls('response_url', 2, (c) => c.id === 'btn1');
    expect(update?.body).toMatchObject({ replace_original: true });
    expect(JSON.stringify(update?.body.blocks)).toContain('Topped up.');
    expect(notice?.body).toMatchObject({
      response_type: 'ephemeral',
      replace_original: false,
      text: 'Done.',
    });
    expect(core.actions[0]).toMatchObject({
      actionId: 'confirm:abc',
      identity: { user: 'U1', tenant: 'T1' },
    });
  });

  it('drops a retried press (same action_ts) but passes a second click to the core', async () => {
    const responseUrl = h.slack.responseUrl('btn2');
    const press = buttonPressPayload({ actionId: 'confirm:x', responseUrl, actionTs: '1700000009.000001' });
    await h.interact(press);
    await h.interact(press, { 'x-slack-retry-num': '1' });
    await h.interact(
      buttonPressPayload({ actionId: 'confirm:x', responseUrl, actionTs: '1700000009.000002' }),
    );
    await h.dedupe.decided(3);
    await h.slack.waitForCalls('response_url', 2, (c) => c.id === 'btn2');
    expect(h.dedupe.claims.map((c) => c.won)).toEqual([true, false, true]);
    expect(core.actions).toHaveLength(2);
  });
});

describe('linking modal', () => {
  it('opens the modal for /tel link, with the trigger id, and no password in command text', async () => {
    await h.command('link', { triggerId: 'trigger.link' });
    const opened = await h.slack.waitForCall('views.open');
    expect(opened.body.trigger_id).toBe('trigger.link');
    const open = await waitForForm(h.slack);
    const view = open.body.view as {
      callback_id: string;
      blocks: { block_id?: string; hint?: { text: string } }[];
    };
    expect(view.callback_id).toBe('tel_link');
    expect(view.blocks.find((b) => b.block_id === 'password')?.hint?.text).toContain('no password field');
  });

  it('shows a refusal inline, and links on a good submission', async () => {
    await h.command('link', { channel: 'C1' });
    const open = await waitForForm(h.slack);
    const meta = (open.body.view as { private_metadata: string }).private_metadata;
    const wrong = await h.interact(
      viewSubmissionPayload({
        callbackId: 'tel_link',
        privateMetadata: meta,
        values: { username: 'demo', password: 'wrong' },
      }),
    );
    expect(JSON.parse(wrong.body)).toEqual({
      response_action: 'errors',
      errors: { password: 'Wrong username or password.' },
    });
    const right = await h.interact(
      viewSubmissionPayload({
        callbackId: 'tel_link',
        privateMetadata: meta,
        values: { username: 'demo', password: 'right' },
      }),
    );
    expect(right.status).toBe(200);
    expect(right.body).toBe('');
    const linked = await h.slack.waitForCall('response_url', (c) => String(c.body.text).includes('Linked'));
    expect(linked.body.response_type).toBe('ephemeral');
    expect(core.links.map((l) => [l.username, l.kind, l.chat.id])).toEqual([
      ['demo', 'account', 'C1'],
      ['demo', 'account', 'C1'],
    ]);
    expect(logger.lines.join('\n')).not.toContain('right');
  });
});

describe('support channel setup', () => {
  it('opens the form first (its trigger expires in 3 s), then tells a non-admin in it', async () => {
    await h.command('team setup', { channel: 'C1', user: 'U1' });
    const open = await h.slack.waitForCall('views.open');
    const update = await h.slack.waitForCall('views.update', (c) =>
      JSON.stringify(c.body.view).includes('Only an admin'),
    );
    expect(open.seq).toBeLessThan(update.seq);
    expect(JSON.stringify(update.body.view)).toContain('Only an admin or owner of this workspace or team');
    // users.info ran after the modal was open.
    const lookup = await h.slack.waitForCall('users.info');
    expect(open.seq).toBeLessThan(lookup.seq);
  });

  it('opens the modal for an admin; the submission reaches the core and the thread', async () => {
    await h.command('team setup', { channel: 'C1', user: 'UADMIN' });
    const open = await waitForForm(h.slack);
    const meta = (open.body.view as { private_metadata: string }).private_metadata;
    const bad = await h.interact(
      viewSubmissionPayload({
        callbackId: 'tel_team_setup',
        privateMetadata: meta,
        user: 'UADMIN',
        values: { account_username: 'team', account_password: 'pw', agent_group: 'nope' },
      }),
    );
    expect(JSON.parse(bad.body).errors).toHaveProperty('agent_group');
    const ok = await h.interact(
      viewSubmissionPayload({
        callbackId: 'tel_team_setup',
        privateMetadata: meta,
        user: 'UADMIN',
        values: {
          account_username: 'team',
          account_password: 'pw',
          card_username: 'cards',
          card_password: 'cpw',
          agents: ['U7', 'U8'],
          agent_group: 'SAGENTS',
        },
      }),
    );
    expect(ok.body).toBe('');
    expect(core.setups[0]).toMatchObject({
      account: { username: 'team', password: 'pw' },
      card: { username: 'cards', password: 'cpw' },
      agents: ['U7', 'U8'],
      agentGroup: 'SAGENTS',
      chat: { id: 'C1', kind: 'shared', userIsAdmin: true },
    });
    const record = await h.slack.waitForCall('chat.postMessage', (c) => c.body.thread_ts !== undefined);
    expect(record.body.text).toBe('<@UADMIN> set up support');
  });
});
