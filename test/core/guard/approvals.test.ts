import { afterEach, describe, expect, it } from 'vitest';
import type { ChatRef, Identity } from '../../../src/core/identity.js';
import type { Reply } from '../../../src/core/reply.js';
import { md5Hex } from '../../../src/telephony/signature.js';
import { textOf } from '../core-harness.js';
import { type GuardHarness, startGuard } from './guard-harness.js';

const CARD = '4917012345678';
const person = (user: string, displayName: string): Identity => ({
  platform: 'telegram',
  tenant: '',
  user,
  displayName,
});
const [alice, bob, carol, dave] = [
  person('1', 'Alice'),
  person('2', 'Bob'),
  person('3', 'Carol'),
  person('4', 'Dave'),
];
const admins = new Set(['1', '3']);
const groupFor = (who: Identity): ChatRef => ({
  id: '-100',
  kind: 'shared',
  userIsAdmin: admins.has(who.user),
});

/**
 * Four-eyes in a team chat (docs/money-guard.md §1, §2), through the core as a Telegram group: Alice and
 * Carol administer it, Bob asks, Dave is a member.
 */
describe('approvals', () => {
  let h: GuardHarness;
  afterEach(async () => {
    await h?.close();
  });
  const say = async (who: Identity, text: string) =>
    h.stack.core.handleText({ identity: who, chat: groupFor(who), text });
  const press = (who: Identity, actionId: string) =>
    h.stack.core.handleAction({ identity: who, chat: groupFor(who), actionId });
  const button = (replies: Reply[], label: string) =>
    replies.flatMap((r) => r.actions ?? []).find((a) => a.label === label)!.actionId;
  const blocks = () => h.stack.sandbox.stats().received['mycard-v2.blockcard'] ?? 0;
  const cardState = () => h.stack.sandbox.state.card(CARD)!.state;

  async function setUp() {
    // A fixed instant, one clock for the sandbox and the bot (the client signs with it too): a call and
    // its minute fall on one day at any hour the tests run (with the real clock, from 23:59 UTC the
    // call began yesterday and the day's spend read 0).
    h = await startGuard('telegram', '2026-11-20T10:00:00Z');
    await h.stack.linkDemo(bob);
    expect(textOf(await say(bob, '/approvals on card block'))).toMatch(/Only an admin/);
    const set = textOf(await say(alice, '/approvals on card block'));
    expect(set).toContain('blocking a card: needs approval.');
    expect(set).toContain('Who may approve: the chat’s admins.');
  }

  it('holds the action; the requester and a stranger change nothing; two approvers at once run it once', async () => {
    await setUp();
    const asked = await say(bob, `/card block +${CARD}`);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.audience).toBe('chat');
    expect(textOf(asked)).toContain('Bob asks to block the card …5678.');
    expect(textOf(asked)).not.toContain(CARD);
    expect(cardState()).toBe('active');
    const approve = button(asked, 'Approve');
    expect(await press(bob, approve)).toEqual({
      notice: 'You cannot approve your own request: another person must.',
    });
    expect(await press(dave, approve)).toEqual({ notice: 'Only the chat’s admins can decide this request.' });
    expect(cardState()).toBe('active');
    expect(blocks(), 'nothing ran before').toBe(0);
    const [a, c] = await Promise.all([press(alice, approve), press(carol, approve)]);
    expect(blocks(), 'two approvers at once execute once').toBe(1);
    expect(cardState()).toBe('blocked');
    const winner = a.update ? a : c;
    const loser = a.update ? c : a;
    expect(loser).toEqual({ notice: 'This request was already decided.' });
    expect(winner.update!.text).toMatch(
      /Approved by (Alice|Carol)\. Done\.\nThe details went to Bob privately\./,
    );
    // Approve/Refuse become one disabled button that says the request was decided (docs/interface.md §2.6).
    expect(winner.update!.actions).toEqual([{ label: 'Decided', actionId: '', disabled: 'decided' }]);
    expect(winner.update!.text).not.toContain(CARD);
    const result = h.notifier.sent.at(-1)!;
    expect(result.to).toEqual({ platform: 'telegram', tenant: '', kind: 'user', user: '2' });
    expect(result.reply.text).toContain(`Card +${CARD}: blocked.`);
    const log = (await h.stack.stores.audit.recent(20)).map((e) => `${e.command}:${e.outcome}`);
    expect(log).toEqual(
      expect.arrayContaining([
        'approval asked: card block:ok',
        'approval given: card block:ok',
        'card block:ok',
      ]),
    );
    expect(await press(bob, button(asked, 'Refuse'))).toEqual({
      notice: 'This request was already decided.',
    });
  });

  it('a refusal, a withdrawal and an expiry do nothing, audited, the message edited in place', async () => {
    await setUp();
    const first = await say(bob, `/card block +${CARD}`);
    const refused = await press(carol, button(first, 'Refuse'));
    expect(refused.update!.text).toContain('Refused by Carol. Nothing was done.');
    const second = await say(bob, `/card block +${CARD}`);
    expect((await press(bob, button(second, 'Refuse'))).update!.text).toContain('Withdrawn by Bob.');
    const third = await say(bob, `/card block +${CARD}`);
    const track = third[0]!.track!;
    await h.stack.core.messageSent({
      track,
      message: { platform: 'telegram', tenant: '', chatId: '-100', messageId: '77' },
    });
    h.clock.advance(31 * 60_000);
    expect((await h.stack.proactive.expireApprovals()).expired).toBe(1);
    expect(h.notifier.edits.at(-1)!.message.messageId).toBe('77');
    expect(h.notifier.edits.at(-1)!.reply.text).toContain('Expired: nobody decided in time.');
    // Expired says expired, not "already decided" (docs/interface.md §2.3).
    expect(await press(alice, button(third, 'Approve'))).toEqual({
      notice: 'Expired: nobody decided in time. Nothing was done.',
    });
    expect(blocks()).toBe(0);
    const log = (await h.stack.stores.audit.recent(20)).map((e) => e.command);
    expect(log).toEqual(
      expect.arrayContaining([
        'approval refused: card block',
        'approval withdrawn: card block',
        'approval expired: card block',
      ]),
    );
  });

  it('a call above the price goes for approval, and runs as the requester once approved', async () => {
    await setUp();
    await say(alice, '/approvals on call 0.05');
    const asked = await say(bob, '/call +4930111222 +4917612345678');
    expect(textOf(asked)).toContain('Bob asks to call Germany Mobile at €0.089 per minute.');
    expect(h.stack.sandbox.stats().received['webcallback.trycallback'] ?? 0).toBe(0);
    await press(alice, button(asked, 'Approve'));
    expect(h.stack.sandbox.stats().received['webcallback.trycallback']).toBe(1);
    expect(h.stack.sandbox.state.calls().map((c) => c.username)).toEqual(['demo']);
    // A cheap call is not held.
    expect(textOf(await say(bob, '/call +4930111222 +4930555666'))).not.toContain('asks to');
  });

  it('an approved call is still refused when the spend limit was reached meanwhile', async () => {
    await setUp();
    await say(alice, '/approvals on call 0.05');
    const asked = await say(bob, '/call +4930111222 +4917612345678');
    expect(textOf(asked)).toContain('Bob asks to call');
    // While the request waits, a cheap call (not held) spends, and Bob's daily limit is reached.
    expect(textOf(await say(bob, '/call +4930111222 +4930555666'))).not.toContain('asks to');
    // One started minute.
    h.clock.advance(59_000);
    await say(bob, '/hangup');
    const spent = h.ledgerSpend('demo', 'UTC', 'day');
    expect(spent.minor).toBeGreaterThan(0);
    await h.stack.core.handleText({
      identity: bob,
      chat: { id: '2', kind: 'private' },
      text: '/limit daily 0.01',
    });
    const before = h.stack.sandbox.stats().received['webcallback.trycallback'] ?? 0;
    await press(alice, button(asked, 'Approve'));
    expect(h.stack.sandbox.stats().received['webcallback.trycallback'] ?? 0, 'nothing sent').toBe(before);
    const toBob = h.notifier.sent.filter((m) => m.to.kind === 'user' && m.to.user === '2');
    expect(toBob.map((m) => textOf([m.reply])).join('\n')).toMatch(/daily limit of €0\.01 is reached/);
  });

  it('a card load above the top-up amount is held; below it, or a PIN top-up, is not', async () => {
    await setUp();
    const shown = textOf(await say(alice, '/approvals on topup 2'));
    expect(shown).toContain('loading a card with money (above €2.00): needs approval.');
    expect(shown).toMatch(/Top-ups with a PIN are never held/);
    const held = await say(bob, '/card create +4917077777777 5.00 Team');
    expect(textOf(held)).toContain('Bob asks to load the card …7777 with €5.00.');
    expect(h.stack.sandbox.state.card('4917077777777')).toBeUndefined();
    await press(carol, button(held, 'Approve'));
    expect(h.stack.sandbox.state.card('4917077777777')?.amount).toBe(50_000);
    // The new card's PIN went to Bob alone, never into the group.
    const pin = h.stack.sandbox.state.card('4917077777777')!.pin;
    const toBob = h.notifier.sent.filter((m) => m.to.kind === 'user' && m.to.user === '2');
    expect(toBob.map((m) => textOf([m.reply])).join('\n')).toContain(pin);
    expect(h.notifier.sent.filter((m) => m.to.kind === 'chat')).toEqual([]);
    const small = await say(bob, '/card create +4917066666666 1.00');
    expect(textOf(small)).not.toContain('asks to');
    // Not held, but a card load moves money: its owner confirms it (docs/architecture.md §8.3.3).
    await press(bob, button(small, 'Confirm'));
    expect(h.stack.sandbox.state.card('4917066666666')?.amount).toBe(10_000);
  });

  it('in a support channel the agents approve, for the team’s card, and the channel sees the whole number', async () => {
    await setUp();
    await h.stack.stores.credentials.set('telegram::-100', {
      credentials: [
        { label: 'team', kind: 'account', username: 'demo', md5: md5Hex('demo'), linkedAt: '' },
        { label: 'team-cards', kind: 'card', username: 'cards', md5: md5Hex('cards'), linkedAt: '' },
      ],
      active: 'team',
    });
    await h.stack.stores.settings.updateChat('telegram::-100', {
      support: { agents: ['2', '4'], setupBy: 'telegram::1', setupAt: '' },
    });
    expect(textOf(await say(alice, '/approvals approvers agents'))).toContain(
      'Who may approve: the support channel’s agents.',
    );
    const asked = await say(bob, `/card block +${CARD}`);
    expect(textOf(asked)).toContain(`Bob asks to block the card +${CARD}.`);
    expect(await press(alice, button(asked, 'Approve'))).toEqual({
      notice: 'Only the support channel’s agents can decide this request.',
    });
    const done = await press(dave, button(asked, 'Approve'));
    expect(done.update!.text).toContain('Approved by Dave. Done.');
    expect(cardState()).toBe('blocked');
    const log = await h.stack.stores.audit.recent(20, { chat: 'telegram::-100' });
    const block = log.find((e) => e.command === 'card block' && e.outcome === 'ok')!;
    expect(block).toMatchObject({ actor: 'telegram::2', account: 'cards', role: 'agent' });
  });

  it('in German: the request and its outcome in the requester’s language, the notice in the presser’s', async () => {
    await setUp();
    await h.stack.core.handleText({
      identity: bob,
      chat: { id: 'dm-bob', kind: 'private' },
      text: '/language de',
    });
    const asked = await say(bob, `/card block +${CARD}`);
    expect(textOf(asked)).toContain('Bob möchte die Karte …5678 sperren.');
    expect(textOf(asked)).toContain('Freigeben dürfen die Admins des Chats; nicht Bob.');
    const approve = asked.flatMap((r) => r.actions ?? []).find((a) => a.label === 'Freigeben')!.actionId;
    expect(await press(bob, approve)).toEqual({
      notice: 'Sie können Ihre eigene Anfrage nicht freigeben: Das muss eine andere Person tun.',
    });
    const done = await press(alice, approve);
    expect(done.notice).toBe('Approved by Alice. Done.');
    expect(done.update!.text).toContain('Freigegeben von Alice. Erledigt.');
    expect(done.update!.language).toBe('de');
  });

  it('a private chat and the console have no approvals, and say so', async () => {
    h = await startGuard('console', '2026-11-20T08:00:00Z');
    expect(await h.send('/approvals on card block')).toMatch(/Approvals work in team chats only/);
    await h.send('/language de');
    expect(await h.send('/approvals')).toMatch(/Freigaben gibt es nur in Team-Chats/);
  });
});
