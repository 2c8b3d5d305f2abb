import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ChannelDriver, type DriverFactory, SEEDED_CALLS } from './driver.js';

/**
 * The adapter contract (docs/privacy.md §5): the product's promises, stated once and kept by every channel
 * (after Vercel Chat SDK's `packages/tests/src/*-contract.ts`). A scenario that needs what a
 * channel does not have (a shared chat, deletable input, an audit thread) is skipped there, and
 * the README's table says so.
 */

const BALANCE = '18.40';
const DIAL_IN = '4930120012300';
const CARD = '+4917012345678';

/** A command as this channel's user types it, with arguments. */
const cmd = (d: ChannelDriver, text: string) => {
  const [name = '', ...rest] = text.split(' ');
  return [d.command(name), ...rest].join(' ');
};

/** Everything any member can read, wherever it is. */
const everywhere = (d: ChannelDriver) =>
  [
    d.sharedView(),
    d.privateView('alice'),
    d.ephemeralView('alice'),
    d.privateView('bob'),
    d.ephemeralView('bob'),
  ].join('\n');

export function adapterContract(
  name: string,
  start: DriverFactory,
  has: { shared: boolean; deletes: boolean; thread: boolean },
): void {
  describe(`adapter contract: ${name}`, () => {
    let d: ChannelDriver;
    beforeEach(async () => {
      d = await start();
      await d.linkDemo('alice');
    });
    afterEach(async () => {
      await d.close();
    });

    it.skipIf(!has.shared)('personal replies never reach a shared chat', async () => {
      for (const text of ['balance', 'numbers', 'accounts', 'start', 'help', 'cancel'])
        await d.say('alice', 'shared', cmd(d, text));
      const shared = d.sharedView();
      expect(shared).not.toContain(BALANCE);
      expect(shared).not.toContain(DIAL_IN);
      expect(shared).not.toContain('demo-cards');
      expect(shared).not.toMatch(/linked as/i);
      expect(shared).not.toMatch(/What it does/);
      const mine = d.privateView('alice');
      expect(mine).toContain(BALANCE);
      expect(mine).toContain(DIAL_IN);
      expect(mine).toContain('demo-cards');
    });

    it('personal replies reach their owner in a private chat', async () => {
      for (const text of ['balance', 'numbers']) await d.say('alice', 'private', cmd(d, text));
      expect(d.privateView('alice')).toContain(BALANCE);
      expect(d.privateView('alice')).toContain(DIAL_IN);
    });

    it.skipIf(!has.shared)('a link result names the account only to its owner', async () => {
      await d.linkDemo('bob');
      await d.say('bob', 'shared', cmd(d, 'link'));
      if (d.linksByConversation) {
        // Telegram links in the private chat, by conversation.
        for (const text of ['/link', 'demo', 'demo']) await d.say('bob', 'private', text);
      }
      expect(d.privateView('bob')).toMatch(/Linked "demo"/);
      expect(d.sharedView()).not.toMatch(/Linked "demo"/);
    });

    it.skipIf(!has.shared)(
      'secrets never appear inside a shared chat, not even to their owner there',
      async () => {
        await d.say('alice', 'shared', cmd(d, 'card create +4917088888888 5.00 Contract Test'));
        await d.press('alice', 'shared', 'Confirm');
        const pin = /PIN\b[^0-9]{0,24}(\d{6,})/.exec(d.privateView('alice'))?.[1];
        expect(pin, 'the new card PIN reached its owner privately').toBeDefined();
        await d.say('alice', 'shared', cmd(d, 'lines'));
        for (const where of [d.sharedView(), d.ephemeralView('alice')]) {
          expect(where).not.toContain(pin);
          expect(where).not.toContain('sip-demo-1');
        }
      },
    );

    it.skipIf(!has.shared)(
      'a message carrying a secret is deleted, whether it ran, was refused or failed to parse',
      async () => {
        const secrets: [string, string][] = [
          ['alice', 'topup 1000000002'],
          ['alice', 'link demo hunter2-contract'],
          ['bob', `card activate ${CARD} 77665544`],
          ['alice', 'topup 12 34 56'],
        ];
        for (const [who, text] of secrets) {
          await d.say(who as 'alice' | 'bob', 'shared', cmd(d, text));
          if (has.deletes) expect(d.lastInputDeleted(who as 'alice' | 'bob', 'shared'), text).toBe(true);
        }
        for (const value of ['1000000002', 'hunter2-contract', '77665544'])
          expect(everywhere(d)).not.toContain(value);
      },
    );

    it.skipIf(!has.deletes)('a secret typed in a private chat is deleted too', async () => {
      await d.say('alice', 'private', cmd(d, 'topup 1000000003'));
      expect(d.lastInputDeleted('alice', 'private')).toBe(true);
    });

    it('errors never echo a secret', async () => {
      for (const text of [
        'topup 99999999999',
        `card activate ${CARD} 99999999999`,
        'link demo hunter2-contract',
      ])
        await d.say('alice', 'private', cmd(d, text));
      await d.press('alice', 'private', 'Confirm');
      expect(d.privateView('alice')).toMatch(/not valid|PIN/);
      expect(everywhere(d)).not.toContain('99999999999');
      expect(everywhere(d)).not.toContain('hunter2-contract');
    });

    it('a confirmation works once for its owner', async () => {
      const balance = () => d.stack.sandbox.state.balance('demo')!.minor;
      const before = balance();
      await d.say('alice', 'private', cmd(d, 'topup 1000000001'));
      await d.press('alice', 'private', 'Confirm');
      await d.pressAgain('alice');
      expect(d.stack.sandbox.stats().received.topup).toBe(1);
      expect(balance()).toBeGreaterThan(before);
      expect(d.privateView('alice')).toMatch(/Topped up/);
    });

    it.skipIf(!has.shared)(
      'a confirmation in a shared chat is owner-only, single-use, and ends with a public outcome',
      async () => {
        await d.linkDemo('bob');
        await d.say('alice', 'shared', cmd(d, 'groupdata on'));
        await d.say('alice', 'shared', cmd(d, `card block ${CARD}`));
        const asked = d.sharedView();
        expect(asked).toMatch(/Block the card/);
        await d.press('bob', 'shared', 'Confirm', 'alice');
        expect(d.stack.sandbox.state.card(CARD.slice(1))?.state).toBe('active');
        expect(d.sharedView(), 'a stranger’s press changes nothing').toBe(asked);
        await d.press('alice', 'shared', 'Confirm');
        expect(d.stack.sandbox.state.card(CARD.slice(1))?.state).toBe('blocked');
        const done = d.sharedView();
        expect(done).not.toMatch(/Working on it/);
        expect(done).toMatch(/blocked/);
        await d.pressAgain('bob');
        expect(d.sharedView(), 'a stranger’s press on a used confirmation changes nothing').toBe(done);
      },
    );

    it.skipIf(!has.shared)(
      'a confirmation of personal data never leaves the chat at "Working on it…"',
      async () => {
        await d.say('alice', 'shared', cmd(d, `card block ${CARD}`));
        await d.press('alice', 'shared', 'Confirm');
        expect(d.stack.sandbox.state.card(CARD.slice(1))?.state).toBe('blocked');
        expect(d.sharedView()).not.toMatch(/Working on it/);
        expect(d.sharedView()).not.toMatch(/4917012345678/);
        expect(d.privateView('alice') + d.ephemeralView('alice')).toMatch(/blocked/);
      },
    );

    it.skipIf(!has.shared)('the group setting behaves the same on every platform', async () => {
      await d.say('alice', 'shared', cmd(d, 'balance'));
      expect(d.sharedView()).not.toContain(BALANCE);
      await d.say('alice', 'shared', cmd(d, 'groupdata on'));
      expect(d.sharedView()).toMatch(/may now be shown/);
      await d.say('alice', 'shared', cmd(d, 'balance'));
      expect(d.sharedView()).toContain(BALANCE);
      await d.say('alice', 'shared', cmd(d, 'groupdata off'));
      const before = d.sharedView();
      await d.say('alice', 'shared', cmd(d, 'numbers'));
      expect(d.sharedView().slice(before.length)).not.toContain(DIAL_IN);
    });

    it.skipIf(!has.thread)(
      'audit records go only to support channels, naming actor, action, target and outcome',
      async () => {
        await d.linkDemo('bob');
        await d.say('alice', 'shared', cmd(d, 'call +4930123456 +4917612345678'));
        await d.say('alice', 'shared', cmd(d, 'topup 1000000001'));
        await d.press('alice', 'shared', 'Confirm');
        expect(d.auditThread(), 'a plain channel gets no audit thread').toEqual([]);
        await d.makeSupportChannel(['bob']);
        await d.say('bob', 'shared', cmd(d, `card block ${CARD}`));
        await d.press('bob', 'shared', 'Confirm');
        const records = d.auditThread().join('\n');
        expect(records).toContain(d.shownAs?.('bob') ?? 'shownAs');
        expect(records).toMatch(/card block \+?4917012345678/);
        expect(records).toMatch(/\bok\b/);
        expect(records).not.toMatch(/1000000001/);
      },
    );

    it.skipIf(!has.shared)('a chat admin may read the audit log of a support channel', async () => {
      await d.linkDemo('bob');
      await d.makeSupportChannel(['bob']);
      await d.say('alice', 'shared', cmd(d, 'audit'));
      const seen = d.privateView('alice') + d.ephemeralView('alice') + d.sharedView();
      expect(seen).not.toMatch(/not allowed|only its agents/);
      expect(seen).toMatch(/Audit log|No audited actions/);
    });

    it.skipIf(!has.shared)(
      'approvals: a stranger’s press changes nothing, the requester cannot approve, two approvers at once run it once',
      async () => {
        await d.linkDemo('bob');
        await d.say('alice', 'shared', cmd(d, 'approvals on card block'));
        await d.say('bob', 'shared', cmd(d, `card block ${CARD}`));
        const asked = d.sharedView();
        expect(asked).toMatch(/asks to block the card …5678/);
        expect(asked).not.toContain(CARD.slice(1));
        const blocks = () => d.stack.sandbox.stats().received['mycard-v2.blockcard'] ?? 0;
        await d.press('dave', 'shared', 'Approve', 'bob');
        expect(d.sharedView(), 'a stranger’s press changes nothing').toBe(asked);
        await d.press('bob', 'shared', 'Approve');
        expect(d.sharedView(), 'the requester’s own Approve is refused').toBe(asked);
        expect(blocks()).toBe(0);
        expect(d.stack.sandbox.state.card(CARD.slice(1))?.state).toBe('active');
        await d.pressAtOnce(['alice', 'carol'], 'shared', 'Approve', 'bob');
        expect(blocks(), 'two approvers at once execute once').toBe(1);
        expect(d.stack.sandbox.state.card(CARD.slice(1))?.state).toBe('blocked');
        const done = d.sharedView();
        expect(done).toMatch(/Approved by \w+\. Done\./);
        expect(done).not.toContain(CARD.slice(1));
        expect(d.privateView('bob')).toMatch(/blocked/);
        const audit = (await d.stack.stores.audit.recent(20)).map((e) => `${e.command}:${e.outcome}`);
        expect(audit).toEqual(
          expect.arrayContaining([
            'approval asked: card block:ok',
            'approval given: card block:ok',
            'card block:ok',
          ]),
        );
      },
    );

    it('a private chat offers no approvals and says so', async () => {
      await d.say('alice', 'private', cmd(d, 'approvals on card block'));
      expect(d.privateView('alice')).toMatch(/Approvals work in team chats only/);
    });

    it('messages name commands the way this platform types them', async () => {
      await d.say('alice', 'private', cmd(d, 'help'));
      await d.say('alice', 'private', cmd(d, 'balanse'));
      const seen = d.privateView('alice');
      expect(seen).toContain(d.command('balance'));
      expect(seen).toContain(`Did you mean ${d.command('balance')}?`);
      if (d.command('balance') !== '/balance') expect(seen).not.toMatch(/(^|[^\w])\/balance\b/m);
    });

    it.skipIf(!has.shared)('help lists only what the asker may run in that chat', async () => {
      await d.linkDemo('bob');
      await d.say('bob', 'shared', cmd(d, 'help'));
      const bobs = d.privateView('bob') + d.ephemeralView('bob');
      expect(bobs).toContain(d.command('balance'));
      expect(bobs).not.toContain(d.command('groupdata'));
      expect(bobs).not.toContain(d.command('audit'));
      await d.say('alice', 'shared', cmd(d, 'help'));
      expect(d.privateView('alice') + d.ephemeralView('alice')).toContain(d.command('groupdata'));
    });

    it.skipIf(!has.shared)(
      'a personal answer in a group is visible to its asker only, there in the group',
      async () => {
        await d.linkDemo('bob');
        await d.say('alice', 'shared', cmd(d, 'balance'));
        expect(d.sharedView()).not.toContain(BALANCE);
        expect(d.privateView('bob') + d.ephemeralView('bob')).not.toContain(BALANCE);
        // In place: Alice reads it in the group she asked in, not only in a private chat elsewhere.
        expect(d.ephemeralView('alice')).toContain(BALANCE);
      },
    );

    it("an agent-view answer gives a support channel's account only to its agent, checked afresh, audited there", async (ctx) => {
      const av = d.agentView;
      if (!av) return ctx.skip();
      await d.makeSupportChannel(['bob']);
      // Not its agent: nothing is offered, and nothing of the channel's account is said.
      expect(await av.lookAt('carol')).toBe('');
      expect(await av.lookAt('bob')).toMatch(/demo/);
      expect(await av.take('bob')).toMatch(/As an agent/);
      await d.dm('bob', 'balance');
      expect(d.privateView('bob')).toMatch(new RegExp(`As an agent[\\s\\S]*${BALANCE.replace('.', '[.,]')}`));
      const used = (await av.audited()).filter((e) => e.actor.endsWith(':U2') && e.role === 'agent');
      expect(used.length, 'the use is audited in the support channel').toBeGreaterThan(0);
      expect(d.sharedView()).not.toMatch(new RegExp(BALANCE.replace('.', '[.,]')));
      // Dropped from its agents, the choice grants nothing: the next answer holds no account of it.
      await av.dismiss('bob');
      const before = d.privateView('bob').length;
      await d.dm('bob', 'balance');
      const after = d.privateView('bob').slice(before);
      expect(after).not.toMatch(new RegExp(BALANCE.replace('.', '[.,]')));
      expect(after).not.toMatch(/As an agent of/);
      expect(everywhere(d).replace(d.privateView('bob'), '')).not.toMatch(/As an agent/);
    });

    it('a table is never cut silently: every call record reaches its reader, each page saying which', async () => {
      await d.say('alice', 'private', cmd(d, 'cdrs 7d today 500'));
      const seen = new Set<string>();
      const read = () => {
        const view = d.privateView('alice');
        for (const m of view.matchAll(/4930(100\d{4})/g)) seen.add(m[1]!);
        return view;
      };
      const pages = Math.ceil(SEEDED_CALLS / 20);
      expect(read()).toContain(`Page 1 of ${pages}`);
      for (let page = 2; page <= pages; page++) {
        await d.press('alice', 'private', '▶');
        expect(read()).toContain(`Page ${page} of ${pages}`);
      }
      expect(seen.size).toBe(SEEDED_CALLS);
    });
  });
}
