import { afterEach, describe, expect, it } from 'vitest';
import { createFakeCore, type FakeCore } from '../../helpers/fake-core.js';
import type { FakeCall } from '../../helpers/fake-telegram.js';
import { alice, bob, gate, group, type Harness, startHarness } from './harness.js';

/**
 * The adapter's own behaviour against a hand-written core: what reaches the core, and how its
 * replies reach Telegram. Real grammY talks HTTP to the fake Bot API.
 */

let h: Harness | undefined;
let core: FakeCore;

afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function start(overrides = {}) {
  core = createFakeCore('telegram');
  h = await startHarness(core, overrides);
  return h;
}

const textTo = (chatId: number) => (c: FakeCall) => Number(c.payload.chat_id) === chatId;

/** Bob's call records in the group, a table only he sees (page 1 of 2); a press turns to page 2. */
async function ephemeralTable(telegram: Harness['telegram']) {
  const page = (n: number) => ({
    title: 'Calls',
    table: { columns: ['Number'], rows: [[`+4930${n}`]], caption: `Page ${n} of 2` },
    actions: [{ label: '▶', actionId: 'p:x:1' }],
    audience: 'actor' as const,
    visibility: 'personal' as const,
  });
  core.onText = () => [page(1)];
  core.onAction = () => ({ update: page(2) });
  telegram.message(bob, '/cdrs', group);
  await telegram.waitForCall('sendRichMessage');
  return telegram.visibleTo(group.id, bob.id).find((m) => m.ephemeral_message_id)!;
}

describe('start', () => {
  it('registers the command menus per chat kind and clears a webhook before polling', async () => {
    const { telegram } = await start();
    const menus = telegram.callsOf('setMyCommands');
    // One menu per chat kind, in English for everyone and German for German apps (docs/language.md §1.3).
    expect(menus.map((c) => [c.payload.scope, c.payload.language_code])).toEqual([
      [{ type: 'all_private_chats' }, undefined],
      [{ type: 'all_private_chats' }, 'de'],
      [{ type: 'all_group_chats' }, undefined],
      [{ type: 'all_group_chats' }, 'de'],
    ]);
    expect(menus[0]?.payload.commands).toEqual(core.menu('private', 'en'));
    expect(menus[1]?.payload.commands).toEqual(core.menu('private', 'de'));
    expect(menus[2]?.payload.commands).toEqual(core.menu('shared', 'en'));
    expect(telegram.callsOf('deleteWebhook')).toHaveLength(1);
  });
});

