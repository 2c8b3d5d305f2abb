import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { slackWords } from '../../../src/adapters/slack/words/index.js';
import { signedSlackRequest, slashCommandBody, viewSubmissionPayload } from '../../helpers/fake-slack.js';
import { malformedSignedPayloads } from '../../helpers/slack-malformed.js';
import { createTestStack, type TestStack } from '../../helpers/stack.js';
import { SECRET, type SlackHarness, startHarness, waitForForm } from './harness.js';

/**
 * Nothing the client sends is trusted for routing (docs/privacy.md §2.5): a form's
 * `private_metadata` comes back in a signed submission, but it names where the answer goes, so it
 * must name the same team and user as the signed payload, and a response URL only on Slack's own
 * host. A malformed signed body is answered 400 at once, never 500 or after bolt's 2.5 s.
 */
let stack: TestStack;
let h: SlackHarness;
let elsewhere: { server: Server; url: string; posts: string[] };

beforeEach(async () => {
  stack = await createTestStack();
  h = await startHarness(stack.core, {
    users: [
      { id: 'U1', name: 'alice' },
      { id: 'U2', name: 'mallory' },
    ],
  });
  const posts: string[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString();
    });
    req.on('end', () => {
      posts.push(body);
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  elsewhere = { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, posts };
});

afterEach(async () => {
  await h.close();
  await stack.close();
  await new Promise<void>((resolve) => elsewhere.server.close(() => resolve()));
});

/** The metadata of the link form `/tel link` opened for U1, as the bot wrote it. */
async function linkFormMeta(): Promise<Record<string, unknown>> {
  await h.command('link', { user: 'U1', channel: 'D1' });
  const open = await waitForForm(h.slack);
  return JSON.parse((open.body.view as { private_metadata: string }).private_metadata) as Record<
    string,
    unknown
  >;
}

const submitLink = (meta: object, user = 'U1') =>
  h.interact(
    viewSubmissionPayload({
      callbackId: 'tel_link',
      privateMetadata: JSON.stringify(meta),
      user,
      values: { username: 'demo', password: 'demo' },
    }),
  );

const expired = { response_action: 'errors', errors: { password: slackWords.en.formExpired } };

describe("a form's metadata", () => {
  it('names the team and the user it was opened for', async () => {
    const meta = await linkFormMeta();
    expect(meta).toMatchObject({ team: 'T1', user: 'U1', channel: 'D1' });
  });

  it('is refused when it names another user than the signed submission: nothing is linked or posted', async () => {
    const meta = await linkFormMeta();
    const ack = await submitLink(meta, 'U2');
    expect(JSON.parse(ack.body)).toEqual(expired);
    expect(h.slack.callsOf('chat.postMessage')).toHaveLength(0);
    expect(h.slack.callsOf('response_url')).toHaveLength(0);
  });

  it('is refused when it names another team than the signed submission', async () => {
    const meta = await linkFormMeta();
    const ack = await submitLink({ ...meta, team: 'T2' });
    expect(JSON.parse(ack.body)).toEqual(expired);
  });

  it('is refused when its response URL is not on Slack’s host: nothing goes there', async () => {
    const meta = await linkFormMeta();
    const ack = await submitLink({ ...meta, responseUrl: elsewhere.url });
    expect(JSON.parse(ack.body)).toEqual(expired);
    expect(elsewhere.posts).toEqual([]);
  });

  it('with a language the bot has no catalogue for is answered in English, not a failure', async () => {
    const meta = await linkFormMeta();
    const ack = await submitLink({ ...meta, language: 'xx', team: 'T1' }, 'U1');
    expect(ack.status).toBe(200);
    expect(ack.body).toBe('');
  });
});

describe('answers go only to Slack’s hosts', () => {
  it('a response URL elsewhere is never posted to: the answer goes through the Web API', async () => {
    await stack.linkDemo({ platform: 'slack', tenant: 'T1', user: 'U1' });
    const ack = await h.command('balance', { user: 'U1', channel: 'D1' });
    expect(ack.status).toBe(200);
    // The same command, its response URL pointing elsewhere (as a forged metadata would).
    const body = slashCommandBody({ text: 'balance', user: 'U1', channel: 'D1', responseUrl: elsewhere.url });
    expect((await signedSlackRequest(SECRET, body, { url: h.url })).status).toBe(200);
    await h.slack.waitForCall('chat.postMessage', (c) => JSON.stringify(c.body).includes('18.40'));
    expect(elsewhere.posts).toEqual([]);
  });
});

describe('malformed signed payloads', () => {
  for (const { name, payload } of malformedSignedPayloads()) {
    it(`are refused with 400 at once: ${name}`, async () => {
      const res = await h.interact(payload);
      expect(res.status).toBe(400);
      expect(h.slack.calls.filter((c) => c.method !== 'auth.test')).toEqual([]);
    });
  }
});
