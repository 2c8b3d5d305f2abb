import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChannelDriver, DriverFactory } from './driver.js';

/**
 * A button that can no longer act cannot act (docs/interface.md §2.6), on every channel that
 * declares disabled buttons (`pressDisabled`); the others show a line instead and skip.
 */

const CARD = '+4917012345678';

const cmd = (d: ChannelDriver, text: string) => {
  const [name = '', ...rest] = text.split(' ');
  return [d.command(name), ...rest].join(' ');
};

export function disabledButtonsContract(name: string, start: DriverFactory): void {
  describe(`disabled buttons: ${name}`, () => {
    let d: ChannelDriver;
    beforeEach(async () => {
      d = await start();
    });
    afterEach(async () => {
      await d.close();
    });

    it('a decided approval request keeps a disabled "Decided": tapping it sends nothing and changes nothing', async (ctx) => {
      if (!d.pressDisabled || !d.hasSharedChat) ctx.skip();
      await d.linkDemo('bob');
      await d.say('alice', 'shared', cmd(d, 'approvals on card block'));
      await d.say('bob', 'shared', cmd(d, `card block ${CARD}`));
      await d.press('alice', 'shared', 'Approve', 'bob');
      const blocks = () => d.stack.sandbox.stats().received['mycard-v2.blockcard'] ?? 0;
      expect(blocks()).toBe(1);
      const done = d.sharedView();
      expect(done).toMatch(/Approved by \w+\. Done\./);
      expect(await d.pressDisabled!('carol', 'shared', 'Decided', 'bob'), 'the platform sends nothing').toBe(
        false,
      );
      expect(d.sharedView()).toBe(done);
      expect(blocks()).toBe(1);
    });
  });
}
