import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { messageActivity, teamsPerson } from '../../helpers/fake-teams-activities.js';
import { startTeamsBot, type TeamsBot } from '../../helpers/fake-teams-bot.js';
import { textOf } from '../../helpers/fake-teams-cards.js';

/** `POST /api/messages` (docs/teams.md §1): the SDK checks every token; a personal chat is private. */
describe('teams: the one road in', () => {
  let bot: TeamsBot;
  beforeEach(async () => {
    bot = await startTeamsBot();
  });
  afterEach(async () => {
    await bot.close();
  });
  const alice = teamsPerson('alice');

  it.each([
    ['no token', () => null],
    ['a wrong audience', () => bot.teams.token({ aud: 'someone-else' })],
    ['a key that is not published', () => bot.teams.token({}, 'other')],
    ['an expired token', () => bot.teams.token({ exp: Math.floor(Date.now() / 1000) - 3600 })],
    ['a wrong issuer', () => bot.teams.token({ iss: 'https://evil.example/tenant/v2.0' })],
  ])('%s is 401 and nothing runs', async (_name, token) => {
    const sent = await bot.teams.post(bot.url, messageActivity(bot.ctx, 'personal', alice, 'help'), token());
    expect(sent.status).toBe(401);
    expect(bot.teams.connector.calls).toEqual([]);
    expect(bot.channel.receiving()).toBe(false);
  });

  it('a good token is taken, and a personal /balance is answered there with the sandbox figure', async () => {
    await bot.stack.linkDemo(bot.identity(alice));
    const sent = await bot.say(alice, 'personal', '/balance');
    expect(sent.status).toBe(200);
    const posts = bot.teams.connector.calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.conversation)).toEqual(['a:29:alice']);
    // The demo account's balance in the sandbox (src/sandbox/demo-data.yaml): 18,40.
    expect(textOf(posts[0]!.body ?? {})).toMatch(/18[.,]40/);
    expect(bot.teams.sidecarTokens()).toBeGreaterThan(0);
  });

  it('a redelivered activity runs once', async () => {
    const activity = messageActivity(bot.ctx, 'personal', alice, 'help');
    await bot.teams.post(bot.url, activity);
    await bot.teams.post(bot.url, activity);
    expect(bot.teams.connector.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('two activities without an id both run: none is taken for the other', async () => {
    const first = { ...messageActivity(bot.ctx, 'personal', alice, 'help'), id: undefined };
    const second = { ...messageActivity(bot.ctx, 'personal', alice, 'help'), id: undefined };
    await bot.teams.post(bot.url, first);
    await bot.teams.post(bot.url, second);
    expect(bot.teams.connector.calls.filter((c) => c.method === 'POST')).toHaveLength(2);
  });
});
