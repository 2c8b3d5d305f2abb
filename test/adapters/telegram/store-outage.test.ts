import { afterEach, describe, expect, it } from 'vitest';
import { createFakeCore } from '../../helpers/fake-core.js';
import { alice, type Harness, startHarness } from './harness.js';

/**
 * docs/reliability.md §5.2: in polling mode an update cannot be handed back to Telegram, so while the shared store
 * is down (the update's run-once claim fails) the user is told the bot is temporarily unavailable,
 * and the core is not called.
 */
let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('Telegram polling during a store outage', () => {
  it('answers "temporarily unavailable" and runs nothing', async () => {
    const core = createFakeCore('telegram');
    h = await startHarness(core, {
      dedupe: {
        claim: async () => {
          throw Object.assign(new Error('store down'), { code: 'ERR_STORE_UNAVAILABLE' });
        },
      },
    });
    h.telegram.message(alice, '/balance');
    const sent = await h.telegram.waitForCall('sendMessage', (c) => c.payload.chat_id === alice.id);
    expect(String(sent.payload.text)).toContain('temporarily unavailable');
    expect(core.texts).toHaveLength(0);
  });
});
