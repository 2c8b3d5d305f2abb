import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NotifyRefusedError } from '../../../src/core/index.js';
import { CHANNEL_ID, teamsPerson } from '../../helpers/fake-teams-activities.js';
import { startTeamsBot, type TeamsBot } from '../../helpers/fake-teams-bot.js';
import { textOf } from '../../helpers/fake-teams-cards.js';

/** What the bot sends first (docs/teams.md §4): stored references, Teams' per-thread limits kept. */
const alice = teamsPerson('alice');
const PERSONAL = `a:${alice.id}`;

describe('teams: messages sent first', () => {
  let bot: TeamsBot;
  beforeEach(async () => {
    bot = await startTeamsBot();
    bot.teams.connector.installedFor.add(alice.id);
  });
  afterEach(async () => {
    await bot.close();
  });
  const personalOf = () => ({
    platform: 'teams',
    tenant: bot.teams.tenantId,
    kind: 'user' as const,
    user: alice.id,
  });

  it('reaches a person through the reference kept from their last message', async () => {
    await bot.say(alice, 'personal', 'help');
    const before = bot.teams.connector.calls.length;
    await bot.channel.notifier.open(personalOf()).post({ text: 'Low balance: 4,00 EUR' });
    const after = bot.teams.connector.calls.slice(before);
    expect(after.map((c) => [c.method, c.conversation, c.status])).toEqual([['POST', PERSONAL, 201]]);
  });

  const burst = async (n: number) => {
    await bot.say(alice, 'personal', 'help');
    const conv = bot.channel.notifier.open(personalOf());
    for (let i = 1; i <= n; i += 1) await conv.post({ text: `report ${i}` });
    const calls = bot.teams.connector.calls.filter((c) => c.conversation === PERSONAL);
    const posted = calls.filter((c) => c.status === 201).map((c) => textOf(c.body ?? {}));
    expect(posted.filter((t) => t.startsWith('report'))).toEqual(
      Array.from({ length: n }, (_, i) => `report ${i + 1}`),
    );
    return calls;
  };

  it('a burst past 7 messages a second is paced under the thread limits: no 429, none lost', async () => {
    const calls = await burst(12);
    expect(calls.filter((c) => c.status === 429)).toEqual([]);
    expect(bot.waits.length).toBeGreaterThan(0);
  });

  it('a 429 that still comes (another instance used the tenant) is waited out by its Retry-After', async () => {
    bot.teams.connector.tenantLimit = 3;
    const calls = await burst(6);
    expect(calls.filter((c) => c.status === 429).length).toBeGreaterThan(0);
    expect(bot.waits.every((ms) => ms >= 1_000)).toBe(true);
  });

  it('a conversation not seen yet is refused for now; a removed bot by Teams; a person without the app for good', async () => {
    const chat = { platform: 'teams', tenant: bot.teams.tenantId, kind: 'chat' as const, chatId: CHANNEL_ID };
    await expect(bot.channel.notifier.open(chat).post({ text: 'hello' })).rejects.toMatchObject({
      report: 'refused',
      reason: 'no-reference',
    });
    await bot.say(alice, 'channel', 'help');
    bot.teams.connector.notInRoster.add(CHANNEL_ID);
    await expect(bot.channel.notifier.open(chat).post({ text: 'hello' })).rejects.toMatchObject({
      report: 'refused',
      reason: '404',
    });
    bot.teams.connector.installedFor.clear();
    const bob = { ...personalOf(), user: '29:bob' };
    await expect(bot.channel.notifier.open(bob).post({ text: 'hello' })).rejects.toBeInstanceOf(
      NotifyRefusedError,
    );
  });

  it('a targeted card older than 24 hours cannot be edited: the press is answered anew', async () => {
    await bot.stack.linkDemo(bot.identity(alice));
    await bot.say(alice, 'channel', 'start');
    const card = [...bot.teams.connector.messages.values()].filter((m) => m.recipient === alice.id).at(-1)!;
    bot.teams.advance(25 * 60 * 60 * 1000);
    const before = bot.teams.connector.calls.length;
    const balance = (JSON.stringify(card.activity).match(/"data":\{"a":"([^"]+)"\}/) ?? [])[1]!;
    await bot.press(alice, 'channel', card.id, { a: balance });
    const after = bot.teams.connector.calls.slice(before).filter((c) => c.method !== 'GET');
    expect(after[0]).toMatchObject({ method: 'PUT', status: 404 });
    expect(after.slice(1).some((c) => c.method === 'POST' && c.status === 201)).toBe(true);
  });
});
