import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChannelDriver, DriverFactory } from './driver.js';

/**
 * The money guard's promises on every channel with a shared chat (docs/money-guard.md §2): who may approve is
 * asked of the platform at the moment of the press, so no cached answer approves what the platform
 * no longer allows.
 */

const CARD = '+4917012345678';

const cmd = (d: ChannelDriver, text: string) => {
  const [name = '', ...rest] = text.split(' ');
  return [d.command(name), ...rest].join(' ');
};

export function guardContract(name: string, start: DriverFactory): void {
  describe(`money guard promises: ${name}`, () => {
    let d: ChannelDriver;
    beforeEach(async () => {
      d = await start();
    });
    afterEach(async () => {
      await d.close();
    });

    it('an admin demoted since their last message (the answer still cached) cannot approve; a current admin can', async () => {
      await d.linkDemo('bob');
      // Alice's admin role is looked up (and cached) here.
      await d.say('alice', 'shared', cmd(d, 'approvals on card block'));
      await d.say('bob', 'shared', cmd(d, `card block ${CARD}`));
      const asked = d.sharedView();
      expect(asked).toMatch(/asks to block the card …5678/);
      const blocks = () => d.stack.sandbox.stats().received['mycard-v2.blockcard'] ?? 0;
      d.demote?.('alice');
      await d.press('alice', 'shared', 'Approve', 'bob');
      expect(blocks(), 'a demoted admin’s press runs nothing').toBe(0);
      expect(d.sharedView(), 'the request is still open').toBe(asked);
      await d.press('carol', 'shared', 'Approve', 'bob');
      expect(blocks()).toBe(1);
      expect(d.sharedView()).toMatch(/Approved by \w+\. Done\./);
    });
  });
}
