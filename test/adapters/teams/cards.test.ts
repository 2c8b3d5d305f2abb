import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CHANNEL_ID, teamsPerson } from '../../helpers/fake-teams-activities.js';
import { startTeamsBot, type TeamsBot } from '../../helpers/fake-teams-bot.js';
import { actionsOf, textOf } from '../../helpers/fake-teams-cards.js';
import { seedWithCalls } from '../../helpers/seed-with-calls.js';

/** Adaptive Cards (docs/teams.md §3.2, §3.3): tables, buttons answered in place, secrets in card inputs. */
const alice = teamsPerson('alice');
const PERSONAL = `a:${alice.id}`;
const WRONG = 'Wr0ng-Secret!';

describe('teams: cards', () => {
  let bot: TeamsBot;
  beforeEach(async () => {
    bot = await startTeamsBot({ stack: { sandbox: { data: seedWithCalls(45) } } });
  });
  afterEach(async () => {
    await bot.close();
  });
  const sent = () => bot.teams.connector.calls.filter((c) => c.status < 300 && c.method !== 'GET');
  const last = () => sent().at(-1)!;

  it('links by a card: the password goes into a password input, never into chat text', async () => {
    await bot.say(alice, 'personal', 'link');
    const form = last();
    expect(form.conversation).toBe(PERSONAL);
    const inputs = JSON.stringify(form.body);
    expect(inputs).toContain('"style":"password"');
    const messageId = [...bot.teams.connector.messages.keys()].at(-1)!;
    const wrong = await bot.press(alice, 'personal', messageId, {
      form: 'link-account',
      username: 'demo',
      password: WRONG,
    });
    expect(wrong.status).toBe(200);
    const good = await bot.press(alice, 'personal', messageId, {
      form: 'link-account',
      username: 'demo',
      password: 'demo',
    });
    // The invoke is answered by a card that keeps nothing typed.
    expect(JSON.stringify(good.body)).toContain('keeps nothing you typed');
    expect(JSON.stringify(bot.teams.connector.calls)).not.toContain(WRONG);
    await bot.say(alice, 'personal', 'balance');
    expect(textOf(last().body ?? {})).toMatch(/18[.,]40/);
  });

  it('a long list is a Table with a next-page button; the press turns the page in place', async () => {
    await bot.stack.linkDemo(bot.identity(alice));
    await bot.say(alice, 'personal', 'cdrs 7d today 500');
    const page = last();
    expect(JSON.stringify(page.body)).toContain('"type":"Table"');
    const messageId = [...bot.teams.connector.messages.keys()].at(-1)!;
    const next = actionsOf(page.body ?? {}).find((a) => /▶|next|more/i.test(a.title));
    expect(next, JSON.stringify(actionsOf(page.body ?? {}))).toBeDefined();
    const before = sent().length;
    const answered = await bot.press(alice, 'personal', messageId, next!.data);
    // The invoke's answer is the next page, and the card itself was replaced (PUT), not posted anew.
    expect(JSON.stringify(answered.body)).toContain('"type":"Table"');
    const after = sent().slice(before);
    expect(after.map((c) => [c.method, c.activityId])).toEqual([['PUT', messageId]]);
  });

  it('a PIN is asked only in a card targeted at a linked asker; the unlinked one is told to link', async () => {
    const bob = teamsPerson('bob');
    bot.teams.connector.installedFor.add(bob.id);
    await bot.stack.linkDemo(bot.identity(alice));
    await bot.say(alice, 'channel', 'topup');
    await bot.say(bob, 'channel', 'topup');
    const pinCards = sent().filter((c) => JSON.stringify(c.body).includes('"id":"pin"'));
    expect(
      pinCards.map((c) => [
        c.conversation,
        c.targeted,
        (c.body?.recipient as { id?: string } | undefined)?.id,
      ]),
    ).toEqual([[CHANNEL_ID, true, alice.id]]);
    const toBob = sent().filter((c) => (c.body?.recipient as { id?: string } | undefined)?.id === bob.id);
    expect(toBob.map((c) => textOf(c.body ?? {})).join('\n')).toMatch(/not linked/i);
    // Nothing in the channel for everyone mentions a PIN.
    const everyone = bot.teams.connector.visibleTo(CHANNEL_ID, '29:nobody').map((m) => textOf(m.activity));
    expect(everyone.join('\n')).not.toMatch(/PIN/);
  });

  it('the home menu is a card of buttons', async () => {
    await bot.stack.linkDemo(bot.identity(alice));
    await bot.say(alice, 'personal', 'menu');
    expect(actionsOf(last().body ?? {}).length).toBeGreaterThan(2);
  });
});
