import { beforeEach, describe, expect, it } from 'vitest';
import type { FakeCall } from '../../helpers/fake-telegram.js';
import { ManualScheduler } from '../../helpers/manual-scheduler.js';
import { alice, group, type Harness } from './harness.js';
import { telegramPerTest } from './per-test.js';

/**
 * Inputs that got silence (docs/interface.md §4.1, docs/privacy.md §2.2): edited messages, a
 * command for another bot in a private chat, a channel post, an anonymous group admin. Real grammY,
 * the fake Bot API, the real core over the sandbox.
 */
let h: Harness;

const telegram = telegramPerTest();
beforeEach(async () => {
  ({ h } = await telegram.onStack({ channel: { scheduler: new ManualScheduler() } }));
});

const to = (chatId: number) => (c: FakeCall) => Number(c.payload.chat_id) === chatId;
type Sent = { message: { message_id: number; chat: { id: number; type: 'private' | 'supergroup' } } };

/** Sends `text`, waits for the answer, and returns the user's message (to edit later). */
async function said(text: string, chat?: typeof group) {
  const mark = h.telegram.mark();
  const update = h.telegram.message(alice, text, chat) as unknown as Sent;
  await h.telegram.waitForCall(['sendMessage', 'sendRichMessage'], to(chat?.id ?? alice.id), { after: mark });
  return update.message;
}

describe('an edited message', () => {
  it('a read edited into /topup <PIN>: the PIN is deleted at once, and the top-up asks for a fresh confirmation', async () => {
    const original = await said('/help');
    const mark = h.telegram.mark();
    h.telegram.edit(alice, original, '/topup 12345678901234');
    const deleted = await h.telegram.waitForCall('deleteMessage', to(alice.id), { after: mark });
    expect(deleted.payload.message_id).toBe(original.message_id);
    const ask = await h.telegram.waitForCall('sendMessage', to(alice.id), { after: mark });
    expect(String(ask.payload.text)).toMatch(/Top up your account with this PIN\?/);
  });

  it('a command that changed something is not run again when edited; a possible secret in it is deleted', async () => {
    h.telegram.setAdmins(group.id, [alice.id]);
    const original = await said('/groupdata on', group);
    const mark = h.telegram.mark();
    h.telegram.edit(alice, original, '/groupdata off');
    const answer = await h.telegram.waitForCall('sendMessage', to(group.id), { after: mark });
    expect(String(answer.payload.text)).toMatch(/already carried out; I did not run the edit/);
    expect(h.telegram.calls.slice(mark).filter((c) => c.method === 'deleteMessage')).toHaveLength(1);
  });
});

describe('inputs that got silence', () => {
  it('/balance@otherbot in a private chat says whom it is for', async () => {
    const mark = h.telegram.mark();
    h.telegram.message(alice, '/balance@other_bot');
    const answer = await h.telegram.waitForCall('sendMessage', to(alice.id), { after: mark });
    expect(String(answer.payload.text)).toMatch(
      /addressed to @other_bot, not to me \(@tel_test_bot\).*\/balance/s,
    );
  });

  it('a command posted in a channel is answered there, pointing to a private chat', async () => {
    const channel = { id: -3001, type: 'channel' as const, title: 'News' };
    const mark = h.telegram.mark();
    h.telegram.channelPost(channel, '/balance');
    const answer = await h.telegram.waitForCall('sendMessage', to(channel.id), { after: mark });
    expect(String(answer.payload.text)).toMatch(/I do not take commands in channels.*t\.me\/tel_test_bot/s);
  });

  it('an anonymous group admin: an admin command runs, a personal one is refused with "post as yourself"', async () => {
    let mark = h.telegram.mark();
    h.telegram.anonymous('/groupdata on', group);
    const done = await h.telegram.waitForCall('sendMessage', to(group.id), { after: mark });
    expect(String(done.payload.text)).toMatch(/personal data may now be shown in this group/);
    mark = h.telegram.mark();
    h.telegram.anonymous('/balance', group);
    const refused = await h.telegram.waitForCall('sendMessage', to(group.id), { after: mark });
    expect(String(refused.payload.text)).toMatch(/posting anonymously as the group/);
  });
});

describe('German', () => {
  it('the other bot’s command is answered in German for a German app', async () => {
    const otto = { id: 1009, first_name: 'Otto', language_code: 'de' };
    const mark = h.telegram.mark();
    h.telegram.message(otto, '/balance@other_bot');
    const answer = await h.telegram.waitForCall('sendMessage', to(otto.id), { after: mark });
    expect(String(answer.payload.text)).toMatch(/richtet sich an @other_bot/);
  });
});
