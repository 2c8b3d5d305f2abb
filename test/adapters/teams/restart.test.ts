import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keyringFromKeys } from '../../../src/store/index.js';
import { createSqliteKeyValueStore } from '../../../src/store/sqlite-key-value-store.js';
import { type FakeTeams, startFakeTeams } from '../../helpers/fake-teams.js';
import { CHANNEL_ID, teamsPerson } from '../../helpers/fake-teams-activities.js';
import { startTeamsBot } from '../../helpers/fake-teams-bot.js';
import { textOf } from '../../helpers/fake-teams-cards.js';

/**
 * Conversation references survive a restart (docs/teams.md §4): two bot instances, one after the
 * other, on one real SQLite file and one Teams; the second reaches conversations only the first saw.
 */
const alice = teamsPerson('alice');
const keyring = keyringFromKeys(Buffer.alloc(32, 7));

describe('teams: references kept in the store', () => {
  let dir: string;
  let fake: FakeTeams;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'teams-refs-'));
    fake = await startFakeTeams();
  });
  afterEach(async () => {
    await fake.close();
    await rm(dir, { recursive: true, force: true });
  });
  const instance = () =>
    startTeamsBot({
      fake,
      stack: { kv: createSqliteKeyValueStore({ path: join(dir, 'bot.sqlite') }), keyring },
    });

  it('after a restart, an alert reaches a channel and a person nobody has written from since', async () => {
    const first = await instance();
    await first.say(alice, 'personal', 'help');
    await first.say(alice, 'channel', 'help');
    await first.close();

    const second = await instance();
    try {
      const tenant = fake.tenantId;
      const before = fake.connector.calls.length;
      await second.channel.notifier
        .open({ platform: 'teams', tenant, kind: 'chat', chatId: CHANNEL_ID })
        .post({ text: 'Low balance: 4,00 EUR' });
      await second.channel.notifier
        .open({ platform: 'teams', tenant, kind: 'user', user: alice.id })
        .post({ text: 'Call report: 3 min' });
      const posted = fake.connector.calls
        .slice(before)
        .filter((c) => c.method === 'POST' && c.status === 201);
      expect(posted.map((c) => [c.conversation, textOf(c.body ?? {})])).toEqual([
        [CHANNEL_ID, 'Low balance: 4,00 EUR'],
        [`a:${alice.id}`, 'Call report: 3 min'],
      ]);
    } finally {
      await second.close();
    }
  });
});
