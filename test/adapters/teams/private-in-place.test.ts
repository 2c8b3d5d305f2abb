import { afterEach, describe, expect, it } from 'vitest';
import { CHANNEL_ID, teamsPerson } from '../../helpers/fake-teams-activities.js';
import { startTeamsBot, type TeamsBot } from '../../helpers/fake-teams-bot.js';
import { textOf } from '../../helpers/fake-teams-cards.js';
import type { ConnectorCall } from '../../helpers/fake-teams-connector.js';

/**
 * Personal answers in a channel (docs/teams.md §3.1): a targeted message to the asker; where Teams
 * refuses it or targeted messages are off, the core's road out takes the personal chat and says so.
 */
const alice = teamsPerson('alice');
const BALANCE = /18[.,]40/;

const posts = (bot: TeamsBot) =>
  bot.teams.connector.calls.filter((c) => c.method === 'POST' && c.status < 300);
const saying = (calls: ConnectorCall[], what: RegExp) => calls.filter((c) => what.test(textOf(c.body ?? {})));
const recipient = (c: ConnectorCall) => (c.body?.recipient as { id?: string } | undefined)?.id;

describe('teams: private in place', () => {
  let bot: TeamsBot;
  afterEach(async () => {
    await bot.close();
  });
  const start = async (targeted?: 'auto' | 'on' | 'off') => {
    bot = await startTeamsBot(targeted ? { teams: { targeted } } : {});
    bot.teams.connector.installedFor.add(alice.id);
    await bot.stack.linkDemo(bot.identity(alice));
  };

  it('an @mention asking for the balance is answered by a message targeted at the asker', async () => {
    await start();
    await bot.say(alice, 'channel', 'balance');
    const shown = saying(posts(bot), BALANCE);
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ conversation: CHANNEL_ID, targeted: true });
    expect(recipient(shown[0]!)).toBe(alice.id);
    // Everyone else in the channel sees none of it.
    expect(
      bot.teams.connector.visibleTo(CHANNEL_ID, '29:bob').some((m) => BALANCE.test(textOf(m.activity))),
    ).toBe(false);
  });

  it('where Teams refuses the targeted message, the answer goes to the personal chat with a note', async () => {
    await start();
    bot.teams.connector.targetedPreview = false;
    await bot.say(alice, 'channel', 'balance');
    const shown = saying(posts(bot), BALANCE);
    expect(shown.map((c) => c.conversation)).toEqual([`a:${alice.id}`]);
    const note = saying(posts(bot), /personal chat/);
    expect(note.map((c) => [c.conversation, c.targeted])).toEqual([[CHANNEL_ID, false]]);
    expect(textOf(note[0]!.body ?? {})).toContain('<at>alice</at>');
    // auto: not tried again in that channel.
    const refusedBefore = bot.teams.connector.calls.filter((c) => c.targeted).length;
    await bot.say(alice, 'channel', 'balance');
    expect(bot.teams.connector.calls.filter((c) => c.targeted).length).toBe(refusedBefore);
  });

  it('TEAMS_TARGETED=off: no targeted message is tried; the personal chat, and the note', async () => {
    await start('off');
    await bot.say(alice, 'channel', 'balance');
    expect(bot.teams.connector.calls.filter((c) => c.targeted)).toEqual([]);
    expect(saying(posts(bot), BALANCE).map((c) => c.conversation)).toEqual([`a:${alice.id}`]);
  });

  it('someone who never installed the app is told how to open the personal chat', async () => {
    await start('off');
    bot.teams.connector.installedFor.clear();
    await bot.say(alice, 'channel', 'balance');
    expect(saying(posts(bot), BALANCE)).toEqual([]);
    expect(saying(posts(bot), /Apps → Telephony → Chat/).map((c) => c.conversation)).toEqual([CHANNEL_ID]);
  });
});