describe('messages', () => {
  it('sends private text to the core with the identity and renders the reply as HTML', async () => {
    const { telegram } = await start();
    core.onText = () => [{ title: 'Hi <you>', fields: [{ label: 'Balance', value: '12,00 EUR' }] }];
    telegram.message(alice, 'hello & <b>');
    const sent = await telegram.waitForCall('sendMessage', textTo(alice.id));
    expect(core.texts[0]).toMatchObject({
      identity: { platform: 'telegram', tenant: '', user: '1001', displayName: 'Alice' },
      chat: { id: '1001', kind: 'private' },
      text: 'hello & <b>',
      locale: 'en',
    });
    expect(sent.payload).toMatchObject({
      parse_mode: 'HTML',
      text: '<b>Hi &lt;you&gt;</b>\n\nBalance: <code>12,00 EUR</code>',
    });
  });

  it('accepts /command@ourbot in a group, and ignores other bots and plain chatter', async () => {
    const { telegram } = await start();
    telegram.message(alice, 'just talking', group);
    telegram.message(alice, '/balance@other_bot', group);
    telegram.message(alice, '/balance@Tel_Test_Bot now', group);
    await telegram.waitForCall('sendMessage', textTo(group.id));
    expect(core.texts.map((t) => t.text)).toEqual(['/balance now']);
    expect(core.texts[0]?.chat).toEqual({ id: String(group.id), kind: 'shared', userIsAdmin: false });
  });

  it('tells the core whether the user administers the group', async () => {
    const { telegram } = await start();
    telegram.setAdmins(group.id, [alice.id]);
    telegram.message(alice, '/settings', group);
    await telegram.waitForCall('sendMessage', textTo(group.id));
    expect(core.texts[0]?.chat.userIsAdmin).toBe(true);
  });

  it('passes a /start deep-link parameter through', async () => {
    const { telegram } = await start();
    telegram.message(alice, '/start topup');
    await telegram.waitForCall('sendMessage');
    expect(core.texts[0]?.text).toBe('/start topup');
  });

  it('deletes a message that held a secret before answering', async () => {
    const { telegram } = await start();
    core.onText = () => [{ text: 'I deleted your message with the password.', deleteIncoming: true }];
    const update = telegram.message(alice, 's3cret');
    const answer = await telegram.waitForCall('sendMessage');
    const deleted = await telegram.waitForCall('deleteMessage');
    expect(deleted.seq).toBeLessThan(answer.seq);
    expect(deleted.payload).toEqual({
      chat_id: alice.id,
      message_id: (update.message as { message_id: number }).message_id,
    });
    expect(telegram.messages(alice.id)[0]?.deleted).toBe(true);
  });

  it('sends a file as a document', async () => {
    const { telegram } = await start();
    core.onText = () => [
      { text: 'Your calls', file: { name: 'cdrs.csv', mimeType: 'text/csv', content: 'a;b\n1;2\n' } },
    ];
    telegram.message(alice, '/cdrs');
    const doc = await telegram.waitForCall('sendDocument');
    expect(doc.file).toMatchObject({ name: 'cdrs.csv', content: 'a;b\n1;2\n' });
    expect(doc.seq).toBeGreaterThan(telegram.callsOf('sendMessage')[0]!.seq);
  });

  const callRows = (n: number) =>
    Array.from({ length: n }, (_, i) => [`2026-11-0${i % 9} 10:00`, `+4930${i}`, `${i},00 EUR`]);

  it('sends a table as one rich table: a header row, numbers right-aligned, every row', async () => {
    const { telegram } = await start();
    core.onText = () => [
      { title: 'Calls', table: { columns: ['Date', 'Number', 'Cost'], rows: callRows(300) } },
    ];
    telegram.message(alice, '/cdrs');
    const sent = await telegram.waitForCall('sendRichMessage');
    const blocks = (sent.payload.rich_message as { blocks: { type: string; cells?: unknown[][] }[] }).blocks;
    expect(blocks[0]).toEqual({ type: 'heading', size: 3, text: 'Calls' });
    const table = blocks.find((b) => b.type === 'table') as { cells: { text: string; align: string }[][] };
    expect(table.cells).toHaveLength(301);
    expect(table.cells[0]!.map((c) => c.text)).toEqual(['Date', 'Number', 'Cost']);
    expect(table.cells[300]!.map((c) => [c.text, c.align])).toEqual([
      ['2026-11-02 10:00', 'left'],
      ['+4930299', 'left'],
      ['299,00 EUR', 'right'],
    ]);
    expect(telegram.callsOf('sendMessage')).toHaveLength(0);
  });

  it('splits a table beyond the rich limits (500 blocks) into texts within 4096, <pre> balanced, no row lost', async () => {
    const { telegram } = await start();
    const rows = callRows(600);
    core.onText = () => [{ title: 'Calls', table: { columns: ['Date', 'Number', 'Cost'], rows } }];
    telegram.message(alice, '/cdrs');
    await telegram.waitForCall('sendMessage', (c) => String(c.payload.text).includes('+4930599 '));
    const parts = telegram.callsOf('sendMessage');
    expect(parts.length).toBeGreaterThan(5);
    for (const part of parts) {
      const text = String(part.payload.text);
      expect(text.length).toBeLessThanOrEqual(4096);
      expect(text.split('<pre>').length).toBe(text.split('</pre>').length);
    }
    const all = telegram
      .botMessages(alice.id)
      .map((m) => m.text)
      .join('\n');
    for (const [, number] of rows) expect(all).toContain(`${number} `);
    expect(telegram.callsOf('sendRichMessage')).toHaveLength(0);
  });

  it('sends the text form, every row, when Telegram refuses the rich table', async () => {
    const { telegram } = await start();
    const rows = callRows(30);
    core.onText = () => [{ title: 'Calls', table: { columns: ['Date', 'Number', 'Cost'], rows } }];
    telegram.failNext('sendRichMessage', 1, {
      ok: false,
      error_code: 400,
      description: 'Bad Request: method is unavailable',
    });
    telegram.message(alice, '/cdrs');
    const text = await telegram.waitForCall('sendMessage', textTo(alice.id));
    for (const [, number] of rows) expect(String(text.payload.text)).toContain(number);
    // The core's road out asked for the plainer form after the refusal (docs/reliability.md §2.4).
    expect(telegram.callsOf('sendRichMessage').map((c) => c.response.error_code)).toEqual([400]);
  });

  it('answers with a notice when the core throws, and keeps running', async () => {
    const { telegram, logs } = await start();
    core.onText = (input) => {
      if (input.text === 'boom') throw new Error('kaput');
      return [{ text: 'fine' }];
    };
    telegram.message(alice, 'boom');
    const notice = await telegram.waitForCall('sendMessage');
    expect(String(notice.payload.text)).toMatch(/went wrong/);
    const mark = telegram.mark();
    telegram.message(alice, 'again');
    expect((await telegram.waitForCall('sendMessage', () => true, { after: mark })).payload.text).toBe(
      'fine',
    );
    expect(logs.some((l) => l.level === 'error')).toBe(true);
  });
});

