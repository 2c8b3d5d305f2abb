import { afterEach, describe, expect, it } from 'vitest';
import { confirmationLanded } from '../../helpers/confirm-landed.js';
import { teamsPerson } from '../../helpers/fake-teams-activities.js';
import { startTeamsBot, type TeamsBot } from '../../helpers/fake-teams-bot.js';
import { textOf } from '../../helpers/fake-teams-cards.js';

/**
 * Teams: a confirmation past its time is updated in place (PUT on its activity) into its prompt and
 * the "Expired" state, with no button left to press (docs/interface.md §2.6).
 */
const alice = teamsPerson('alice');
const PERSONAL = `a:${alice.id}`;
let bot: TeamsBot | undefined;
afterEach(async () => {
  await bot?.close();
  bot = undefined;
});

describe('teams: an expired confirmation', () => {
  it('is updated in place at expiry, once', async () => {
    let now = Date.parse('2026-01-05T10:00:00Z');
    bot = await startTeamsBot({ stack: { clock: () => new Date(now) } });
    bot.teams.connector.installedFor.add(alice.id);
    await bot.stack.linkDemo(bot.identity(alice));
    await bot.say(alice, 'personal', 'target +4930123456 +4917612345678');
    await confirmationLanded(bot.stack.stores);
    now += 5 * 60_000 + 1;
    expect(await bot.stack.proactive.expireConfirmations()).toEqual({ edited: 1 });
    const puts = bot.teams.connector.calls.filter((c) => c.method === 'PUT' && c.conversation === PERSONAL);
    expect(puts).toHaveLength(1);
    const card = JSON.stringify(puts[0]!.body);
    expect(textOf(puts[0]!.body ?? {})).toMatch(/expired/i);
    expect(card).toContain('Expired');
    expect(card).not.toContain('"Confirm"');
    await bot.stack.proactive.expireConfirmations();
    expect(bot.teams.connector.calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
  });
});
