import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { teamsPerson } from '../../helpers/fake-teams-activities.js';
import { actionsOf, textOf } from '../../helpers/fake-teams-cards.js';
import { type HeldTeamsBot, invokeText, startHeldTeamsBot } from '../../helpers/teams-held.js';

/**
 * A PIN card submitted again after an invoke timeout (docs/teams.md §3.4): a new invoke, a new
 * activity id, the same card. The top-up is never-retry: the card's sealed nonce keys the
 * submission, so the PIN is redeemed once and the second hears the first's outcome, never a false
 * "PIN already used".
 */
const alice = teamsPerson('alice');
const PIN = '1000000001';

describe('teams: a PIN card submitted twice', () => {
  let h: HeldTeamsBot;
  let messageId: string;
  let data: Record<string, unknown>;
  beforeEach(async () => {
    h = await startHeldTeamsBot();
    await h.bot.stack.linkDemo(h.bot.identity(alice));
    await h.bot.say(alice, 'personal', 'topup');
    messageId = [...h.bot.teams.connector.messages.keys()].at(-1)!;
    const card = h.bot.teams.connector.messages.get(messageId)!.activity;
    data = { ...actionsOf(card).find((a) => a.data.form === 'topup')!.data, pin: PIN };
  });
  afterEach(async () => {
    await h.close();
  });
  const redeemed = () => h.sandbox.state.pins().filter((p) => p.pin === PIN && p.usedBy).length;

  it('carries an unguessable nonce in the card', () => {
    expect(String(data.nonce)).toMatch(/^[\w-]{22,}$/);
  });

  /** The confirmation cards the submissions opened (a PIN's top-up is confirmed first). */
  const confirmations = () =>
    [...h.bot.teams.connector.messages.values()].filter((m) => /Confirm\]/.test(textOf(m.activity)));

  it('two submissions at once open one confirmation, and both hear the same answer', async () => {
    const [a, b] = await Promise.all([
      h.bot.press(alice, 'personal', messageId, data),
      h.bot.press(alice, 'personal', messageId, data),
    ]);
    expect(confirmations()).toHaveLength(1);
    expect([a.status, b.status]).toEqual([200, 200]);
    for (const answer of [a, b]) expect(invokeText(answer.body)).not.toMatch(/not valid|went wrong/i);
  });

  it('after the first finished, the second gets its outcome, not a second confirmation', async () => {
    const first = await h.bot.press(alice, 'personal', messageId, data);
    const second = await h.bot.press(alice, 'personal', messageId, data);
    expect(invokeText(second.body)).toBe(invokeText(first.body));
    expect(confirmations()).toHaveLength(1);
  });

  it('Confirm pressed again while the first is held past its budget: told it runs, redeemed once', async () => {
    await h.bot.press(alice, 'personal', messageId, data);
    const [confirmation] = confirmations();
    const confirm = actionsOf(confirmation!.activity).find((a) => a.title === 'Confirm')!;
    const held = h.proxy.hold('topup');
    const first = h.bot.press(alice, 'personal', confirmation!.id, confirm.data);
    await held.reached;
    h.lapse();
    expect(invokeText((await first).body)).toMatch(/working on it/i);
    const second = await h.bot.press(alice, 'personal', confirmation!.id, confirm.data);
    expect(invokeText(second.body)).toMatch(/already running/i);
    const replaced = h.bot.teams.connector.next(
      (c) => c.method === 'PUT' && c.activityId === confirmation!.id,
    );
    held.release();
    expect(textOf((await replaced).body ?? {})).toMatch(/Topped up/);
    const told = h.bot.teams.connector.calls.map((c) => textOf(c.body ?? {})).join('\n');
    expect(told).not.toMatch(/not valid or was already used/);
    expect(h.proxy.count('topup')).toBe(1);
    expect(redeemed()).toBe(1);
  });
  it('while busy: the busy words, the card kept, and once there is room the same card runs', async () => {
    h.bot.stack.core.busy = () => true;
    const busy = await h.bot.press(alice, 'personal', messageId, data);
    expect(invokeText(busy.body)).toMatch(/busy/i);
    expect(invokeText(busy.body)).not.toMatch(/Sent\. The card keeps nothing/);
    const edited = h.bot.teams.connector.calls.filter(
      (c) => c.method === 'PUT' && c.activityId === messageId,
    );
    expect(edited).toEqual([]);
    expect(confirmations()).toHaveLength(0);
    h.bot.stack.core.busy = () => false;
    const again = await h.bot.press(alice, 'personal', messageId, data);
    expect(invokeText(again.body)).not.toMatch(/already sent/i);
    expect(confirmations()).toHaveLength(1);
  });
  it('while the store cannot be reached: told so, the card kept, nothing redeemed', async () => {
    h.bot.stack.stores.dedupe.claim = async () => {
      throw Object.assign(new Error('store down'), { code: 'ERR_STORE_UNAVAILABLE' });
    };
    const down = await h.bot.press(alice, 'personal', messageId, data);
    expect(invokeText(down.body)).toMatch(/storage cannot be reached/);
    const edited = h.bot.teams.connector.calls.filter(
      (c) => c.method === 'PUT' && c.activityId === messageId,
    );
    expect(edited).toEqual([]);
    expect(confirmations()).toHaveLength(0);
  });
});
