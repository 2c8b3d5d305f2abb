import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFakeCore, type FakeCore } from '../../helpers/fake-core.js';
import { globalShortcutPayload, viewSubmissionPayload } from '../../helpers/fake-slack.js';
import { type SlackHarness, startHarness, waitForForm } from './harness.js';

/**
 * A form submission Slack delivers again (`X-Slack-Retry-Num`) runs once, and its claim in the
 * shared store is keyed by the submission's trigger, never by a digest of a body that holds a
 * password or a PIN (docs/privacy.md §2.4; docs/reliability.md §2.2).
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

describe('a retried form submission', () => {
  it('runs once, claimed by its trigger', async () => {
    await h.interact(globalShortcutPayload({ callbackId: 'call_number' }));
    const open = await waitForForm(h.slack);
    const view = open.body.view as { callback_id: string; private_metadata: string };
    const payload = viewSubmissionPayload({
      callbackId: view.callback_id,
      privateMetadata: view.private_metadata,
      values: { a_number: '+49 30 1234567', b_number: '+49 176 1234567' },
    }) as { trigger_id: string };
    await h.interact(payload);
    await h.interact(payload, { 'x-slack-retry-num': '1', 'x-slack-retry-reason': 'http_timeout' });
    const views = h.dedupe.claims.filter((c) => c.key.startsWith('slack:view:'));
    expect(views).toEqual([
      { key: `slack:view:T1:${payload.trigger_id}`, won: true },
      { key: `slack:view:T1:${payload.trigger_id}`, won: false },
    ]);
    expect(core.runs.filter((r) => r.command === 'call')).toHaveLength(1);
  });
});
