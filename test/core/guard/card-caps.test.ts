import { afterEach, describe, expect, it } from 'vitest';
import type { Identity } from '../../../src/core/identity.js';
import { md5Hex } from '../../../src/telephony/signature.js';
import { textOf } from '../core-harness.js';
import { type GuardHarness, money, startGuard } from './guard-harness.js';

const CARD = '4917012345678';
const alice: Identity = { platform: 'console', tenant: '', user: 'alice', displayName: 'Alice' };
const dm = { id: 'dm', kind: 'private' as const };

/**
 * `/card limit` (docs/money-guard.md §1, §2): a card's spend is every fall of its amount (the sandbox's
 * `PUT /cards/<number>/amount` moves it); past the cap the card is blocked once, its owner told,
 * the block audited; unblocking asks first and starts the count again.
 */
describe('card caps', () => {
  let h: GuardHarness;
  afterEach(async () => {
    await h?.close();
  });
  const blocks = () => h.stack.sandbox.stats().received['mycard-v2.blockcard'] ?? 0;
  const amount = (text: string) => expect(h.stack.sandbox.setCardAmount(CARD, text)).toBe(true);
  /** The card's spend by the sandbox's own amounts: each fall, never a rise. */
  const cents = (from: string, to: string) => {
    const [a, b] = [from, to].map((x) => Number(x.replace(',', '')));
    return { minor: Math.max(0, a! - b!), scale: 2, currency: 'EUR' };
  };

  it('counts only falls of the amount, blocks once past the cap, tells the owner, audits it', async () => {
    h = await startGuard('console', '2026-11-20T08:00:00Z');
    await h.stack.linkDemo(alice);
    const start = h.stack.sandbox.state.card(CARD)!;
    expect(start.amount).toBe(50_000);
    expect(await h.send(`/card limit +${CARD} 2.00`)).toContain(
      `Watching card +${CARD}: it is blocked once it spends more than €2.00 from now on. Its amount is €5.00 now.`,
    );
    amount('4,00');
    await h.stack.proactive.sweepCardCaps();
    amount('10,00'); // a reload is not spend
    await h.stack.proactive.sweepCardCaps();
    expect(await h.send(`/card limit +${CARD}`)).toContain(
      `spent ${money(cents('5,00', '4,00'))} of its cap of €2.00`,
    );
    expect(blocks()).toBe(0);
    amount('8,80');
    const swept = await h.stack.proactive.sweepCardCaps();
    expect(swept.blocked).toBe(1);
    expect(h.stack.sandbox.state.card(CARD)!.state).toBe('blocked');
    const spent = {
      minor: cents('5,00', '4,00').minor + cents('10,00', '8,80').minor,
      scale: 2,
      currency: 'EUR',
    };
    const told = h.notifier.sent.at(-1)!;
    expect(told.to).toEqual({ platform: 'console', tenant: '', kind: 'user', user: 'alice' });
    expect(told.reply.text).toBe(
      `Card +${CARD} spent ${money(spent)}, more than its cap of €2.00, so I blocked it. Unblocking asks for confirmation: /card unblock +${CARD}.`,
    );
    const audit = await h.stack.stores.audit.recent(10);
    expect(audit.filter((e) => e.command === 'card block (cap)').map((e) => e.outcome)).toEqual(['ok']);
    await h.stack.proactive.sweepCardCaps();
    expect(blocks(), 'blocked once').toBe(1);
    // Unblocking asks first; confirmed, the count starts again from the amount now.
    const asked = await h.stack.core.handleText({
      identity: alice,
      chat: dm,
      text: `/card unblock +${CARD}`,
    });
    expect(textOf(asked)).toContain(`Unblock the card +${CARD}?`);
    expect(h.stack.sandbox.state.card(CARD)!.state).toBe('blocked');
    const confirm = asked[0]!.actions!.find((a) => a.label === 'Confirm')!;
    await h.stack.core.handleAction({ identity: alice, chat: dm, actionId: confirm.actionId });
    expect(h.stack.sandbox.state.card(CARD)!.state).toBe('active');
    await h.stack.proactive.sweepCardCaps();
    expect(blocks()).toBe(1);
    expect(await h.send(`/card limit +${CARD}`)).toContain('spent €0.00 of its cap of €2.00');
    expect(await h.send(`/card limit +${CARD} off`)).toContain('no longer watched');
  });

  it('a team card’s cap tells the agent who set it privately and the support channel in public words', async () => {
    h = await startGuard('telegram', new Date().toISOString());
    const team = 'telegram::-100';
    await h.stack.stores.credentials.set(team, {
      credentials: [
        { label: 'team', kind: 'account', username: 'demo', md5: md5Hex('demo'), linkedAt: '' },
        { label: 'team-cards', kind: 'card', username: 'cards', md5: md5Hex('cards'), linkedAt: '' },
      ],
      active: 'team',
    });
    await h.stack.stores.settings.updateChat(team, { support: { agents: ['2'], setupBy: '', setupAt: '' } });
    const bob: Identity = { platform: 'telegram', tenant: '', user: '2', displayName: 'Bob' };
    await h.send(`/card limit +${CARD} 1.00`, bob, { id: '-100', kind: 'shared' });
    amount('3,90');
    expect((await h.stack.proactive.sweepCardCaps()).blocked).toBe(1);
    expect(h.stack.sandbox.state.card(CARD)!.state).toBe('blocked');
    const [full, channel] = h.notifier.sent;
    expect(full!.to).toEqual({ platform: 'telegram', tenant: '', kind: 'user', user: '2' });
    expect(full!.reply.text).toContain(
      `Card +${CARD} spent ${money(cents('5,00', '3,90'))}, more than its cap of €1.00`,
    );
    expect(channel!.to).toEqual({ platform: 'telegram', tenant: '', kind: 'chat', chatId: '-100' });
    expect(channel!.reply.text).toBe('A prepaid card passed its cap and was blocked. Its owner was told.');
    const audit = await h.stack.stores.audit.recent(10, { chat: team });
    expect(audit.filter((e) => e.command === 'card block (cap)').map((e) => e.outcome)).toEqual(['ok']);
  });

  it('the sandbox admin endpoint moves a card amount and lists the route', async () => {
    h = await startGuard('console', '2026-11-20T08:00:00Z');
    const put = (path: string, body: unknown) =>
      fetch(`${h.stack.sandbox.adminUrl}${path}`, { method: 'PUT', body: JSON.stringify(body) });
    const ok = await put(`/cards/%2B${CARD}/amount`, { amount: '3,50' });
    expect(ok.status).toBe(200);
    expect(h.stack.sandbox.state.card(CARD)!.amount).toBe(35_000);
    expect((await put('/cards/4900000000/amount', { amount: '3,50' })).status).toBe(400);
    expect((await put(`/cards/${CARD}/amount`, { amount: '3.505' })).status).toBe(400);
    const routes = (await (await fetch(`${h.stack.sandbox.adminUrl}/nothing`)).json()) as {
      routes: string[];
    };
    expect(routes.routes).toContain('PUT /cards/<number>/amount');
  });
});
