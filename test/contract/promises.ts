import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChannelDriver, DriverFactory, Person } from './driver.js';
import { germanReader } from './surfaces.js';

/**
 * The promises of the surfaces added after the commands (docs/architecture.md §8.3.3): call reports,
 * menus, questions for a secret, alerts and button outcomes keep the same promises as a command's
 * answer, on every channel: never more public than the answer, no deletion claimed that the
 * channel did not carry out, the recipient's language at sending time, a way back on every screen,
 * and no sentence twice.
 */

const A = '+4930123456';
const B = '+4917612345678';

const cmd = (d: ChannelDriver, text: string) => {
  const [name = '', ...rest] = text.split(' ');
  return [d.command(name), ...rest].join(' ');
};

const everywhere = (d: ChannelDriver) =>
  [d.sharedView(), d.privateView('alice'), d.ephemeralView('alice'), d.privateView('bob')].join('\n');

/** Every call report waiting is due now (the clock of the report is not the test's concern). */
async function reportsDue(d: ChannelDriver): Promise<void> {
  const past = new Date(Date.now() - 1000).toISOString();
  const store = d.stack.stores.proactive.callReports;
  for await (const r of store.list()) await store.put({ ...r, nextCheckAt: past, giveUpAt: past });
}

/** How many messages (one a line of text; a view's markup lines aside) start with `sentence`. */
const times = (text: string, sentence: string) =>
  text.split('\n').filter((line) => line.startsWith(sentence)).length;

export function promisesContract(
  name: string,
  start: DriverFactory,
  has: { shared: boolean; deletes: boolean; forms: boolean; menus?: boolean },
): void {
  describe(`promises of every surface: ${name}`, () => {
    let d: ChannelDriver;
    beforeEach(async () => {
      d = await start();
      await d.linkDemo('alice');
    });
    afterEach(async () => {
      await d.close();
    });

    it.skipIf(!has.shared)('a call and its report are never more public than the call’s answer', async () => {
      await d.say('alice', 'shared', cmd(d, `call ${A} ${B}`));
      expect(d.sharedView()).not.toContain(B.slice(1));
      await d.press('alice', 'shared', 'Hang up');
      await reportsDue(d);
      await d.stack.proactive.checkCallReports();
      expect(d.sharedView()).not.toContain(B.slice(1));
      expect(d.sharedView()).not.toMatch(/Call ended/);
      expect(d.privateView('alice') + d.ephemeralView('alice')).toMatch(/Call ended/);
    });

    it.skipIf(has.deletes)('no message claims a deletion this channel cannot carry out', async () => {
      await d.say('alice', 'private', cmd(d, 'topup'));
      if (d.linksByConversation)
        for (const line of ['/link', 'demo', 'demo']) await d.say('alice', 'private', line);
      if (has.shared) await d.say('alice', 'shared', cmd(d, 'topup'));
      // A SIP password shown privately stays: nothing says it goes away later. A channel that
      // never holds one says where to read it instead.
      await d.say('alice', 'private', cmd(d, 'lines'));
      if (d.holdsSecrets === false) expect(d.privateView('alice')).toMatch(/never given to an assistant/);
      else expect(d.privateView('alice')).toContain('sip-demo-1');
      expect(everywhere(d)).not.toMatch(/delete|deleted/i);
    });

    // A channel without menus (an assistant's tools) has no screen to keep a way back on.
    it.skipIf(has.menus === false)(
      'an unlinked user is refused before any secret is asked, and keeps a way back',
      async () => {
        const who: Person = d.onePerson ? 'alice' : 'bob';
        if (d.onePerson) await d.stack.stores.credentials.delete(`${d.name}::alice`);
        await d.say(who, 'private', cmd(d, 'start'));
        await d.press(who, 'private', '💳 Top up');
        const seen = d.privateView(who);
        expect(seen).not.toMatch(/PIN from your card/);
        expect(seen).toMatch(/not linked/i);
        // The refusal replaced the menu: Back is still there.
        await d.press(who, 'private', '⬅️ Back');
        await d.press(who, 'private', '💰 Balance');
        expect(d.privateView(who)).not.toMatch(/[0-9]+[.,][0-9]{2} ?€|€[0-9]/);
        await d.press(who, 'private', '⬅️ Back');
      },
    );

    it.skipIf(!has.forms)(
      'where passwords go into a form, no message sends people to “a private chat”',
      async () => {
        for (const text of ['balance', 'accounts', 'start', 'card show +4917012345678'])
          await d.say('bob', 'private', cmd(d, text));
        await d.say('bob', 'shared', cmd(d, 'balance'));
        const seen = [d.sharedView(), d.privateView('bob')].join('\n');
        expect(seen).toMatch(/not linked|No account/i);
        expect(seen).not.toMatch(/private chat/i);
      },
    );

    it.skipIf(!has.forms)(
      'a PIN is asked only in a private form, and only once the account is known to be linked',
      async () => {
        await d.say('alice', 'shared', cmd(d, 'topup'));
        await d.say('bob', 'shared', cmd(d, 'topup'));
        const forms = d.forms?.() ?? '';
        // Alice's form asks for the PIN; Bob, who has no account, is told to link one instead, in a
        // form or a message only he sees (a Teams targeted card), never in the shared chat.
        expect(d.pinFormsAsked?.()).toBe(1);
        expect([forms, d.ephemeralView('bob')].join('\n')).toMatch(/not linked/);
        expect(d.sharedView()).not.toMatch(/not linked/);
        const messages = [everywhere(d), d.ephemeralView('bob')].join('\n');
        expect(messages).not.toMatch(/PIN/);
      },
    );

    it('an alert speaks the language its recipient chose after setting it', async () => {
      await d.say('alice', 'private', cmd(d, 'alert 5'));
      await d.say('alice', 'private', cmd(d, 'language de'));
      d.stack.sandbox.setBalance('demo', '4,00');
      expect((await d.stack.proactive.sweepAlerts()).alerted).toBe(1);
      const seen = d.privateView('alice');
      expect(seen).toMatch(/Guthaben niedrig/);
      expect(seen).not.toMatch(/Low balance/);
    });

    it('bad input is answered in the recipient’s language, naming the fix, in a private and a shared chat', async () => {
      const who = await germanReader(d);
      await d.say(who, 'private', cmd(d, 'spend abc'));
      if (has.shared) await d.say(who, 'shared', cmd(d, 'spend abc'));
      const theirs = d.messages(who);
      expect(theirs.filter((m) => m.includes('Geben Sie einen Zeitraum an'))).toHaveLength(
        has.shared ? 2 : 1,
      );
      expect(theirs.join('\n')).not.toMatch(/give a period/i);
    });

    it.skipIf(!has.shared)('a confirmation in a shared chat says each sentence once', async () => {
      await d.say('alice', 'shared', cmd(d, 'card block +4917012345678'));
      await d.press('alice', 'shared', 'Confirm');
      const sentence = 'Done: the result was sent to you privately';
      const alice = [d.sharedView(), d.privateView('alice')].join('\n');
      expect(times(alice, sentence)).toBeLessThanOrEqual(1);
      expect(alice).toMatch(/blocked/);
    });
  });
}
