import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestStack, type TestStack } from '../../helpers/stack.js';
import { type SlackHarness, startHarness } from './harness.js';

/**
 * docs/reliability.md §5.2: while the shared store is down, a Slack slash command cannot be claimed (run once).
 * Slack does not redeliver slash commands, so the user is told at once that the bot is
 * temporarily unavailable, and nothing runs.
 */
let stack: TestStack;
let h: SlackHarness;
beforeEach(async () => {
  stack = await createTestStack();
  h = await startHarness(stack.core, {
    users: [
      { id: 'U1', name: 'alice' },
      { id: 'U2', name: 'grete', locale: 'de-DE' },
    ],
  });
  await stack.linkDemo({ platform: 'slack', tenant: 'T1', user: 'U1' });
});
afterEach(async () => {
  await h.close();
  await stack.close();
});

describe('Slack during a store outage', () => {
  it('a slash command is answered "temporarily unavailable" and nothing runs', async () => {
    h.dedupe.claim = async () => {
      throw Object.assign(new Error('store down'), { code: 'ERR_STORE_UNAVAILABLE' });
    };
    const sent = await h.command('call +4930123456 +4917612345678');
    expect(sent.status).toBe(200);
    const [answer] = await h.slack.waitForCalls('response_url', 1, (c) => c.id === sent.responseId);
    expect(String(answer?.body.text)).toContain('temporarily unavailable');
    expect(stack.sandbox.stats().received['webcallback.trycallback'] ?? 0).toBe(0);
  });

  const storeDown = () => {
    h.dedupe.claim = async () => {
      throw Object.assign(new Error('store down'), { code: 'ERR_STORE_UNAVAILABLE' });
    };
  };

  it('a German user is told in German (docs/architecture.md §8.3.3: the recipient’s language)', async () => {
    storeDown();
    const sent = await h.command('balance', { user: 'U2' });
    const [answer] = await h.slack.waitForCalls('response_url', 1, (c) => c.id === sent.responseId);
    expect(String(answer?.body.text)).toContain('vorübergehend nicht erreichbar');
    expect(String(answer?.body.text)).not.toContain('temporarily unavailable');
  });

  it('a user whose language Slack cannot tell is told in every language the bot speaks', async () => {
    storeDown();
    const sent = await h.command('balance', { user: 'U9' });
    const [answer] = await h.slack.waitForCalls('response_url', 1, (c) => c.id === sent.responseId);
    expect(String(answer?.body.text)).toContain('temporarily unavailable');
    expect(String(answer?.body.text)).toContain('vorübergehend nicht erreichbar');
  });
});
