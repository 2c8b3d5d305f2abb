import { describe, expect, it } from 'vitest';
import { ManualScheduler } from '../../helpers/manual-scheduler.js';
import { seedWithCalls } from '../../helpers/seed-with-calls.js';
import { press, say } from './drive.js';
import { alice, bob, group } from './harness.js';
import { telegramPerTest } from './per-test.js';

/**
 * One group conversation, before and after ephemeral messages (Bot API 10.2), read from the fake
 * Bot API's record of the chat: who wrote, and who sees each message. `PRINT_TRANSCRIPT=1` prints
 * both, with the rich table as Telegram received it, for the README and the closing note.
 */
const perTest = telegramPerTest();

async function conversation(showToOne: boolean) {
  const { h } = await perTest.onStack({
    stack: { sandbox: { data: seedWithCalls(25) } },
    channel: { scheduler: new ManualScheduler(), ephemeral: showToOne ? 'auto' : 'off' },
  });
  h.telegram.message(bob, 'Who has the balance?', group);
  await say(h.telegram, alice, '/balance', group);
  await say(h.telegram, alice, '/cdrs 7d today 500', group);
  const where = showToOne ? group.id : alice.id;
  const turned = await press(h.telegram, alice, '▶', where);
  await h.telegram.waitForCall(['editMessageText', 'editEphemeralMessageText'], () => true, {
    after: turned.mark,
  });
  const rich = h.telegram.callsOf('sendRichMessage')[0]!.payload;
  const note = {
    group: h.telegram.transcript(group.id),
    alicePrivately: h.telegram.transcript(alice.id),
    rich,
  };
  if (process.env.PRINT_TRANSCRIPT) console.log(JSON.stringify({ showToOne, ...note }, null, 2));
  return note;
}

describe('a Telegram group, before and after ephemeral messages', () => {
  it('before: the answers leave the group for the private chat, and the group reads where they went', async () => {
    const { group: inGroup, alicePrivately } = await conversation(false);
    expect(inGroup.filter((l) => l.startsWith('bot'))).toEqual([
      'bot: Alice, I sent the answer to our private chat.',
      'bot: Alice, I sent the answer to our private chat.',
    ]);
    expect(alicePrivately.join('\n')).toMatch(/Balance[\s\S]*Page 2 of 2/);
  });

  it('after: each answer is in the group, where Alice asked, and only Alice sees it', async () => {
    const { group: inGroup, alicePrivately } = await conversation(true);
    const bots = inGroup.filter((l) => l.startsWith('bot'));
    expect(bots).toHaveLength(2);
    for (const line of bots) expect(line).toMatch(/^bot \(only Alice sees it\): /);
    expect(bots[0]).toMatch(/Balance: €18\.40/);
    // The table's page turned in place: still one message, now on page 2.
    expect(bots[1]).toMatch(/Page 2 of 2/);
    expect(alicePrivately).toEqual([]);
  });
});
