import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ResponseUrls } from '../../../src/adapters/slack/response-url.js';
import type { Reply } from '../../../src/core/reply.js';
import { createFakeCore, type FakeCore } from '../../helpers/fake-core.js';
import {
  buttonPressPayload,
  type FakeSlack,
  startFakeSlack,
  viewSubmissionPayload,
} from '../../helpers/fake-slack.js';
import { recordingLogger, type SlackHarness, startHarness, waitForForm } from './harness.js';

/**
 * Slack takes "up to 5" posts on a response_url "within 30 minutes of receiving the payload"
 * (docs.slack.dev/interactivity/handling-user-interaction), and the fake holds to it. The bot
 * answers within that budget and, past it, through the Web API under the same privacy rule: an
 * answer for one person stays with that person (ephemeral in the channel, or their DM with the app).
 */
const HALF_HOUR = 30 * 60_000;
const personal = (n: number): Reply => ({
  text: `follow-up ${n}: balance € 1${n}.00`,
  visibility: 'personal',
  audience: 'actor',
});

let core: FakeCore;
let h: SlackHarness;

beforeEach(async () => {
  core = createFakeCore('slack');
  h = await startHarness(core, { users: [{ id: 'U1', name: 'alice' }] }, { logger: recordingLogger() });
});
afterEach(async () => {
  expect(h.slack.refusedPayloads().map((c) => c.refused)).toEqual([]);
  await h.close();
});

/** Every post on one response URL, the ones Slack turned away included. */
const postsOn = (id: string) =>
  h.slack.callsOf('response_url', { includeRefused: true }).filter((c) => c.id === id);

describe('the fake keeps Slack’s budget', () => {
  it('takes 5 posts on a response_url, then answers 404 expired_url; after 30 minutes none', async () => {
    const url = h.slack.responseUrl('budget');
    const post = () =>
      fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"text":"x"}' });
    for (let i = 0; i < 5; i++) expect((await post()).status).toBe(200);
    const sixth = await post();
    expect(sixth.status).toBe(404);
    expect(await sixth.json()).toEqual({ ok: false, error: 'expired_url' });
    const fresh = h.slack.responseUrl('fresh');
    h.slack.advance(HALF_HOUR);
    const late = await fetch(fresh, { method: 'POST', body: '{"text":"x"}' });
    expect(late.status).toBe(404);
    expect(postsOn('fresh')[0]?.urlRefused?.reason).toBe('30 minutes passed');
    expect(h.slack.callsOf('response_url')).toHaveLength(5);
  });
});

describe('more than 5 answers to one slash command', () => {
  it('in a channel: the 6th and 7th are ephemeral to the same person through chat.postEphemeral', async () => {
    core.script.set('many', [1, 2, 3, 4, 5, 6, 7].map(personal));
    const ack = await h.command('many', { channel: 'C1' });
    const late = await h.slack.waitForCalls('chat.postEphemeral', 2);
    // Five on the response URL, and no 6th post that Slack would have dropped.
    expect(postsOn(ack.responseId).map((c) => c.body.text)).toEqual(
      [1, 2, 3, 4, 5].map((n) => `follow-up ${n}: balance € 1${n}.00`),
    );
    expect(late.map((c) => [c.body.channel, c.body.user, c.body.text])).toEqual([
      ['C1', 'U1', 'follow-up 6: balance € 16.00'],
      ['C1', 'U1', 'follow-up 7: balance € 17.00'],
    ]);
    // Personal data never went to the channel as a message.
    expect(h.slack.callsOf('chat.postMessage')).toHaveLength(0);
  });

  it('in a direct message: the 6th is a message in the same DM', async () => {
    core.script.set('many', [1, 2, 3, 4, 5, 6].map(personal));
    const ack = await h.command('many', { channel: 'D1' });
    const sixth = await h.slack.waitForCall('chat.postMessage');
    expect(postsOn(ack.responseId)).toHaveLength(5);
    expect([sixth.body.channel, sixth.body.text]).toEqual(['D1', 'follow-up 6: balance € 16.00']);
    expect(h.slack.callsOf('chat.postEphemeral')).toHaveLength(0);
  });

  it('in a DM between two people, which the app cannot post in, the 6th goes to the DM with the app', async () => {
    core.script.set('many', [1, 2, 3, 4, 5, 6].map(personal));
    h.slack.leaveChannel('D12');
    const ack = await h.command('many', { channel: 'D12' });
    const sixth = await h.slack.waitForCall('chat.postMessage', (c) => c.answer?.ok === true);
    expect(postsOn(ack.responseId)).toHaveLength(5);
    expect(h.slack.callsOf('conversations.open').map((c) => c.body.users)).toEqual(['U1']);
    expect([sixth.body.channel, sixth.body.text]).toEqual(['DU1', 'follow-up 6: balance € 16.00']);
  });
});

