import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { actionOf, alice, bob, type CoreHarness, privateChat, startCore } from './core-harness.js';

/** Confirmations (docs/interface.md §2.1): they expire, only the asker may confirm, and each works once. */

let h: CoreHarness;
let now: number;

beforeEach(async () => {
  now = Date.now();
  h = await startCore({ clock: () => new Date(now) });
});

afterEach(async () => {
  await h.close();
});

const press = (actionId: string, as = alice) =>
  h.stack.core.handleAction({ identity: as, chat: privateChat, actionId });

describe('confirmations', () => {
  it('say when they expire, and expire after that', async () => {
    const { replies, text } = await h.send('/target +49 170 1234567 +43 1 234567');
    expect(text).toContain('Confirm within 5 minutes.');
    expect(replies[0]?.expiresAt?.getTime()).toBe(now + 5 * 60_000);
    now += 5 * 60_000 + 1;
    const outcome = await press(actionOf(replies, 'Confirm'));
    expect(outcome.notice).toBe('This confirmation has expired or was already used. Send the command again.');
    expect(outcome.update?.text).toBe(outcome.notice);
    expect(h.stack.sandbox.stats().received['onlinecallthrough.store']).toBeUndefined();
  });

  it('still work just before they expire', async () => {
    const { replies } = await h.send('/target +49 170 1234567 +43 1 234567');
    now += 5 * 60_000 - 1;
    const outcome = await press(actionOf(replies, 'Confirm'));
    expect(outcome.update?.text).toContain('Stored: calls from +491701234567');
  });

  it('are refused for another identity, and still work for the asker', async () => {
    await h.stack.linkDemo(bob);
    const { replies } = await h.send('/topup 1000000003');
    const id = actionOf(replies, 'Confirm');
    const other = await press(id, bob);
    expect(other.notice).toBe('Only the person who asked can press this.');
    expect(other.update).toBeUndefined();
    expect(h.stack.sandbox.stats().received.topup).toBeUndefined();
    const own = await press(id);
    expect(own.update?.text).toBe('Topped up.');
    expect(h.stack.sandbox.stats().handled.topup).toBe(1);
  });

  it('work once: a second press says expired and makes no second call', async () => {
    const { replies } = await h.send('/topup 1000000004');
    const id = actionOf(replies, 'Confirm');
    const first = await press(id);
    expect(first.update?.text).toBe('Topped up.');
    const second = await press(id);
    expect(second.notice).toBe('This confirmation has expired or was already used. Send the command again.');
    expect(h.stack.sandbox.stats().received.topup).toBe(1);
  });

  it('two presses at once run the action once', async () => {
    const { replies } = await h.send('/topup 1000000005');
    const id = actionOf(replies, 'Confirm');
    const outcomes = await Promise.all([press(id), press(id)]);
    expect(outcomes.filter((o) => o.update?.text === 'Topped up.')).toHaveLength(1);
    expect(h.stack.sandbox.stats().received.topup).toBe(1);
  });

  it('Cancel changes nothing and uses the confirmation up', async () => {
    const { replies } = await h.send('/card block +4917012345678');
    const cancelled = await press(actionOf(replies, 'Cancel'));
    expect(cancelled.update?.text).toBe('Cancelled. Nothing was changed.');
    const late = await press(actionOf(replies, 'Confirm'));
    expect(late.notice).toContain('expired or was already used');
    expect(h.stack.sandbox.state.card('4917012345678')?.state).toBe('active');
  });

  it('a forged or malformed action id is treated as expired', async () => {
    for (const id of ['c:nope', 'zz:abc', '', 'c:', ':x']) {
      expect((await press(id)).notice).toContain('expired or was already used');
    }
  });
});

describe('which operations ask (docs/architecture.md §8.3.3: money moves or service stops only after Confirm)', () => {
  it('/card create asks before it charges the account and shows the new PIN', async () => {
    const { text, replies } = await h.send('/card create +49 170 88888888 5.00');
    expect(text).toMatch(/Create a card for \+4917088888888 with €5\.00\?/);
    expect(text).not.toMatch(/PIN/);
    expect(h.stack.sandbox.state.card('4917088888888')).toBeUndefined();
    const outcome = await press(actionOf(replies, 'Confirm'));
    expect(JSON.stringify(outcome)).toMatch(/PIN/);
    expect(h.stack.sandbox.state.card('4917088888888')).toBeDefined();
  });

  it('help names exactly the /card subcommands that ask, as they really ask', async () => {
    // Each subcommand sent for real: the ones answered with a Confirm button are the ones help names.
    const tries: [string, string][] = [
      ['show', '/card show +4917012345678'],
      ['create', '/card create +4917077777777 5.00'],
      ['block', '/card block +4917012345678'],
      ['unblock', '/card unblock +4917012345678'],
      ['disable', '/card disable +4917012345678'],
      ['renumber', '/card renumber +4917012345678 +4917066666666'],
      ['limit', '/card limit +4917012345678 10'],
    ];
    const asking: string[] = [];
    for (const [sub, line] of tries) {
      const { replies } = await h.send(line);
      if (replies.some((r) => r.actions?.some((a) => a.label === 'Confirm'))) asking.push(`/card ${sub}`);
    }
    expect(asking).toContain('/card unblock');
    const { text } = await h.send('/help card');
    expect(text).toContain(`Asks for confirmation first: ${asking.join(', ')}.`);
    expect(text).not.toMatch(/^Asks for confirmation first\.$/m);
  });
});
