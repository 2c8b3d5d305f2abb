import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { slackWords } from '../../../src/adapters/slack/words/index.js';
import { de, en } from '../../../src/core/messages.js';
import {
  buttonPressPayload,
  homeButtonPayload,
  type SlackCall,
  viewSubmissionPayload,
} from '../../helpers/fake-slack.js';
import { createTestStack, type TestStack } from '../../helpers/stack.js';
import { type SlackHarness, startHarness } from './harness.js';

/**
 * `/tel topup` without a PIN (docs/architecture.md §8.3.3): on Slack a secret is asked only in a form,
 * never in a message. The form opens on the command's trigger_id before any lookup (3 s), first as
 * "one moment" while the core checks there is an account to top up, then as the PIN form, in the
 * user's language; its submission runs `topup` with the PIN as a typed argument.
 */
let stack: TestStack;
let h: SlackHarness;

beforeEach(async () => {
  stack = await createTestStack();
  h = await startHarness(stack.core, {
    users: [
      { id: 'U1', name: 'alice' },
      { id: 'UDE', name: 'greta', locale: 'de-DE', tz: 'Europe/Berlin' },
      { id: 'U9', name: 'nobody' },
    ],
  });
  await stack.linkDemo({ platform: 'slack', tenant: 'T1', user: 'U1' });
  await stack.linkDemo({ platform: 'slack', tenant: 'T1', user: 'UDE' });
});

afterEach(async () => {
  expect(h.slack.refusedPayloads().map((c) => c.refused)).toEqual([]);
  await h.close();
  await stack.close();
});

type View = { callback_id?: string; private_metadata: string; blocks: { block_id?: string }[] };
const viewOf = (call: SlackCall) => call.body.view as View;
const json = (value: unknown) => JSON.stringify(value);
/** Everything the bot said in messages (response_url posts, Web API posts). */
const messages = () =>
  json(
    h.slack.calls.filter((c) =>
      ['response_url', 'chat.postMessage', 'chat.postEphemeral'].includes(c.method),
    ),
  );

/** The PIN form the modal became, once the core asked for it. */
async function pinForm(): Promise<View> {
  const update = await h.slack.waitForCall('views.update', (c) => viewOf(c).callback_id === 'tel_pin');
  return viewOf(update);
}

function submitPin(view: View, pin: string, user = 'U1') {
  return h.interact(
    viewSubmissionPayload({
      callbackId: 'tel_pin',
      privateMetadata: view.private_metadata,
      user,
      values: { pin },
    }),
  );
}

describe('/tel topup without a PIN', () => {
  it('opens a form on the command’s trigger at once, which becomes the PIN form; no message asks', async () => {
    const release = h.slack.hold('users.info');
    try {
      await h.command('topup', { channel: 'C1', user: 'U1', triggerId: 'trigger.9000.c' });
      const open = await h.slack.waitForCall('views.open');
      // Opened before any lookup that waits on Slack, so the 3 s of the trigger cannot pass first.
      expect(open.body.trigger_id).toBe('trigger.9000.c');
      expect(open.answer).toMatchObject({ ok: true });
      expect(h.slack.callsOf('users.info')).toHaveLength(0);
      // Slack's 3 s pass while users.info is slow: the form is an update of the open view, no new trigger.
      h.slack.expireTriggers();
    } finally {
      release();
    }
    const form = await pinForm();
    expect(form.blocks.map((b) => b.block_id)).toContain('pin');
    expect(json(form)).toContain(slackWords.en.pinIntro);
    expect(messages()).not.toMatch(/PIN/);
  });

  it('the submission runs topup with the PIN: confirmed first, then applied once', async () => {
    await h.command('topup', { channel: 'C1', user: 'U1' });
    const ack = await submitPin(await pinForm(), '1000000001');
    expect(ack.body).toBe('');
    const ask = await h.slack.waitForCall('response_url', (c) => json(c.body).includes(en.topupConfirm));
    expect(ask.body.response_type).toBe('ephemeral');
    expect(json(ask.body)).not.toContain('1000000001');
    const confirm = /"action_id":"(c:[^"]+)"/.exec(json(ask.body))?.[1];
    expect(confirm).toBeDefined();
    await h.interact(
      buttonPressPayload({ actionId: confirm!, channel: 'C1', responseUrl: h.slack.responseUrl('p1') }),
    );
    await h.slack.waitForCall('response_url', (c) => c.id === 'p1' && json(c.body).includes(en.topupDone));
    expect(stack.sandbox.stats().handled.topup).toBe(1);
  });

  it('a bad PIN is refused inline with the command’s own fix; nothing is sent', async () => {
    await h.command('topup', { channel: 'C1', user: 'U1' });
    const ack = await submitPin(await pinForm(), '12ab');
    const body = JSON.parse(ack.body) as { response_action: string; errors: Record<string, string> };
    expect(body.response_action).toBe('errors');
    expect(body.errors.pin).toContain(en.vPin.slice(1));
    expect(stack.sandbox.stats().received).not.toHaveProperty('topup');
  });

  it('speaks the user’s language: labels and inline errors in German', async () => {
    await h.command('topup', { channel: 'DUDE', user: 'UDE' });
    const form = await pinForm();
    expect(json(form)).toContain(slackWords.de.pinTitle);
    expect(json(form)).toContain(slackWords.de.pinHint);
    const ack = await submitPin(form, 'abc', 'UDE');
    expect((JSON.parse(ack.body) as { errors: Record<string, string> }).errors.pin).toContain(
      de.vPin.slice(1),
    );
  });

  it('an unlinked user is told to link first, and no PIN is asked at all', async () => {
    await h.command('topup', { channel: 'C1', user: 'U9' });
    const update = await h.slack.waitForCall('views.update');
    expect(json(viewOf(update))).toMatch(/not linked an account/);
    expect(viewOf(update).blocks.map((b) => b.block_id)).not.toContain('pin');
    expect(h.slack.calls.some((c) => c.method.startsWith('views.') && json(c.body).includes('tel_pin'))).toBe(
      false,
    );
    expect(messages()).not.toMatch(/PIN/);
  });

  it('an unlinked user who closed the form meanwhile still hears why, in the conversation', async () => {
    const release = h.slack.hold('users.info');
    try {
      await h.command('topup', { channel: 'C1', user: 'U9' });
      const open = await h.slack.waitForCall('views.open');
      h.slack.closeView(String((open.answer?.view as { id?: string } | undefined)?.id));
    } finally {
      release();
    }
    const told = await h.slack.waitForCall('response_url', (c) => json(c.body).includes('not linked'));
    expect(told.body.response_type).toBe('ephemeral');
    expect(messages()).not.toMatch(/PIN/);
  });

  it('when the trigger expired before the form could open, the words say how to send it safely', async () => {
    const release = h.slack.hold('views.open');
    await h.command('topup', { channel: 'C1', user: 'U1' });
    h.slack.expireTriggers();
    release();
    const refused = await h.slack.waitForCall('views.open');
    expect(refused.answer).toEqual({ ok: false, error: 'expired_trigger_id' });
    const words = await h.slack.waitForCall('response_url', (c) => json(c.body).includes('PIN'));
    expect(words.body.response_type).toBe('ephemeral');
    expect(json(words.body)).toContain('/tel topup 1234567890');
    expect(json(words.body)).not.toMatch(/delete/i);
  });
});

