import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { slackWords } from '../../../src/adapters/slack/words/index.js';
import type { Reply } from '../../../src/core/index.js';
import { createFakeCore, type FakeCore } from '../../helpers/fake-core.js';
import { globalShortcutPayload, type SlackCall, viewSubmissionPayload } from '../../helpers/fake-slack.js';
import { type SlackHarness, startHarness, waitForForm } from './harness.js';

/**
 * A form's answer is shown once (docs/interface.md §4.2): text in the modal while it is open, a
 * reply with buttons in the conversation, and the modal then names where that went, never the
 * same sentence in both places.
 */
let core: FakeCore;
let h: SlackHarness;
const en = slackWords.en;

beforeEach(async () => {
  core = createFakeCore('slack');
  // A short ack budget: the answer below comes after it, as a slow provider's would.
  h = await startHarness(core, { users: [{ id: 'U1', name: 'alice' }] }, { viewAckBudgetMs: 20 });
});
afterEach(async () => {
  await h.close();
});

const said: Reply[] = [
  { text: 'Calling +49 30 1234567 first.' },
  { text: 'Hang up when you are done.', actions: [{ label: 'Hang up', actionId: 'h:1' }] },
];
const json = (value: unknown) => JSON.stringify(value);
const conversation = () =>
  ['response_url', 'chat.postMessage', 'chat.postEphemeral']
    .flatMap((m) => h.slack.callsOf(m))
    .map((c: SlackCall) => json(c.body))
    .join('\n');

/** The call form submitted while the core is still working: `answer` gives its replies. */
async function submitSlowly() {
  let answer: (r: Reply[]) => void = () => undefined;
  core.onRun = () => new Promise<Reply[]>((resolve) => (answer = resolve));
  await h.interact(globalShortcutPayload({ callbackId: 'call_number' }));
  const open = await waitForForm(h.slack);
  const view = open.body.view as { callback_id: string; private_metadata: string };
  // Slack submits the view it opened: the same id, which a later views.update names.
  const viewId = String(open.body.view_id ?? (open.answer?.view as { id?: string } | undefined)?.id);
  const ack = await h.interact(
    viewSubmissionPayload({
      viewId,
      callbackId: view.callback_id,
      privateMetadata: view.private_metadata,
      values: { a_number: '+49 30 1234567', b_number: '+49 176 1234567' },
    }),
  );
  return { ack, viewId, answer: (r: Reply[]) => answer(r) };
}

describe('a form answer with buttons', () => {
  it('the PIN form shows the text; the buttons go to the conversation, each sentence once', async () => {
    core.onRun = () => said;
    await h.command('topup', { channel: 'C1', user: 'U1' });
    const update = await h.slack.waitForCall('views.update');
    await h.slack.waitForCall('response_url', (c) => json(c.body).includes('Hang up when'));
    const modal = json(update.body.view);
    expect(modal).not.toContain('Hang up when');
    expect(conversation()).not.toContain('Calling +49 30 1234567 first.');
    expect(modal).toContain('Calling +49 30 1234567 first.');
    expect(modal).toContain(en.partInConversation);
  });

  it('a late answer to a submitted form: the same, after the "checking" modal', async () => {
    const { ack, answer } = await submitSlowly();
    expect(json(JSON.parse(ack.body))).toContain(en.checking);
    answer(said);
    const update = await h.slack.waitForCall('views.update', (c) => json(c.body).includes('Calling'));
    await h.slack.waitForCall('chat.postMessage', (c) => json(c.body).includes('Hang up when'));
    expect(conversation()).not.toContain('Calling +49 30 1234567 first.');
    const modal = json(update.body.view);
    expect(modal).toContain(en.partInConversation);
    expect(modal).not.toContain('Hang up when');
  });

  it('a late answer to a form closed meanwhile goes to the conversation whole, nothing lost', async () => {
    const { answer, viewId } = await submitSlowly();
    h.slack.closeView(viewId);
    answer(said);
    await h.slack.waitForCall('chat.postMessage', (c) => json(c.body).includes('Hang up when'));
    await h.slack.waitForCall('chat.postMessage', (c) => json(c.body).includes('Calling +49 30'));
    // After the form's own drawing over "one moment": the late update is turned away.
    expect(
      h.slack
        .callsOf('views.update')
        .map((c) => c.answer)
        .slice(1),
    ).toEqual([{ ok: false, error: 'not_found' }]);
  });

  it('a late refusal to a form closed meanwhile reaches the conversation, not lost', async () => {
    const { answer, viewId } = await submitSlowly();
    h.slack.closeView(viewId);
    answer([{ text: 'That B number is not a phone number.', tone: 'error' }]);
    await vi.waitFor(() => expect(conversation()).toContain('That B number is not a phone number.'));
    // After the form's own drawing over "one moment": the late update is turned away.
    expect(
      h.slack
        .callsOf('views.update')
        .map((c) => c.answer)
        .slice(1),
    ).toEqual([{ ok: false, error: 'not_found' }]);
  });
});
