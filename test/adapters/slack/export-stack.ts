import { afterEach, expect } from 'vitest';
import { seedSpread } from '../../core/export-seed.js';
import { createTestStack, type TestStack } from '../../helpers/stack.js';
import { type SlackHarness, startHarness } from './harness.js';

/**
 * The stack Slack's export tests share: 40 calls a day from Sep 1 to Oct 31, 2026, a clock standing
 * still after them (so nothing depends on the hour), alice (U1, UTC) linked; after each test the fake
 * Web API must have refused no payload, and everything is closed.
 */
export function slackExportStack(): () => Promise<SlackHarness> {
  let stack: TestStack | undefined;
  let h: SlackHarness | undefined;
  afterEach(async () => {
    expect(h?.slack.refusedPayloads().map((c) => c.refused) ?? []).toEqual([]);
    await h?.close();
    await stack?.close();
    h = undefined;
    stack = undefined;
  });
  return async () => {
    const now = new Date('2026-11-28T12:00:00Z');
    stack = await createTestStack({ clock: () => now, sandbox: { data: seedSpread('2026-09-01', 61, 40) } });
    h = await startHarness(stack.core, { users: [{ id: 'U1', name: 'alice', tz: 'UTC' }] });
    await stack.linkDemo({ platform: 'slack', tenant: 'T1', user: 'U1' });
    return h;
  };
}
