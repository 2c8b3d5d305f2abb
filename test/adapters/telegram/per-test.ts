import { afterEach } from 'vitest';
import type { TelegramChannelOptions } from '../../../src/adapters/telegram/index.js';
import { createFakeCore, type FakeCore } from '../../helpers/fake-core.js';
import { FakeTelegram, type FakeTelegramOptions } from '../../helpers/fake-telegram.js';
import { createTestStack, type TestStack, type TestStackOptions } from '../../helpers/stack.js';
import { alice, type Harness, startHarness } from './harness.js';

/** A set-up retry that does not wait (an older server's 404s at start are retried at once). */
const NO_WAIT = { sleep: async () => {} };

/**
 * The Telegram channel on real grammY against a fake Bot API, started per test and closed after it
 * (this registers the `afterEach`): `onStack` on the real core over a test stack, Alice linked to the
 * sandbox's demo account; `onFakeCore` on the fake core. `telegram` is the fake Bot API's options
 * (`{ older: true }`: a server without the 10.x methods), started and closed here.
 */
export function telegramPerTest() {
  const opened: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    for (const one of opened.splice(0).reverse()) await one.close();
  });
  const fake = async (options: FakeTelegramOptions = {}) => {
    const telegram = await FakeTelegram.start(options);
    opened.push(telegram);
    return telegram;
  };
  return {
    async onStack(
      o: {
        stack?: TestStackOptions;
        channel?: Partial<TelegramChannelOptions>;
        telegram?: FakeTelegramOptions;
      } = {},
    ): Promise<{ stack: TestStack; h: Harness; telegram: FakeTelegram }> {
      const stack = await createTestStack(o.stack);
      opened.push(stack);
      const telegram = await fake(o.telegram);
      const channel = { dedupe: stack.stores.dedupe, setupRetry: NO_WAIT, ...o.channel };
      const h = await startHarness(stack.core, channel, { telegram });
      opened.push(h);
      await stack.linkDemo({ platform: 'telegram', tenant: '', user: String(alice.id) });
      return { stack, h, telegram };
    },
    async onFakeCore(
      telegramOptions: FakeTelegramOptions = {},
      channel: Partial<TelegramChannelOptions> = {},
    ): Promise<{ core: FakeCore; h: Harness; telegram: FakeTelegram }> {
      const core = createFakeCore('telegram');
      const telegram = await fake(telegramOptions);
      const h = await startHarness(core, { setupRetry: NO_WAIT, ...channel }, { telegram });
      opened.push(h);
      return { core, h, telegram };
    },
  };
}