describe('a retried /tel topup', () => {
  it('opens one form and asks once: Slack refuses a trigger exchanged already, the claim drops the retry', async () => {
    await h.command('topup', { channel: 'C1', user: 'U1', triggerId: 'trigger.9100.c' });
    await pinForm();
    await h.command('topup', {
      channel: 'C1',
      user: 'U1',
      triggerId: 'trigger.9100.c',
      headers: { 'x-slack-retry-num': '1', 'x-slack-retry-reason': 'http_timeout' },
    });
    await h.dedupe.decided(2);
    const opens = h.slack.callsOf('views.open');
    expect(opens.map((c) => c.answer?.ok)).toEqual([true, false]);
    expect(opens[1]?.answer).toMatchObject({ error: 'exchanged_trigger_id' });
    expect(h.dedupe.claims.map((c) => c.won)).toEqual([true, false]);
    const forms = h.slack.callsOf('views.update').filter((c) => viewOf(c).callback_id === 'tel_pin');
    expect(forms).toHaveLength(1);
  });
});

describe('Top up buttons', () => {
  it('the menu’s Top up in the DM with the app opens the PIN form on the press’s trigger', async () => {
    const press = buttonPressPayload({
      actionId: 'm:topup',
      channel: 'DU1',
      responseUrl: h.slack.responseUrl('t1'),
    }) as { trigger_id: string };
    await h.interact(press);
    const open = await h.slack.waitForCall('views.open');
    expect(open.body.trigger_id).toBe(press.trigger_id);
    expect(viewOf(open).callback_id).toBe('tel_pin');
    expect(messages()).not.toMatch(/PIN/);
  });

  it('Top up on the Home tab opens the PIN form, whose answers go to the DM with the app', async () => {
    await h.interact(homeButtonPayload({ actionId: 'm:topup' }));
    const open = await h.slack.waitForCall('views.open');
    const form = viewOf(open);
    expect(form.callback_id).toBe('tel_pin');
    expect(JSON.parse(form.private_metadata)).toMatchObject({ channel: 'DU1', command: 'topup' });
    await submitPin(form, '1000000001');
    const ask = await h.slack.waitForCall('chat.postMessage', (c) => json(c.body).includes(en.topupConfirm));
    expect(ask.body.channel).toBe('DU1');
  });

  it('Top up on the Home tab says nothing of sending the PIN with the command once its form opened', async () => {
    await h.interact(homeButtonPayload({ actionId: 'm:topup' }));
    await h.slack.waitForCall('views.open', (c) => viewOf(c).callback_id === 'tel_pin');
    // Stopping waits for the press's work to end: whatever it would still publish is in the calls.
    await h.channel.stop();
    const said = json(h.slack.calls.filter((c) => c.method !== 'views.open'));
    expect(said).not.toContain(en.promptPinInCommand.slice(0, 30));
    expect(said).not.toContain('1234567890');
    // The tab under the form shows the home screen, its menu with it.
    const [tab] = h.slack.callsOf('views.publish');
    expect(json(tab?.body)).toContain('m:topup');
  });

  it('Top up on the Home tab whose trigger expired tells how to send the PIN safely, in the tab', async () => {
    const release = h.slack.hold('views.open');
    await h.interact(homeButtonPayload({ actionId: 'm:topup' }));
    h.slack.expireTriggers();
    release();
    const refused = await h.slack.waitForCall('views.open');
    expect(refused.answer).toEqual({ ok: false, error: 'expired_trigger_id' });
    const tab = await h.slack.waitForCall('views.publish', (c) => json(c.body).includes('PIN'));
    expect(json(tab.body)).toContain('/tel topup 1234567890');
    expect(json(tab.body)).not.toMatch(/delete/i);
  });
});
