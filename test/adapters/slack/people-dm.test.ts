import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestStack, type TestStack } from '../../helpers/stack.js';
import { type SlackHarness, startHarness } from './harness.js';

/**
 * `/tel` works in a DM between two people too (Slack sends the command with that `D…` channel),
 * and the other person reads whatever is posted there in_channel. Only the app's own DM is
 * private; the fake hides people's DMs from the app as Slack does (`conversations.info` answers
 * `channel_not_found`), and the bot must treat them like a channel.
 */
let stack: TestStack;
let h: SlackHarness;
const PEOPLE_DM = 'D9';

beforeEach(async () => {
  stack = await createTestStack();
  h = await startHarness(stack.core, {
    users: [
      { id: 'U1', name: 'alice' },
      { id: 'U2', name: 'bob' },
    ],
  });
  h.slack.directMessageBetweenPeople(PEOPLE_DM);
  await stack.linkDemo({ platform: 'slack', tenant: 'T1', user: 'U1' });
});
afterEach(async () => {
  await h.close();
  await stack.close();
});

const answerTo = async (text: string, channel: string) => {
  const ack = await h.command(text, { channel });
  const [answer] = await h.slack.waitForCalls('response_url', 1, (c) => c.id === ack.responseId);
  return answer!.body as { response_type?: string; text?: string };
};

describe('a DM between two people is not private', () => {
  it('/tel balance there is answered to the asker alone (ephemeral), in the app DM for everyone in it', async () => {
    const there = await answerTo('balance', PEOPLE_DM);
    expect(there.response_type).toBe('ephemeral');
    const own = await answerTo('balance', 'D1');
    expect(own.response_type).toBe('in_channel');
    expect(JSON.stringify(own)).toMatch(/18[.,]40/);
  });

  it('SIP passwords asked for there go to the app DM, never into the people DM', async () => {
    await answerTo('lines', PEOPLE_DM);
    const dm = await h.slack.waitForCall('chat.postMessage', (c) => String(c.body.channel).startsWith('DU'));
    expect(dm.body.channel).toBe('DU1');
    const everything = JSON.stringify(h.slack.callsOf('response_url'));
    const secret = JSON.stringify(dm.body);
    const password = /`([^`]{6,})`/.exec(secret)?.[1];
    expect(password).toBeDefined();
    expect(everything).not.toContain(password);
  });
});