describe('private delivery from a group', () => {
  it('shows a reply placed for the actor to them alone, in the group, in reply to their message', async () => {
    const { telegram } = await start();
    core.onText = () => [{ title: 'Balance', text: '12,00 EUR', audience: 'actor', visibility: 'personal' }];
    const asked = telegram.message(bob, '/balance', group) as unknown as { message: { message_id: number } };
    const shown = await telegram.waitForCall('sendMessage', textTo(group.id));
    expect(shown.payload.ephemeral_message_parameters).toEqual({ receiver_user_id: bob.id });
    expect(shown.payload.reply_parameters).toMatchObject({ message_id: asked.message.message_id });
    expect(String(shown.payload.text)).toContain('12,00 EUR');
    // Bob reads it where he asked; Alice, in the same group, does not; nothing went private.
    expect(telegram.visibleTo(group.id, bob.id).some((m) => m.text?.includes('12,00'))).toBe(true);
    expect(telegram.visibleTo(group.id, alice.id).some((m) => m.text?.includes('12,00'))).toBe(false);
    expect(telegram.callsOf('sendMessage').filter(textTo(bob.id))).toEqual([]);
  });

  it('reaches a member who never started the bot: the answer is shown in the group, no deep link needed', async () => {
    const { telegram } = await start();
    telegram.blockPrivate(bob.id);
    core.onText = () => [{ text: 'Balance 12,00 EUR', audience: 'actor', visibility: 'personal' }];
    telegram.message(bob, '/balance', group);
    await telegram.waitForCall('sendMessage', textTo(group.id));
    expect(telegram.visibleTo(group.id, bob.id).map((m) => m.text)).toContain('Balance 12,00 EUR');
    // Nothing refused but the start's probe for ephemeral messages (dummy ids: a 10.2 server's 400).
    expect(telegram.calls.filter((c) => !c.response.ok).map((c) => c.method)).toEqual([
      'editEphemeralMessageText',
    ]);
  });

  it('takes the private chat, and says so in the group, when Telegram refuses the ephemeral message', async () => {
    const { telegram, logs } = await start();
    core.onText = () => [{ title: 'Balance', text: '12,00 EUR', audience: 'actor', visibility: 'personal' }];
    telegram.message(bob, '/balance', group);
    // Bob left before the answer: Telegram refuses a receiver who is not in the group.
    telegram.leave(group.id, bob.id);
    const notice = await telegram.waitForCall('sendMessage', (c) => textTo(group.id)(c) && c.response.ok);
    const privately = telegram.callsOf('sendMessage').find(textTo(bob.id));
    expect(privately?.payload.text).toContain('12,00 EUR');
    expect(privately!.seq).toBeLessThan(notice.seq);
    expect(String(notice.payload.text)).toContain('<a href="tg://user?id=1002">Bob &lt;b&gt;</a>');
    expect(String(notice.payload.text)).not.toContain('12,00');
    expect(notice.payload.ephemeral_message_parameters).toBeUndefined();
    expect(logs.map((l) => l.msg)).toContain('telegram: ephemeral message refused; using the private chat');
  });

  it('offers a deep link in the group when the user never started the bot', async () => {
    const { telegram } = await start();
    telegram.blockPrivate(bob.id);
    core.onText = () => [{ text: 'secret stuff', audience: 'private' }];
    telegram.message(bob, '/lines', group);
    const notice = await telegram.waitForCall('sendMessage', textTo(group.id));
    expect(String(notice.payload.text)).toMatch(/can't write to you privately/);
    expect(notice.payload.reply_markup).toEqual({
      inline_keyboard: [[{ text: 'Open private chat', url: 'https://t.me/tel_test_bot?start=private' }]],
    });
    // The only attempt with the text was the refused private one; nothing reached the group.
    const carrying = telegram.calls.filter((c) => JSON.stringify(c.payload).includes('secret stuff'));
    expect(carrying.map((c) => [c.payload.chat_id, c.response.error_code])).toEqual([[bob.id, 403]]);
    expect(telegram.messages(group.id).some((m) => m.text?.includes('secret stuff'))).toBe(false);
  });

  it('obeys the core: an `actor` reply is for the actor alone, a `chat` one for the group (no rule of its own)', async () => {
    const { telegram } = await start();
    core.onText = () => [{ text: 'Balance 12,00 EUR', visibility: 'personal', audience: 'actor' }];
    telegram.message(bob, '/balance', group);
    const one = await telegram.waitForCall('sendMessage', textTo(group.id));
    expect(one.payload.ephemeral_message_parameters).toEqual({ receiver_user_id: bob.id });

    // The core placed it in the chat (the group allowed personal data): the adapter does not second-guess.
    core.onText = () => [{ text: 'Balance 12,00 EUR', visibility: 'personal', audience: 'chat' }];
    const mark = telegram.mark();
    telegram.message(bob, '/balance', group);
    const inGroup = await telegram.waitForCall('sendMessage', textTo(group.id), { after: mark });
    expect(inGroup.payload.text).toBe('Balance 12,00 EUR');
    expect(inGroup.payload.ephemeral_message_parameters).toBeUndefined();
  });

  it('renders a private redirect with a deep-link button', async () => {
    const { telegram } = await start();
    core.onText = () => [
      { text: 'Top-ups only in a private chat.', privateRedirect: { startParam: 'topup' } },
    ];
    telegram.message(bob, '/topup 1234', group);
    const sent = await telegram.waitForCall('sendMessage', textTo(group.id));
    expect(sent.payload.reply_markup).toEqual({
      inline_keyboard: [[{ text: 'Open private chat', url: 'https://t.me/tel_test_bot?start=topup' }]],
    });
  });
});

describe('buttons', () => {
  it('answers the press, edits the message without its keyboard, and sends follow-ups', async () => {
    const { telegram } = await start();
    core.onText = () => [{ text: 'Top up?', actions: [{ label: 'Confirm', actionId: 'c:1' }] }];
    core.onAction = () => ({
      notice: 'Done',
      update: { text: 'Topped up' },
      followUps: [{ text: 'Balance 20' }],
    });
    telegram.message(alice, '/topup 1234');
    await telegram.waitForCall('sendMessage');
    const [confirmation] = telegram.botMessages(alice.id);
    expect(confirmation?.reply_markup).toBeDefined();
    telegram.press(alice, confirmation!, 'c:1');
    const answer = await telegram.waitForCall('answerCallbackQuery');
    const edit = await telegram.waitForCall('editMessageText');
    const followUp = await telegram.waitForCall('sendMessage', (c) => c.payload.text === 'Balance 20');
    expect(answer.payload.text).toBe('Done');
    expect(answer.seq).toBeLessThan(edit.seq);
    expect(edit.seq).toBeLessThan(followUp.seq);
    expect(core.actions[0]).toMatchObject({ actionId: 'c:1', identity: { user: '1001' } });
    expect(telegram.botMessages(alice.id)[0]).toMatchObject({ text: 'Topped up' });
    expect(telegram.botMessages(alice.id)[0]?.reply_markup).toBeUndefined();
  });

  it("shows an outcome the core placed for the presser alone in place of the group's message, for them only", async () => {
    const { telegram } = await start();
    core.onText = () => [{ text: 'Which account?', actions: [{ label: 'Mine', actionId: 'm:x' }] }];
    core.onAction = () => ({
      update: { text: 'Yours: 12,00 EUR', audience: 'actor', visibility: 'personal' },
    });
    telegram.message(bob, '/accounts', group);
    await telegram.waitForCall('sendMessage', textTo(group.id));
    const [question] = telegram.botMessages(group.id);
    telegram.press(bob, question!, 'm:x');
    const shown = await telegram.waitForCall('sendMessage', (c) => c.payload.text === 'Yours: 12,00 EUR');
    expect(shown.payload.ephemeral_message_parameters).toEqual({
      receiver_user_id: bob.id,
      callback_query_id: expect.stringMatching(/^cq/),
      replace_callback_query_message: true,
    });
    // The group's message stays as it was for everyone; nothing went to the private chat.
    expect(telegram.callsOf('editMessageText')).toEqual([]);
    expect(telegram.visibleTo(group.id, alice.id).map((m) => m.text)).toEqual([
      '/accounts',
      'Which account?',
    ]);
    expect(telegram.messages(bob.id)).toEqual([]);
  });

  it('turns a page of an ephemeral table in place, as text when Telegram refuses the rich edit', async () => {
    const { telegram } = await start();
    const list = await ephemeralTable(telegram);
    telegram.failNext('editEphemeralMessageText', 1, {
      ok: false,
      error_code: 400,
      description: 'Bad Request: unsupported',
    });
    telegram.press(bob, list, 'p:x:1');
    const edit = await telegram.waitForCall('editEphemeralMessageText', (c) => c.response.ok);
    expect(edit.payload).toMatchObject({ parse_mode: 'HTML', receiver_user_id: bob.id });
    expect(String(edit.payload.text)).toContain('+49302');
    expect(core.actions[0]).toMatchObject({ pressedPrivately: true });
    expect(telegram.callsOf('sendMessage')).toEqual([]);
  });

  it('a page turn of an ephemeral table without an answer (502) is not edited again nor sent anew', async () => {
    const { telegram, logs } = await start();
    const list = await ephemeralTable(telegram);
    telegram.failNext('editEphemeralMessageText', 1, {
      ok: false,
      error_code: 502,
      description: 'Bad Gateway',
    });
    const update = telegram.press(bob, list, 'p:x:1');
    await telegram.waitForCall('answerCallbackQuery');
    await telegram.waitForCall('editEphemeralMessageText', (c) => !c.response.ok);
    await h!.channel.stop();
    // The core's order of forms: after no answer nothing more (before, the adapter's own fallback threw the 502 up).
    expect(
      telegram
        .callsOf('editEphemeralMessageText')
        .filter((c) => Number(c.payload.user_id ?? c.payload.receiver_user_id) === bob.id),
    ).toHaveLength(1);
    expect(telegram.callsOf('sendRichMessage')).toHaveLength(1);
    expect(telegram.callsOf('sendMessage')).toEqual([]);
    expect(logs.filter((l) => l.level === 'error').map((l) => l.msg)).toEqual([]);
    expect(update.update_id).toBeGreaterThan(0);
  });

  it('shows a refusal notice and leaves the message alone', async () => {
    const { telegram } = await start();
    core.onText = () => [{ text: 'Top up?', actions: [{ label: 'Confirm', actionId: 'c:1' }] }];
    core.onAction = () => ({ notice: 'Only Alice can confirm this.' });
    telegram.message(alice, '/topup 1', group);
    await telegram.waitForCall('sendMessage', textTo(group.id));
    telegram.press(bob, telegram.botMessages(group.id)[0]!, 'c:1');
    const answer = await telegram.waitForCall('answerCallbackQuery');
    expect(answer.payload.text).toBe('Only Alice can confirm this.');
    expect(telegram.callsOf('editMessageText')).toHaveLength(0);
  });
});

describe('reliability', () => {
  it('retries a sendMessage answered 429 after retry_after, and delivers it once', async () => {
    const { telegram } = await start();
    telegram.failNext('sendMessage', 1);
    telegram.message(alice, 'hi');
    await telegram.waitForCall('sendMessage', (c) => c.response.ok);
    const sends = telegram.callsOf('sendMessage');
    expect(sends.map((c) => c.response.error_code ?? 200)).toEqual([429, 200]);
    expect(telegram.botMessages(alice.id)).toHaveLength(1);
  });

  it('does not retry a 5xx: the message may have gone out', async () => {
    const { telegram, logs } = await start();
    telegram.failNext('sendMessage', 1, { ok: false, error_code: 502, description: 'Bad Gateway' });
    telegram.message(alice, 'hi');
    await telegram.waitForCall('sendMessage');
    const mark = telegram.mark();
    telegram.message(alice, 'next');
    await telegram.waitForCall('sendMessage', () => true, { after: mark });
    expect(telegram.callsOf('sendMessage').map((c) => c.payload.text)).toEqual(['echo: hi', 'echo: next']);
    // Reported unknown to the core's road out, which logs and counts it (docs/reliability.md §2.4).
    expect(logs.map((l) => l.msg)).not.toContain('telegram: update failed');
  });

  it('drops a redelivered update before the core sees it', async () => {
    const { telegram } = await start();
    const update = telegram.message(alice, '/topup 1234');
    await telegram.waitForCall('sendMessage');
    telegram.redeliver(update);
    const mark = telegram.mark();
    telegram.message(alice, 'after');
    await telegram.waitForCall('sendMessage', () => true, { after: mark });
    expect(core.texts.map((t) => t.text)).toEqual(['/topup 1234', 'after']);
  });

  it('keeps one chat in order while another chat is not held up', async () => {
    const { telegram } = await start();
    const held = gate();
    core.onText = async (input) => {
      if (input.text === 'slow') await held.promise;
      return [{ text: `done ${input.text}` }];
    };
    telegram.message(alice, 'slow');
    telegram.message(alice, 'second');
    telegram.message(bob, 'other chat');
    // Bob is answered while Alice's first message is still with the provider.
    await telegram.waitForCall('sendMessage', textTo(bob.id));
    expect(telegram.callsOf('sendMessage').filter(textTo(alice.id))).toHaveLength(0);
    expect(core.texts.map((t) => t.text)).toEqual(['slow', 'other chat']);
    held.open();
    const [first, second] = await telegram.waitForCalls('sendMessage', 2, textTo(alice.id));
    expect([first?.payload.text, second?.payload.text]).toEqual(['done slow', 'done second']);
  });

  it('answers a second press at once while the first press of the chat still runs (no wait behind it)', async () => {
    const { telegram } = await start();
    const held = gate();
    let presses = 0;
    core.onText = () => [{ text: 'Top up?', actions: [{ label: 'Confirm', actionId: 'c:1' }] }];
    core.onAction = async () => {
      presses += 1;
      // The first press runs (the provider is slow); the second is told so at once by the core.
      if (presses === 1) {
        await held.promise;
        return { update: { text: 'Topped up' } };
      }
      return { notice: 'Already running.' };
    };
    telegram.message(alice, '/topup 1234');
    await telegram.waitForCall('sendMessage');
    const [confirmation] = telegram.botMessages(alice.id);
    telegram.press(alice, confirmation!, 'c:1');
    telegram.press(alice, confirmation!, 'c:1');
    // Before: presses of one chat ran one after the other, so this waited for the first to end (3.5 s).
    const second = await telegram.waitForCall(
      'answerCallbackQuery',
      (c) => c.payload.text === 'Already running.',
    );
    expect(presses).toBe(2);
    expect(telegram.callsOf('editMessageText')).toEqual([]);
    held.open();
    const edit = await telegram.waitForCall('editMessageText');
    expect(second.seq).toBeLessThan(edit.seq);
  });

  it('lets stop() finish an update in flight', async () => {
    const { telegram, channel } = await start();
    const held = gate();
    const entered = gate();
    core.onText = async () => {
      entered.open();
      await held.promise;
      return [{ text: 'finished' }];
    };
    telegram.message(alice, 'work');
    await entered.promise;
    const stopped = channel.stop();
    held.open();
    await stopped;
    expect(telegram.callsOf('sendMessage').map((c) => c.payload.text)).toEqual(['finished']);
  });
});
