import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { teamsPerson } from '../../helpers/fake-teams-activities.js';
import { actionsOf, textOf } from '../../helpers/fake-teams-cards.js';
import { type HeldTeamsBot, invokeText, startHeldTeamsBot } from '../../helpers/teams-held.js';

/**
 * Long decisions (docs/teams.md §3.4): a message is acknowledged once its budget lapses, with the
 * typing indicator, and its answer follows through the Connector API; a press past its budget is
 * answered with a "working on it" card, which the outcome replaces by `PUT` when it comes. The
 * provider call is held by a proxy and the budget lapses when the test says: no sleeps.
 */
const alice = teamsPerson('alice');
const PERSONAL = `a:${alice.id}`;

describe('teams: long decisions', () => {
  let h: HeldTeamsBot;
  beforeEach(async () => {
    h = await startHeldTeamsBot();
    await h.bot.stack.linkDemo(h.bot.identity(alice));
  });
  afterEach(async () => {
    await h.close();
  });
  const connector = () => h.bot.teams.connector;

  it('a message past its budget is acknowledged, shows typing, and its answer follows', async () => {
    const held = h.proxy.hold('account');
    const before = connector().calls.length;
    const said = h.bot.say(alice, 'personal', 'balance');
    await held.reached;
    h.lapse();
    const ack = await said;
    expect(ack.status).toBe(200);
    // Acknowledged before the answer: only the typing indicator went out.
    expect(
      connector()
        .calls.slice(before)
        .map((c) => c.body?.type),
    ).toEqual(['typing']);
    const answer = connector().next((c) => c.method === 'POST' && c.body?.type === 'message');
    held.release();
    const sent = await answer;
    expect(sent.conversation).toBe(PERSONAL);
    expect(textOf(sent.body ?? {})).toMatch(/18[.,]40/);
  });

  it('a graceful stop lets a late answer finish first', async () => {
    const held = h.proxy.hold('account');
    const said = h.bot.say(alice, 'personal', 'balance');
    await held.reached;
    h.lapse();
    await said;
    const order: string[] = [];
    const answered = connector()
      .next((c) => c.method === 'POST' && c.body?.type === 'message')
      .then(() => order.push('answered'));
    const stopped = h.bot.channel.stop(60_000).then((all) => order.push(`stopped ${all}`));
    held.release();
    await Promise.all([answered, stopped]);
    expect(order).toEqual(['answered', 'stopped true']);
  });

  /** Opens the PIN card, submits it, and gives the confirmation card's id and its Confirm's data. */
  const confirmation = async () => {
    await h.bot.say(alice, 'personal', 'topup');
    const formId = [...connector().messages.keys()].at(-1)!;
    const form = connector().messages.get(formId)!.activity;
    const submit = actionsOf(form).find((a) => a.data.form === 'topup')!;
    await h.bot.press(alice, 'personal', formId, { ...submit.data, pin: '1000000001' });
    const id = [...connector().messages.keys()].at(-1)!;
    const confirm = actionsOf(connector().messages.get(id)!.activity).find((a) => a.title === 'Confirm')!;
    return { id, data: confirm.data };
  };

  it('a press past its budget answers "working on it"; the outcome replaces the card by PUT', async () => {
    const card = await confirmation();
    const held = h.proxy.hold('topup');
    const pressed = h.bot.press(alice, 'personal', card.id, card.data);
    await held.reached;
    h.lapse();
    const first = await pressed;
    expect(first.status).toBe(200);
    expect(invokeText(first.body)).toMatch(/working on it/i);
    const replaced = connector().next((c) => c.method === 'PUT' && c.activityId === card.id);
    held.release();
    expect(textOf((await replaced).body ?? {})).toMatch(/Topped up/);
  });

  it('a press answered within its budget answers in its own response', async () => {
    const card = await confirmation();
    const answered = await h.bot.press(alice, 'personal', card.id, card.data);
    expect(invokeText(answered.body)).toMatch(/Topped up/);
    expect(h.proxy.count('topup')).toBe(1);
  });

  it('a late notice is not lost: it follows as a message', async () => {
    const card = await confirmation();
    await h.bot.press(alice, 'personal', card.id, card.data);
    h.lapseAlways();
    const note = connector().next((c) => c.method === 'POST' && /already used/.test(textOf(c.body ?? {})));
    const again = await h.bot.press(alice, 'personal', card.id, card.data);
    expect(invokeText(again.body)).toMatch(/working on it/i);
    expect((await note).conversation).toBe(PERSONAL);
    expect(h.proxy.count('topup')).toBe(1);
  });
});
