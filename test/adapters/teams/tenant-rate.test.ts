import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chatReferenceKey, storedReferences } from '../../../src/adapters/teams/references.js';
import { startTeamsBot, type TeamsBot } from '../../helpers/fake-teams-bot.js';
import { textOf } from '../../helpers/fake-teams-cards.js';
import { TENANT_LIMIT_PER_SECOND } from '../../helpers/fake-teams-connector.js';

/**
 * Teams' global limit per app per tenant (docs/teams.md §4): every request counts, whatever the
 * conversation. The fake answers 429 with Retry-After past it; the channel's one sender paces its
 * requests under it (and under each thread's limits), so a burst of alerts to many channels loses none
 * and draws no 429.
 */
const CHANNELS = 120;
const channelId = (i: number) => `19:c${i}@thread.tacv2`;

describe('teams: the per-tenant rate', () => {
  let bot: TeamsBot;
  beforeEach(async () => {
    bot = await startTeamsBot();
    const refs = storedReferences(bot.stack.stores.references);
    for (let i = 0; i < CHANNELS; i += 1)
      await refs.set(chatReferenceKey(bot.teams.tenantId, channelId(i)), {
        serviceUrl: bot.teams.serviceUrl,
        tenantId: bot.teams.tenantId,
        conversationId: channelId(i),
        isGroup: true,
      });
  });
  afterEach(async () => {
    await bot.close();
  });
  const alert = (i: number) =>
    bot.channel.notifier
      .open({ platform: 'teams', tenant: bot.teams.tenantId, kind: 'chat', chatId: channelId(i) })
      .post({ text: `Low balance ${i}` });

  it('the fake: past the tenant limit in one second, any conversation is 429 with Retry-After', () => {
    const { connector } = bot.teams;
    const post = (i: number) => connector.handle('POST', [channelId(i), 'activities'], false, { text: 'x' });
    for (let i = 0; i < TENANT_LIMIT_PER_SECOND; i += 1) expect(post(i).status).toBe(201);
    expect(post(TENANT_LIMIT_PER_SECOND)).toMatchObject({ status: 429, headers: { 'retry-after': '1' } });
    bot.teams.advance(1_000);
    expect(post(TENANT_LIMIT_PER_SECOND).status).toBe(201);
  });

  it('a burst of alerts to many channels is paced under the limit: none lost, no 429', async () => {
    await Promise.all(Array.from({ length: CHANNELS }, (_, i) => alert(i)));
    const calls = bot.teams.connector.calls;
    expect(calls.filter((c) => c.status === 429)).toEqual([]);
    const posted = calls
      .filter((c) => c.method === 'POST' && c.status === 201)
      .map((c) => textOf(c.body ?? {}));
    expect(posted.sort()).toEqual(Array.from({ length: CHANNELS }, (_, i) => `Low balance ${i}`).sort());
    expect(bot.waits.length).toBeGreaterThan(0);
  });
});
