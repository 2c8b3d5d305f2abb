import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { slackWords } from '../../../src/adapters/slack/words/index.js';
import { en } from '../../../src/core/messages.js';
import { buttonPressPayload, eventCallbackBody } from '../../helpers/fake-slack.js';
import { createTestStack, type TestStack } from '../../helpers/stack.js';
import { type SlackHarness, startHarness } from './harness.js';

/**
 * A command a channel must not see, typed in an @mention (docs/privacy.md §2.2): the refusal names
 * what Slack can do (`/tel topup` opens a private form), never "only in a private chat", and it is
 * shown to the asker alone. A PIN typed there is readable by the channel and Slack does not let the
 * bot delete it: the asker is told so at once, privately, with a button to redeem it before anyone
 * else can; a password, to change it at the provider.
 */
let stack: TestStack;
let h: SlackHarness;

beforeEach(async () => {
  stack = await createTestStack();
  h = await startHarness(stack.core, { users: [{ id: 'U1', name: 'alice' }] });
  await stack.linkDemo({ platform: 'slack', tenant: 'T1', user: 'U1' });
});

afterEach(async () => {
  expect(h.slack.refusedPayloads().map((c) => c.refused)).toEqual([]);
  await h.close();
  await stack.close();
});

const mention = (text: string) =>
  h.event(eventCallbackBody({ type: 'app_mention', channel: 'C1', user: 'U1', text: `<@UBOT> ${text}` }));
const json = (v: unknown) => JSON.stringify(v);

describe('an @mention of a command a channel must not see', () => {
  it('lines: shown to the asker alone, pointing to /tel lines, not to a private chat', async () => {
    await mention('lines');
    const answer = await h.slack.waitForCall('chat.postEphemeral');
    expect(answer.body.user).toBe('U1');
    expect(json(answer.body)).toContain('/tel lines');
    expect(json(answer.body)).not.toContain('private chat');
    expect(h.slack.callsOf('chat.postMessage')).toHaveLength(0);
  });

  it('topup without a PIN: points to /tel topup’s private form, to the asker alone', async () => {
    await mention('topup');
    const answer = await h.slack.waitForCall('chat.postEphemeral');
    expect(json(answer.body)).toContain('/tel topup');
    expect(json(answer.body)).not.toContain('private chat');
    expect(h.slack.callsOf('chat.postMessage')).toHaveLength(0);
  });

  it('topup with a PIN: the asker is warned privately and offered to redeem it now', async () => {
    await mention('topup 1000000001');
    const answer = await h.slack.waitForCall('chat.postEphemeral');
    expect(answer.body.user).toBe('U1');
    expect(json(answer.body)).toContain(en.pinExposed);
    expect(json(answer.body)).not.toContain('1000000001');
    expect(h.slack.callsOf('chat.postMessage')).toHaveLength(0);
    const confirm = /"action_id":"(c:[^"]+)"/.exec(json(answer.body))?.[1];
    expect(confirm).toBeDefined();
    await h.interact(
      buttonPressPayload({ actionId: confirm!, channel: 'C1', responseUrl: h.slack.responseUrl('p1') }),
    );
    await h.slack.waitForCall('response_url', (c) => c.id === 'p1' && json(c.body).includes(en.topupDone));
    expect(stack.sandbox.stats().handled.topup).toBe(1);
  });

  it('link with a password: the asker is told privately to change it at the provider', async () => {
    await mention('link demo s3cret-pass');
    const answer = await h.slack.waitForCall('chat.postEphemeral');
    expect(answer.body.user).toBe('U1');
    expect(json(answer.body)).toContain(slackWords.en.passwordExposed.slice(0, 40));
    expect(json(answer.body)).not.toContain('s3cret-pass');
    expect(h.slack.callsOf('chat.postMessage')).toHaveLength(0);
  });
});
