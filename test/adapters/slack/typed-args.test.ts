import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFakeCore, type FakeCore } from '../../helpers/fake-core.js';
import {
  globalShortcutPayload,
  messageShortcutPayload,
  viewSubmissionPayload,
} from '../../helpers/fake-slack.js';
import { type SlackHarness, startHarness, waitForForm } from './harness.js';

/**
 * Shortcuts and forms call the core with a command name and typed arguments (Core.runCommand),
 * never with text rebuilt for the core to parse again: a field holding `+49 30 1234567` stays one
 * argument, and no line of text reaches `handleText`.
 */
let core: FakeCore;
let h: SlackHarness;

beforeEach(async () => {
  core = createFakeCore('slack');
  h = await startHarness(core, { users: [{ id: 'U1', name: 'alice' }] });
});
afterEach(async () => {
  await h.close();
});

describe('typed arguments', () => {
  it('"Rate for this number" runs rate with the number found', async () => {
    await h.interact(
      messageShortcutPayload({
        callbackId: 'rate_this_number',
        text: 'office 0049 30 1234567, mobile +44 20 7946 0000',
        responseUrl: h.slack.responseUrl('r1'),
      }),
    );
    await h.slack.waitForCall('response_url', (c) => c.id === 'r1');
    expect(core.runs.map((r) => [r.command, r.args])).toEqual([['rate', ['+49301234567']]]);
    expect(core.runs[0]?.requestId).toBeDefined();
    expect(core.texts).toEqual([]);
  });

  it('the call form runs call with each field as one argument, spaces and all', async () => {
    await h.interact(globalShortcutPayload({ callbackId: 'call_number' }));
    const open = await waitForForm(h.slack);
    const view = open.body.view as { callback_id: string; private_metadata: string };
    await h.interact(
      viewSubmissionPayload({
        callbackId: view.callback_id,
        privateMetadata: view.private_metadata,
        values: { a_number: '+49 30 1234567', b_number: '+49 176 1234567' },
      }),
    );
    expect(core.runs.map((r) => [r.command, r.args])).toEqual([
      ['call', ['+49 30 1234567', '+49 176 1234567']],
    ]);
    expect(core.texts).toEqual([]);
  });

  it('the PIN form runs the command that asked, with the PIN', async () => {
    core.onRun = (input) =>
      input.args.length === 0
        ? [{ text: 'Send the PIN with the command', asksSecret: 'topup' }]
        : [{ text: `ran ${input.command}` }];
    await h.command('topup', { channel: 'C1' });
    const update = await h.slack.waitForCall('views.update');
    const view = update.body.view as { callback_id: string; private_metadata: string };
    expect(view.callback_id).toBe('tel_pin');
    await h.interact(
      viewSubmissionPayload({
        callbackId: view.callback_id,
        privateMetadata: view.private_metadata,
        values: { pin: '1000 0000 01' },
      }),
    );
    expect(core.runs.map((r) => [r.command, r.args])).toEqual([
      ['topup', []],
      ['topup', ['1000 0000 01']],
    ]);
    expect(core.texts).toEqual([]);
  });
});
