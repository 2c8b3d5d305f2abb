import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFakeCore } from '../../helpers/fake-core.js';
import { type SlackHarness, startHarness } from './harness.js';

/**
 * docs/reliability.md §2.2, Slack modals: open the modal before any lookup that can wait on the network. A
 * `trigger_id` is valid for 3 s; the fake Slack expires the triggers issued so far on cue, while
 * `users.info` is held (a slow Slack API), so the order is what decides whether the user sees a form.
 */
let h: SlackHarness;

beforeEach(async () => {
  h = await startHarness(createFakeCore('slack'), { users: [{ id: 'U1', name: 'alice' }] });
});
afterEach(async () => {
  await h.close();
});

describe('modal opening order', () => {
  it('/tel link in a channel opens the modal while users.info is still slow', async () => {
    const release = h.slack.hold('users.info');
    try {
      await h.command('link', { channel: 'C1', user: 'U1' });
      // Had the modal waited for the held lookup, this would never come.
      const open = await h.slack.waitForCall('views.open');
      expect(open.answer).toMatchObject({ ok: true });
      expect(h.slack.callsOf('users.info')).toHaveLength(0);
    } finally {
      release();
    }
    expect(h.slack.callsOf('views.open')).toHaveLength(1);
  });

  it('the fake refuses an expired trigger, as Slack does', async () => {
    const release = h.slack.hold('views.open');
    await h.command('link', { channel: 'C1', user: 'U1' });
    h.slack.expireTriggers();
    release();
    const open = await h.slack.waitForCall('views.open');
    expect(open.answer).toEqual({ ok: false, error: 'expired_trigger_id' });
  });
});
