import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { confirmationLanded, confirmationsHeld } from '../../helpers/confirm-landed.js';
import { eventCallbackBody, type SlackCall } from '../../helpers/fake-slack.js';
import { createTestStack, type TestStack } from '../../helpers/stack.js';
import { type SlackHarness, startHarness } from './harness.js';

/**
 * A confirmation past its time shows "Expired" in place of Confirm/Cancel (docs/interface.md §2.6),
 * edited the way the confirmation was sent, which its expiry never changes: an answer through the
 * slash command's response URL is replaced through that URL (`replace_original`), a message the
 * Web API posted (the Messages tab) through `chat.update` on its `ts`.
 */
let stack: TestStack;
let h: SlackHarness;
let now: number;

const A = '+4930123456';
const B = '+4917612345678';
const TTL_MS = 5 * 60_000;

beforeEach(async () => {
  now = Date.now();
  stack = await createTestStack({ clock: () => new Date(now) });
  h = await startHarness(stack.core, { users: [{ id: 'U1', name: 'alice' }] });
  stack.proactive.attach(h.channel.notifier);
  await stack.linkDemo({ platform: 'slack', tenant: 'T1', user: 'U1' });
});
afterEach(async () => {
  expect(h.slack.refusedPayloads().map((c) => c.refused)).toEqual([]);
  await h.close();
  await stack.close();
});

const json = (c: SlackCall | undefined) => JSON.stringify(c?.body ?? {});

describe('an expired confirmation on Slack', () => {
  it('answered through the response URL: still sent so, and replaced through it at expiry', async () => {
    const ask = await h.command(`target ${A} ${B}`);
    const [question] = await h.slack.waitForCalls('response_url', 1, (c) => c.id === ask.responseId);
    expect(json(question)).toContain('Confirm');
    // The way it is sent did not change: the response URL, no chat.postMessage.
    expect(h.slack.callsOf('chat.postMessage')).toHaveLength(0);
    await confirmationLanded(stack.stores);
    now += TTL_MS + 1;
    expect(await stack.proactive.expireConfirmations()).toEqual({ edited: 1 });
    const posts = h.slack.callsOf('response_url').filter((c) => c.id === ask.responseId);
    expect(posts).toHaveLength(2);
    const replaced = posts[1]!;
    expect(replaced.body.replace_original).toBe(true);
    expect(json(replaced)).toContain('Expired');
    expect(json(replaced)).toContain('expired');
    expect(json(replaced)).not.toContain('"Confirm"');
    expect(h.slack.callsOf('chat.postMessage')).toHaveLength(0);
    // Once.
    await stack.proactive.expireConfirmations();
    expect(h.slack.callsOf('response_url').filter((c) => c.id === ask.responseId)).toHaveLength(2);
  });

  it('the response URL past its 30 minutes: the edit is skipped and dropped, never a new message', async () => {
    const ask = await h.command(`target ${A} ${B}`);
    await h.slack.waitForCalls('response_url', 1, (c) => c.id === ask.responseId);
    await confirmationLanded(stack.stores);
    // A confirmation first answered late on its URL: the URL's 30 minutes are up at expiry.
    const [record] = await confirmationsHeld(stack.stores);
    const since = new Date(now - 30 * 60_000).toISOString();
    await stack.stores.proactive.confirmations.update(record!.id, (r) =>
      r?.message?.responseUrl
        ? { ...r, message: { ...r.message, responseUrl: { ...r.message.responseUrl, since } } }
        : r,
    );
    now += TTL_MS + 1;
    expect(await stack.proactive.expireConfirmations()).toEqual({ edited: 0 });
    expect(h.slack.callsOf('response_url').filter((c) => c.id === ask.responseId)).toHaveLength(1);
    expect(h.slack.callsOf('chat.postMessage')).toHaveLength(0);
    expect(await confirmationsHeld(stack.stores)).toHaveLength(0);
  });

  it('posted by the Web API (a DM typed in the Messages tab): updated with chat.update at expiry', async () => {
    const text = `target ${A} ${B}`;
    await h.event(
      eventCallbackBody({ type: 'message', channel_type: 'im', channel: 'D1', user: 'U1', text }),
    );
    const [posted] = await h.slack.waitForCalls('chat.postMessage', 1, (c) => json(c).includes('Confirm'));
    await confirmationLanded(stack.stores);
    now += TTL_MS + 1;
    expect(await stack.proactive.expireConfirmations()).toEqual({ edited: 1 });
    const updates = h.slack.callsOf('chat.update');
    expect(updates).toHaveLength(1);
    expect(updates[0]!.body.channel).toBe(posted!.body.channel);
    expect(json(updates[0])).toContain('Expired');
    expect(json(updates[0])).not.toContain('"Confirm"');
  });
});
