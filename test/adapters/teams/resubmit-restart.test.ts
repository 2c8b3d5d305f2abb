import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../../src/sandbox/index.js';
import { keyringFromKeys } from '../../../src/store/index.js';
import { createSqliteKeyValueStore } from '../../../src/store/sqlite-key-value-store.js';
import { type FakeTeams, startFakeTeams } from '../../helpers/fake-teams.js';
import { teamsPerson } from '../../helpers/fake-teams-activities.js';
import { startTeamsBot } from '../../helpers/fake-teams-bot.js';
import { actionsOf } from '../../helpers/fake-teams-cards.js';
import { invokeText } from '../../helpers/teams-held.js';

/**
 * A PIN card submitted again on another instance (here: after a restart, one SQLite file): the
 * nonce is claimed in the store, the first answer was this process's only (docs/teams.md §3.4).
 * The second hears what is true: sent once, its answer in the chat or on the card, never a
 * promise that an answer follows.
 */
const alice = teamsPerson('alice');
const keyring = keyringFromKeys(Buffer.alloc(32, 7));

describe('teams: a secret form submitted again on another instance', () => {
  let dir: string;
  let fake: FakeTeams;
  let sandbox: Sandbox;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'teams-resubmit-'));
    fake = await startFakeTeams();
    sandbox = createSandbox({});
    await sandbox.listen({ port: 0 });
  });
  afterEach(async () => {
    await fake.close();
    await sandbox.close();
    await rm(dir, { recursive: true, force: true });
  });
  const instance = () =>
    startTeamsBot({
      fake,
      stack: {
        kv: createSqliteKeyValueStore({ path: join(dir, 'bot.sqlite') }),
        keyring,
        sharedSandbox: sandbox,
      },
    });

  it('is told it was sent once and what to do if no answer is seen', async () => {
    const first = await instance();
    await first.stack.linkDemo(first.identity(alice));
    await first.say(alice, 'personal', 'topup');
    const messageId = [...fake.connector.messages.keys()].at(-1)!;
    const card = fake.connector.messages.get(messageId)!.activity;
    const data = { ...actionsOf(card).find((a) => a.data.form === 'topup')!.data, pin: '1000000001' };
    await first.press(alice, 'personal', messageId, data);
    await first.close();

    const second = await instance();
    try {
      const again = invokeText((await second.press(alice, 'personal', messageId, data)).body);
      expect(again).toMatch(/already sent/i);
      expect(again).not.toMatch(/follows/i);
      expect(again).toMatch(/send .* again/i);
    } finally {
      await second.close();
    }
  });
});
