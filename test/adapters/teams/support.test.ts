import { writeFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { md5Hex } from '../../../src/telephony/signature.js';
import {
  CHANNEL_ID,
  type Scope,
  type TeamsPerson,
  teamsPerson,
} from '../../helpers/fake-teams-activities.js';
import { startTeamsBot, type TeamsBot } from '../../helpers/fake-teams-bot.js';
import { actionsOf, textOf } from '../../helpers/fake-teams-cards.js';

/**
 * Support channels in Teams (docs/teams.md §3.2, docs/money-guard.md §2): team owners approve, four
 * eyes, the audit in the channel. With `TEAMS_TRANSCRIPT=<file>` the last test writes what the
 * Connector API received, as the closing note shows it (docs/teams.md §5).
 */
const alice = teamsPerson('alice');
const bob = teamsPerson('bob');
const carol = teamsPerson('carol');
const CARD = '+4917012345678';

describe('teams: support channels', () => {
  let bot: TeamsBot;
  const log: string[] = [];
  beforeEach(async () => {
    bot = await startTeamsBot();
    for (const p of [alice, bob, carol]) bot.teams.connector.installedFor.add(p.id);
    bot.teams.connector.members.set(alice.id, 'owner');
    bot.teams.connector.members.set(carol.id, 'owner');
    bot.teams.connector.members.set(bob.id, 'user');
    log.length = 0;
  });
  afterEach(async () => {
    await bot.close();
  });

  /** Says `text` as `who` and notes it, then what the Connector API received meanwhile. */
  const said = async (who: TeamsPerson, scope: Scope, text: string) => {
    const from = bot.teams.connector.calls.length;
    log.push(`>> ${who.name} in ${scope}: ${text}`);
    await bot.say(who, scope, text);
    record(from);
  };
  const pressed = async (
    who: TeamsPerson,
    scope: Scope,
    label: string,
    extra: Record<string, string> = {},
  ) => {
    const messages = [...bot.teams.connector.messages.values()].reverse();
    const card = messages.find((m) => actionsOf(m.activity).some((a) => a.title === label))!;
    const action = actionsOf(card.activity).find((a) => a.title === label)!;
    const from = bot.teams.connector.calls.length;
    log.push(
      `>> ${who.name} presses [${label}] on ${card.id}${Object.keys(extra).length ? ' (card inputs filled)' : ''}`,
    );
    const answer = await bot.press(who, scope, card.id, { ...action.data, ...extra });
    record(from);
    const body = answer.body as { type?: string; value?: unknown } | undefined;
    const shown =
      typeof body?.value === 'string' ? body.value : textOf({ attachments: [{ content: body?.value }] });
    log.push(`   invoke answered ${answer.status}: ${shown.replace(/\n/g, ' | ')}`);
  };
  const record = (from: number) => {
    for (const c of bot.teams.connector.calls.slice(from)) {
      const to = (c.body?.recipient as { id?: string } | undefined)?.id;
      const under = c.method === 'GET' ? 'members' : 'activities';
      const path = `v3/conversations${c.conversation ? `/${c.conversation}/${under}` : ''}${c.activityId ? `/${c.activityId}` : ''}`;
      const flags = `${c.targeted ? '?isTargetedActivity=true' : ''}${to ? ` (recipient ${to})` : ''}`;
      log.push(
        `   ${c.method} ${path}${flags} → ${c.status}${c.body ? `: ${textOf(c.body).replace(/\n/g, ' | ')}` : ''}`,
      );
    }
  };

  it('an approval card is pressed by a second agent: four eyes, owners only, the result public', async () => {
    await bot.stack.linkDemo(bot.identity(bob));
    await said(alice, 'channel', 'approvals on card block');
    await said(bob, 'channel', `card block ${CARD}`);
    await pressed(bob, 'channel', 'Approve');
    expect(bot.stack.sandbox.state.card(CARD.slice(1))?.state).toBe('active');
    await pressed(carol, 'channel', 'Approve');
    expect(bot.stack.sandbox.state.card(CARD.slice(1))?.state).toBe('blocked');
    const shared = bot.teams.connector.visibleTo(CHANNEL_ID, '29:nobody').map((m) => textOf(m.activity));
    expect(shared.join('\n')).toMatch(/bob asks to block the card …5678/);
    expect(shared.join('\n')).toMatch(/Approved by carol\. Done\./);
  });

  it('a support channel runs with the team’s credentials for its agents, and records the audit there', async () => {
    const key = `teams:${bot.teams.tenantId}:${CHANNEL_ID}`;
    await bot.stack.stores.credentials.set(key, {
      credentials: [
        { label: 'team', kind: 'account', username: 'demo', md5: md5Hex('demo'), linkedAt: '' },
        { label: 'team-cards', kind: 'card', username: 'cards', md5: md5Hex('cards'), linkedAt: '' },
      ],
      active: 'team',
    });
    await bot.stack.stores.settings.updateChat(key, {
      support: {
        agents: [bob.id],
        setupBy: `teams:${bot.teams.tenantId}:${alice.id}`,
        setupAt: new Date().toISOString(),
      },
    });
    await said(bob, 'channel', `card block ${CARD}`);
    await pressed(bob, 'channel', 'Confirm');
    expect(bot.stack.sandbox.state.card(CARD.slice(1))?.state).toBe('blocked');
    const posted = bot.teams.connector.calls.filter(
      (c) => c.conversation === CHANNEL_ID && c.method === 'POST',
    );
    const audit = posted
      .map((c) => textOf(c.body ?? {}))
      .filter((t) => /card block/.test(t) && /<at>bob<\/at>/.test(t));
    expect(audit.length).toBeGreaterThan(0);
  });

  it('the closing note: a personal chat (link by card, /balance), a channel (@mention, targeted answer), an approval', async () => {
    await said(alice, 'personal', 'link');
    await pressed(alice, 'personal', 'Link', { username: 'demo', password: 'demo' });
    await said(alice, 'personal', '/balance');
    await bot.stack.linkDemo(bot.identity(bob));
    await said(bob, 'channel', 'balance');
    await said(alice, 'channel', 'approvals on card block');
    await said(bob, 'channel', `card block ${CARD}`);
    await pressed(carol, 'channel', 'Approve');
    expect(log.join('\n')).not.toMatch(/password":"demo|demo \(password/);
    expect(bot.stack.sandbox.state.card(CARD.slice(1))?.state).toBe('blocked');
    const file = process.env.TEAMS_TRANSCRIPT;
    if (file) writeFileSync(file, `${log.join('\n')}\n`);
  });
});