describe('more than 5 answers to one button press', () => {
  it('the update, the notice and 3 follow-ups use the press’s URL; the 4th and 5th go ephemeral', async () => {
    core.outcomes.set('confirm:abc', {
      update: { text: 'Topped up.', tone: 'success' },
      notice: 'Done.',
      followUps: [1, 2, 3, 4, 5].map(personal),
    });
    const responseUrl = h.slack.responseUrl('press');
    await h.interact(buttonPressPayload({ actionId: 'confirm:abc', channel: 'C1', responseUrl }));
    const late = await h.slack.waitForCalls('chat.postEphemeral', 2);
    const onUrl = postsOn('press');
    expect(onUrl).toHaveLength(5);
    expect(onUrl[0]?.body.replace_original).toBe(true);
    expect(onUrl.at(-1)?.body.text).toBe('follow-up 3: balance € 13.00');
    expect(late.map((c) => [c.body.channel, c.body.user, c.body.text])).toEqual([
      ['C1', 'U1', 'follow-up 4: balance € 14.00'],
      ['C1', 'U1', 'follow-up 5: balance € 15.00'],
    ]);
    expect(h.slack.callsOf('chat.postMessage')).toHaveLength(0);
  });
});

describe('an answer after 30 minutes', () => {
  it('a command answered after 31 minutes reaches the person ephemerally; Slack refused the old URL', async () => {
    core.script.set('slow', [personal(1)]);
    const release = core.hold();
    const ack = await h.command('slow', { channel: 'C1' });
    await core.entered(1);
    h.slack.advance(31 * 60_000);
    release();
    const answer = await h.slack.waitForCall('chat.postEphemeral');
    expect([answer.body.channel, answer.body.user, answer.body.text]).toEqual([
      'C1',
      'U1',
      'follow-up 1: balance € 11.00',
    ]);
    expect(postsOn(ack.responseId).map((c) => c.urlRefused?.reason)).toEqual(['30 minutes passed']);
    expect(h.slack.callsOf('chat.postMessage')).toHaveLength(0);
  });

  it('a link form submitted 31 minutes after /tel link answers through chat.postEphemeral', async () => {
    const ack = await h.command('link', { channel: 'C1' });
    const open = await waitForForm(h.slack);
    const meta = (open.body.view as { private_metadata: string }).private_metadata;
    h.slack.advance(31 * 60_000);
    await h.interact(
      viewSubmissionPayload({
        callbackId: 'tel_link',
        privateMetadata: meta,
        values: { username: 'demo', password: 'right' },
      }),
    );
    const linked = await h.slack.waitForCall('chat.postEphemeral');
    expect([linked.body.channel, linked.body.user, linked.body.text]).toEqual(['C1', 'U1', 'Linked demo.']);
    expect(postsOn(ack.responseId).map((c) => c.urlRefused?.reason)).toEqual(['30 minutes passed']);
  });

  it('when the app is no longer in the channel, a late personal answer goes to the DM, never the channel', async () => {
    core.script.set('slow', [personal(1)]);
    const release = core.hold();
    await h.command('slow', { channel: 'C9' });
    await core.entered(1);
    h.slack.leaveChannel('C9');
    h.slack.advance(31 * 60_000);
    release();
    const dm = await h.slack.waitForCall('chat.postMessage', (c) => c.answer?.ok === true);
    expect([dm.body.channel, dm.body.text]).toEqual(['DU1', 'follow-up 1: balance € 11.00']);
    expect(h.slack.callsOf('chat.postMessage').filter((c) => c.body.channel === 'C9')).toHaveLength(0);
  });
});

describe('ResponseUrls, on the bot’s own clock', () => {
  let slack: FakeSlack;
  let now: number;
  let urls: ResponseUrls;
  beforeEach(async () => {
    now = Date.parse('2026-01-01T00:00:00Z');
    slack = await startFakeSlack({ now: () => now });
    urls = new ResponseUrls({
      now: () => new Date(now),
      timeoutMs: 5_000,
      logger: recordingLogger(),
      apiUrl: slack.apiUrl,
    });
  });
  afterEach(() => slack.close());

  it('sends 5 posts, then tells the caller to use the Web API without a 6th request', async () => {
    const url = slack.responseUrl('u');
    const sent = [];
    for (let i = 0; i < 6; i++) sent.push(await urls.post(url, { text: String(i) }));
    expect(sent).toEqual([true, true, true, true, true, false]);
    expect(slack.callsOf('response_url', { includeRefused: true })).toHaveLength(5);
  });

  it('sends nothing on a URL it first used 30 minutes ago', async () => {
    const url = slack.responseUrl('v');
    expect(await urls.post(url, { text: 'first' })).toBe(true);
    now += HALF_HOUR;
    expect(await urls.post(url, { text: 'late' })).toBe(false);
    expect(slack.callsOf('response_url', { includeRefused: true })).toHaveLength(1);
  });

  it('learns from Slack’s refusal: after one expired_url it posts no more on that URL', async () => {
    const url = slack.responseUrl('w');
    slack.advance(HALF_HOUR);
    expect(await urls.post(url, { text: 'a' })).toBe(false);
    expect(await urls.post(url, { text: 'b' })).toBe(false);
    expect(slack.callsOf('response_url', { includeRefused: true })).toHaveLength(1);
  });

  it('takes an HTTP 200 with {"ok":false,"error":"expired_url"} as a refusal too', async () => {
    let hits = 0;
    const server = createServer((_req, res) => {
      hits += 1;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":false,"error":"expired_url"}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    // This server stands for Slack's host here, as SLACK_API_URL's host does for the fake.
    const own = new ResponseUrls({
      now: () => new Date(now),
      timeoutMs: 5_000,
      logger: recordingLogger(),
      apiUrl: url,
    });
    try {
      expect(await own.post(url, { text: 'a' })).toBe(false);
      expect(await own.post(url, { text: 'b' })).toBe(false);
      expect(hits).toBe(1);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
