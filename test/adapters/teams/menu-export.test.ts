import { afterEach, describe, expect, it, vi } from 'vitest';
import { seedSpread } from '../../core/export-seed.js';
import { teamsPerson } from '../../helpers/fake-teams-activities.js';
import { startTeamsBot, type TeamsBot } from '../../helpers/fake-teams-bot.js';
import { actionsOf } from '../../helpers/fake-teams-cards.js';

/**
 * The menu's export on Teams (docs/interface.md §3.6): the home card's Export calls (CSV) turns into
 * the periods, each an Action.Execute whose data is a ticket, not dates; a press runs the export of
 * the whole period (the seeded calls lie before the fixed clock).
 */
const alice = teamsPerson('alice');
let bot: TeamsBot | undefined;
afterEach(async () => {
  await bot?.close();
  bot = undefined;
});

describe('teams: the menu export', () => {
  it('offers the periods in place of the home card; Last month runs the export of October', async () => {
    const now = new Date('2026-11-28T12:00:00Z');
    bot = await startTeamsBot({
      stack: { clock: () => now, sandbox: { data: seedSpread('2026-09-01', 61, 40) } },
    });
    await bot.stack.linkDemo(bot.identity(alice));
    await bot.say(alice, 'personal', 'menu');
    const sent = () => bot!.teams.connector.calls.filter((c) => c.status < 300 && c.method !== 'GET');
    const home = sent().at(-1)!;
    const messageId = [...bot.teams.connector.messages.keys()].at(-1)!;
    const exportAction = actionsOf(home.body ?? {}).find((a) => a.title === '📤 Export calls (CSV)')!;
    const screen = await bot.press(alice, 'personal', messageId, exportAction.data);
    // The invoke is answered with the card that replaces the pressed one (docs/teams.md).
    const card = (screen.body as { value?: unknown }).value;
    const periods = actionsOf({ attachments: [card] });
    const lastMonth = periods.find((a) => a.title === 'Last month')!;
    expect(periods.map((a) => a.title)).toEqual(['This month', 'Last month', 'Last 30 days', '⬅️ Back']);
    expect(JSON.stringify(lastMonth.data)).not.toMatch(/2026|csv/);
    await bot.press(alice, 'personal', messageId, lastMonth.data);
    const all = () => JSON.stringify(bot!.teams.connector.calls.map((c) => c.body));
    // The whole month read and counted (its file goes as Teams sends files, docs/teams.md).
    await vi.waitFor(() => expect(all()).toMatch(/of 1240 calls/), { timeout: 10_000 });
  });
});
