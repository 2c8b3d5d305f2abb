import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChannelDriver, DriverFactory } from './driver.js';

/**
 * The money guard's promises on every channel (docs/money-guard.md): a price ceiling refuses before anything
 * is sent, wherever the person asks; and where there is a shared chat (§2), who may approve is asked of the
 * platform at the moment of the press, so no cached answer approves what the platform no longer allows.
 * Rows are skipped by the channel's capabilities, never by its name.
 */

const CARD = '+4917012345678';

const cmd = (d: ChannelDriver, text: string) => {
  const [name = '', ...rest] = text.split(' ');
  return [d.command(name), ...rest].join(' ');
};

export function guardContract(name: string, start: DriverFactory, has: { shared: boolean }): void {
  describe(`money guard promises: ${name}`, () => {
    let d: ChannelDriver;
    beforeEach(async () => {
      d = await start();
    });
    afterEach(async () => {
      await d.close();
    });

    it('a price ceiling refuses a call above it before anything is sent, and one below it is placed', async () => {
      await d.linkDemo('alice');
      await d.say('alice', 'private', cmd(d, 'limit price 0.05'));
      expect(d.privateView('alice')).toMatch(/Price ceiling set to €0\.05 per minute/);
      const placed = () => d.stack.sandbox.stats().received['webcallback.trycallback'] ?? 0;
      await d.say('alice', 'private', cmd(d, 'call +4930111222 +4917612345678'));
      expect(d.privateView('alice')).toMatch(/costs €0\.089 per minute, above the price ceiling of €0\.05/);
      expect(placed(), 'nothing reached the provider').toBe(0);
      await d.say('alice', 'private', cmd(d, 'call +4930111222 +4930555666'));
      expect(placed()).toBe(1);
    });

    it.skipIf(!has.shared)(
      'an admin demoted since their last message (the answer still cached) cannot approve; a current admin can',
      async () => {
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
      },
    );
  });
}
