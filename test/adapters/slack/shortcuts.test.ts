import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { de, en } from '../../../src/core/messages.js';
import {
  globalShortcutPayload,
  messageShortcutPayload,
  viewSubmissionPayload,
} from '../../helpers/fake-slack.js';
import { createTestStack, type TestStack } from '../../helpers/stack.js';
import { type SlackHarness, startHarness, waitForForm } from './harness.js';

/** Shortcuts (docs/interface.md §4.2) end to end: real bolt, the real core, the sandbox; Block Kit checked by the fake. */
let stack: TestStack;
let h: SlackHarness;

beforeEach(async () => {
  stack = await createTestStack();
  h = await startHarness(stack.core, {
    users: [
      { id: 'U1', name: 'alice' },
      { id: 'UDE', name: 'greta', locale: 'de-DE' },
    ],
  });
  await stack.linkDemo({ platform: 'slack', tenant: 'T1', user: 'U1' });
});

afterEach(async () => {
  expect(h.slack.refusedPayloads().map((c) => c.refused)).toEqual([]);
  await h.close();
  await stack.close();
});

type Modal = {
  callback_id: string;
  private_metadata: string;
  blocks: { block_id?: string; element?: { initial_value?: string } }[];
};

async function openedModal(): Promise<{ trigger: string; view: Modal }> {
  const opened = await h.slack.waitForCall('views.open');
  const open = await waitForForm(h.slack);
  return { trigger: String(opened.body.trigger_id), view: open.body.view as Modal };
}

function submitCall(view: Modal, a: string, b: string) {
  return h.interact(
    viewSubmissionPayload({
      callbackId: view.callback_id,
      privateMetadata: view.private_metadata,
      values: { a_number: a, b_number: b },
    }),
  );
}

describe('global shortcut "Call a number"', () => {
  it('opens a modal for A and B with the shortcut’s trigger; the call starts and the answer lands in the DM', async () => {
    const payload = globalShortcutPayload({ callbackId: 'call_number' }) as { trigger_id: string };
    expect((await h.interact(payload)).status).toBe(200);
    const { trigger, view } = await openedModal();
    expect(trigger).toBe(payload.trigger_id);
    expect(view.callback_id).toBe('tel_call');
    const ack = await submitCall(view, '+49 30 1234567', '+49 176 1234567');
    expect(ack.status).toBe(200);
    const answer = await h.slack.waitForCall('chat.postMessage');
    expect(answer.body.channel).toBe('DU1');
    expect(JSON.stringify(answer.body)).toMatch(
      /Calling \+49301234567 first, then connecting \+491761234567/,
    );
    expect(stack.sandbox.stats().received).toHaveProperty(['webcallback.trycallback'], 1);
  });

  it('a bad number is refused inline in the form, naming the fix; nothing is called', async () => {
    await h.interact(globalShortcutPayload({ callbackId: 'call_number' }));
    const { view } = await openedModal();
    const ack = await submitCall(view, '030 1234567', '+49 176 1234567');
    const body = JSON.parse(ack.body) as { response_action: string; errors: Record<string, string> };
    expect(body.response_action).toBe('errors');
    expect(body.errors.b_number).toMatch(/country code/);
    expect(stack.sandbox.stats().received).not.toHaveProperty(['webcallback.trycallback']);
  });
});

describe('a first contact’s call form', () => {
  it('opens at once, then is redrawn in the language Slack tells, its inline errors too', async () => {
    // Nothing of Greta is known when the trigger_id must be used (3 s): a neutral "one moment" first.
    await h.interact(globalShortcutPayload({ callbackId: 'call_number', user: 'UDE' }));
    const opened = await h.slack.waitForCall('views.open');
    expect(JSON.stringify(opened.body.view)).not.toContain(en.shortcutCallTitle);
    const updated = await h.slack.waitForCall('views.update');
    expect(opened.seq).toBeLessThan(updated.seq);
    const view = updated.body.view as Modal;
    expect(JSON.stringify(view)).toContain(de.shortcutCallTitle);
    const ack = await h.interact(
      viewSubmissionPayload({
        callbackId: view.callback_id,
        privateMetadata: view.private_metadata,
        user: 'UDE',
        values: { a_number: '030 1234567', b_number: '+49 176 1234567' },
      }),
    );
    expect(JSON.parse(ack.body).errors.b_number).toMatch(/Ländervorwahl/);
  });
});

describe('message shortcuts', () => {
  it('"Call this number" opens the modal with B taken from the message', async () => {
    await h.interact(
      messageShortcutPayload({
        callbackId: 'call_this_number',
        text: 'Please ring the client at <tel:+491761234567|+49 176 1234567> today',
        responseUrl: h.slack.responseUrl('m1'),
      }),
    );
    const { view } = await openedModal();
    const b = view.blocks.find((x) => x.block_id === 'b_number');
    expect(b?.element?.initial_value).toBe('+491761234567');
  });

  it('"Rate for this number" answers privately with the rate of the first number', async () => {
    await h.interact(
      messageShortcutPayload({
        callbackId: 'rate_this_number',
        text: 'office 0049 30 1234567, mobile +44 20 7946 0000',
        responseUrl: h.slack.responseUrl('r1'),
      }),
    );
    const answer = await h.slack.waitForCall('response_url', (c) => c.id === 'r1');
    expect(answer.body.response_type).toBe('ephemeral');
    expect(JSON.stringify(answer.body)).toMatch(/Germany/);
  });

  it('a message without a number gets a short private note and no modal', async () => {
    await h.interact(
      messageShortcutPayload({
        callbackId: 'call_this_number',
        text: 'see you at 10',
        responseUrl: h.slack.responseUrl('n1'),
      }),
    );
    const answer = await h.slack.waitForCall('response_url', (c) => c.id === 'n1');
    expect(answer.body.response_type).toBe('ephemeral');
    expect(String(answer.body.text)).toMatch(/found no phone number/);
    expect(h.slack.callsOf('views.open')).toHaveLength(0);
  });
});
