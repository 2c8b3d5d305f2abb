import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeTelegram, SENDS, sentText } from '../../helpers/fake-telegram.js';
import { ManualScheduler } from '../../helpers/manual-scheduler.js';
import { seedWithCalls } from '../../helpers/seed-with-calls.js';
import { createTestStack, type TestStack } from '../../helpers/stack.js';
import { buttons, editOf, keyboardText, labels, press, say } from './drive.js';
import { alice, bob, group, type Harness, startHarness } from './harness.js';

/**
 * docs/interface.md §4.1 on Telegram, end to end: real grammY ↔ the fake Bot API (which refuses bad HTML and bad
 * keyboards as Telegram does), the real core, the sandbox over HTTP. Time moves only through the
 * injected scheduler.
 */
let stack: TestStack;
let h: Harness;
let scheduler: ManualScheduler;

beforeEach(async () => {
  const now = Date.now();
  stack = await createTestStack({
    clock: () => new Date(now),
    sandbox: { data: seedWithCalls(150) },
  });
  scheduler = new ManualScheduler();
  h = await startHarness(stack.core, {
    dedupe: stack.stores.dedupe,
    scheduler,
  });
  await stack.linkDemo({ platform: 'telegram', tenant: '', user: String(alice.id) });
});

afterEach(async () => {
  // Every text and keyboard the bot sent passed Telegram's HTML and keyboard rules.
  expect(h.telegram.refusedFormatting()).toEqual([]);
  await h.close();
  await stack.close();
});

/** The rows (the header first) of the rich table a call sent or edited in. */
function tableRows(call: { payload: Record<string, unknown> }): unknown[][] {
  const blocks = (call.payload.rich_message as { blocks: { type: string; cells?: unknown[][] }[] }).blocks;
  return blocks.find((b) => b.type === 'table')?.cells ?? [];
}

const HOME = [
  '💰 Balance',
  '📞 Calls',
  '💳 Top up',
  '🎫 Cards',
  '📤 Export calls (CSV)',
  '⚙️ Settings',
  '❓ Help',
];

describe('home menu', () => {
  it('/start shows the home message; its buttons edit that one message, and Back returns', async () => {
    const { call } = await say(h.telegram, alice, '/start');
    expect(String(call.payload.text)).toContain('Hello Alice!');
    const home = h.telegram.botMessages(alice.id).at(-1)!;
    expect(labels(home)).toEqual(HOME);

    const { mark } = await press(h.telegram, alice, '💰 Balance');
    const edit = await editOf(h.telegram, home, mark);
    expect(String(edit.payload.text)).toMatch(/Balance[\s\S]*18[.,]40/);
    expect(labels(h.telegram.botMessages(alice.id).at(-1))).toEqual(['⬅️ Back']);

    const back = await press(h.telegram, alice, '⬅️ Back');
    await editOf(h.telegram, home, back.mark);
    expect(labels(h.telegram.botMessages(alice.id).at(-1))).toEqual(HOME);
    // One message all along: navigation edits, it never sends.
    expect(h.telegram.callsOf('sendMessage')).toHaveLength(1);
    expect(h.telegram.botMessages(alice.id)).toHaveLength(1);
  });

  it.each([
    ['📞 Calls', /Calls /],
    ['💳 Top up', /Send me the PIN/],
    ['🎫 Cards', /Prepaid cards[\s\S]*\/card show/],
    ['⚙️ Settings', /Linked accounts[\s\S]*demo/],
    ['❓ Help', /<b>Commands<\/b>[\s\S]*<b>Account<\/b>/],
  ])('%s opens a screen with Back, in place', async (label, shown) => {
    await say(h.telegram, alice, '/menu');
    const home = h.telegram.botMessages(alice.id).at(-1)!;
    const { mark } = await press(h.telegram, alice, label);
    const edit = await editOf(h.telegram, home, mark);
    expect(sentText(edit)).toMatch(shown);
    expect(labels(h.telegram.botMessages(alice.id).at(-1))).toContain('⬅️ Back');
  });

  it('the home menu rendered as text (for the closing note)', async () => {
    await say(h.telegram, alice, '/start');
    const home = h.telegram.botMessages(alice.id).at(-1)!;
    const rendered = `${home.text}\n${keyboardText(home)}`;
    expect(rendered).toMatchInlineSnapshot(`
      "<b>Home</b>

      Hello Alice! I run your prepaid telephony account from this chat: balance, rates, calls, top-ups, call records and prepaid cards.

      You are linked as &quot;demo&quot;. Choose below, or type a command such as /balance.
      [💰 Balance] [📞 Calls]
      [💳 Top up] [🎫 Cards]
      [📤 Export calls (CSV)]
      [⚙️ Settings] [❓ Help]"
    `);
  });
});

describe('paging', () => {
  it('150 call records page in place with ◀ ▶, a counter, and the header on every page', async () => {
    // 150 recent records (the demo data's 4 are older than 7 days), 20 a page, each a rich table.
    const header = /^Date \| Number \| Destination \| Duration \| Amount$/m;
    const { text, call } = await say(h.telegram, alice, '/cdrs 7d today 500');
    expect(call.method).toBe('sendRichMessage');
    expect(text).toMatch(/Page 1 of 8/);
    expect(text).toMatch(header);
    expect(tableRows(call)).toHaveLength(21);
    const list = h.telegram.botMessages(alice.id).at(-1)!;
    expect(labels(list)).toEqual(['▶']);

    const next = await press(h.telegram, alice, '▶');
    const page2 = await editOf(h.telegram, list, next.mark);
    expect(sentText(page2)).toMatch(/Page 2 of 8/);
    expect(sentText(page2)).toMatch(header);
    expect(tableRows(page2)).toHaveLength(21);
    expect(labels(h.telegram.botMessages(alice.id).at(-1))).toEqual(['◀', '▶']);

    const prev = await press(h.telegram, alice, '◀');
    const page1 = await editOf(h.telegram, list, prev.mark);
    expect(sentText(page1)).toMatch(/Page 1 of 8/);
    // Still one message: no continuation messages without a header.
    expect(h.telegram.callsOf('sendRichMessage')).toHaveLength(1);
    expect(h.telegram.callsOf('sendMessage')).toHaveLength(0);
  });

  it('another user cannot turn the pages of my list', async () => {
    await say(h.telegram, alice, '/cdrs 7d today 500');
    const list = h.telegram.botMessages(alice.id).at(-1)!;
    const data = buttons(list).find((b) => b.text === '▶')!.callback_data!;
    const mark = h.telegram.mark();
    h.telegram.press(bob, list, data);
    const answer = await h.telegram.waitForCall('answerCallbackQuery', () => true, { after: mark });
    expect(String(answer.payload.text)).toMatch(/Only the person who asked/);
    expect(h.telegram.callsOf('editMessageText')).toHaveLength(0);
  });
});

describe('secrets', () => {
  it('SIP passwords are spoilers, and are deleted after 10 minutes with a note saying so', async () => {
    const mark = h.telegram.mark();
    h.telegram.message(alice, '/lines');
    const [, secret] = await h.telegram.waitForCalls(SENDS, 2, () => true, { after: mark });
    const text = String(secret!.payload.text);
    expect(text).toMatch(/<tg-spoiler>[^<]+<\/tg-spoiler>/);
    expect(text).toContain('I delete this message in 10 minutes.');
    const secretMessage = h.telegram.botMessages(alice.id).at(-1)!;

    await scheduler.scheduled(1);
    await scheduler.advance(9 * 60_000);
    expect(h.telegram.callsOf('deleteMessage')).toHaveLength(0);
    await scheduler.advance(60_000);
    const deletion = h.telegram.callsOf('deleteMessage');
    expect(deletion.map((c) => Number(c.payload.message_id))).toEqual([secretMessage.message_id]);
    expect(h.telegram.botMessages(alice.id).map((m) => m.message_id)).not.toContain(secretMessage.message_id);
    // The table of lines (not secret) stays.
    expect(h.telegram.botMessages(alice.id)).toHaveLength(1);
  });

  it('a card PIN is a spoiler and deleted on time', async () => {
    const mark = h.telegram.mark();
    h.telegram.message(alice, '/card show +4917012345678');
    const calls = await h.telegram.waitForCalls(SENDS, 2, () => true, { after: mark });
    expect(String(calls[1]!.payload.text)).toMatch(/PIN: <tg-spoiler>\d+<\/tg-spoiler>/);
    await scheduler.scheduled(1);
    await scheduler.advance(10 * 60_000);
    expect(h.telegram.callsOf('deleteMessage')).toHaveLength(1);
  });
});

describe('a secret deletion Telegram could not carry out', () => {
  const stored = async () => {
    const records = [];
    for await (const r of stack.stores.proactive.deletions.list()) records.push(r);
    return records;
  };
  /** Alice asks for her SIP passwords; resolves once the deletion of that message is scheduled. */
  const secretShown = async (telegram: FakeTelegram) => {
    const mark = telegram.mark();
    telegram.message(alice, '/lines');
    await telegram.waitForCalls(SENDS, 2, () => true, { after: mark });
    await scheduler.scheduled(1);
    return telegram.botMessages(alice.id).at(-1)!.message_id;
  };

  it('is tried again a minute after a 5xx, its record kept until it is done', async () => {
    const telegram = await FakeTelegram.start();
    const deletions = stack.stores.proactive.deletions;
    const run = await startHarness(stack.core, { scheduler, deletions }, { telegram });
    const secret = await secretShown(telegram);
    telegram.failNext('deleteMessage', 1, { ok: false, error_code: 502, description: 'Bad Gateway' });
    await scheduler.advance(10 * 60_000);
    expect(telegram.callsOf('deleteMessage')).toHaveLength(1);
    // Still on screen, and still promised: the record stays for a restart.
    expect(telegram.botMessages(alice.id).map((m) => m.message_id)).toContain(secret);
    expect(await stored()).toMatchObject([{ messageIds: [secret] }]);

    await scheduler.advance(60_000);
    expect(telegram.callsOf('deleteMessage')).toHaveLength(2);
    expect(telegram.botMessages(alice.id).map((m) => m.message_id)).not.toContain(secret);
    expect(await stored()).toEqual([]);
    await run.close();
    await telegram.close();
  });

  it('is given up when Telegram answers 400 (already deleted): no retry, no record', async () => {
    const telegram = await FakeTelegram.start();
    const deletions = stack.stores.proactive.deletions;
    const run = await startHarness(stack.core, { scheduler, deletions }, { telegram });
    await secretShown(telegram);
    telegram.failNext('deleteMessage', 1, {
      ok: false,
      error_code: 400,
      description: 'Bad Request: message to delete not found',
    });
    await scheduler.advance(10 * 60_000);
    await scheduler.advance(10 * 60_000);
    expect(telegram.callsOf('deleteMessage')).toHaveLength(1);
    expect(scheduler.pending).toBe(0);
    expect(await stored()).toEqual([]);
    await run.close();
    await telegram.close();
  });
});

describe('secret deletions across a restart', () => {
  it('a deletion found after Telegram’s 48 h window (counted from sending) is dropped, not sent', async () => {
    const telegram = await FakeTelegram.start();
    const deletions = stack.stores.proactive.deletions;
    const now = Date.parse('2026-11-20T12:00:00Z');
    const hours = (n: number) => new Date(now - n * 3_600_000).toISOString();
    // Sent 48 h 10 min ago with a 20-minute delay: due 47 h 50 min ago, but no longer deletable.
    await deletions.put({
      id: '1001:7',
      chatId: '1001',
      messageIds: [7],
      sentAt: hours(48 + 1 / 6),
      dueAt: hours(47 + 5 / 6),
    });
    // Sent 47 h ago: still deletable, so it is deleted at once.
    await deletions.put({
      id: '1001:8',
      chatId: '1001',
      messageIds: [8],
      sentAt: hours(47),
      dueAt: hours(46),
    });
    const clock = new ManualScheduler(now);
    const run = await startHarness(stack.core, { scheduler: clock, deletions }, { telegram });
    await clock.advance(0);
    expect(telegram.callsOf('deleteMessage').map((c) => Number(c.payload.message_id))).toEqual([8]);
    const left = [];
    for await (const r of deletions.list()) left.push(r.id);
    expect(left).toEqual([]);
    await run.close();
    await telegram.close();
  });

  it('a deletion promised before a restart is carried out by the next run, once, and leaves no record', async () => {
    // The first run keeps its pending deletions in the stack's store, as src/bots wires it.
    const telegram = await FakeTelegram.start();
    const deletions = stack.stores.proactive.deletions;
    const first = await startHarness(stack.core, { scheduler, deletions }, { telegram });
    const mark = telegram.mark();
    telegram.message(alice, '/lines');
    await telegram.waitForCalls(SENDS, 2, () => true, { after: mark });
    const secretMessage = telegram.botMessages(alice.id).at(-1)!;
    await scheduler.scheduled(1);
    await first.close();

    // Nothing was deleted before the stop; the promise lives on in the store.
    expect(telegram.callsOf('deleteMessage')).toHaveLength(0);
    const stored = [];
    for await (const r of deletions.list()) stored.push(r);
    expect(stored).toMatchObject([{ chatId: String(alice.id), messageIds: [secretMessage.message_id] }]);

    // The next run starts 4 minutes later: it schedules the deletion for the 6 minutes left.
    const later = new ManualScheduler(scheduler.now() + 4 * 60_000);
    const second = await startHarness(stack.core, { scheduler: later, deletions }, { telegram });
    await later.scheduled(1);
    await later.advance(5 * 60_000);
    expect(telegram.callsOf('deleteMessage')).toHaveLength(0);
    await later.advance(60_000);
    expect(telegram.callsOf('deleteMessage').map((c) => Number(c.payload.message_id))).toEqual([
      secretMessage.message_id,
    ]);
    const left = [];
    for await (const r of deletions.list()) left.push(r);
    expect(left).toEqual([]);
    await second.close();
    await telegram.close();
  });
});

describe('conversations', () => {
  it('a command during linking cancels it and runs; the next text is not taken as the username', async () => {
    expect((await say(h.telegram, alice, '/link')).text).toMatch(/Send me your username/);
    expect((await say(h.telegram, alice, '/balance')).text).toMatch(/18[.,]40/);
    const hello = await say(h.telegram, alice, 'hello');
    expect(hello.text).not.toMatch(/password/i);
    expect(hello.text).toMatch(/commands, not sentences/);
    expect((await say(h.telegram, alice, '/cancel')).text).toMatch(/nothing to cancel/);
  });

  it('/cancel always ends a question', async () => {
    await say(h.telegram, alice, '/topup');
    expect((await say(h.telegram, alice, '/cancel')).text).toMatch(/Cancelled/);
    expect((await say(h.telegram, alice, '1000000001')).text).toMatch(/commands, not sentences/);
  });

  it('a deep link resumes the command that sent the user: /start topup asks for the PIN', async () => {
    const before = stack.sandbox.state.account('demo')!.balance;
    expect((await say(h.telegram, alice, '/start topup')).text).toMatch(/Send me the PIN/);
    const pin = await say(h.telegram, alice, '1000000001');
    expect(pin.text).toMatch(/Top up your account with this PIN/);
    // The PIN message is deleted at once.
    const pinMessage = h.telegram.messages(alice.id).find((m) => m.text === '1000000001')!;
    expect(pinMessage.deleted).toBe(true);
    const confirm = await press(h.telegram, alice, 'Confirm');
    await editOf(h.telegram, confirm.message, confirm.mark);
    expect(stack.sandbox.state.account('demo')!.balance).toBeGreaterThan(before);
  });

  it('the group’s deep link for a private-only command names that command', async () => {
    const { call } = await say(h.telegram, alice, '/topup', group);
    expect(JSON.stringify(call.payload.reply_markup)).toContain('start=topup');
  });
});

describe('chat etiquette', () => {
  it('plain text in private gets a short hint and the home menu', async () => {
    const { text } = await say(h.telegram, alice, 'what is my balance?');
    expect(text).toMatch(/commands, not sentences/);
    expect(text).not.toMatch(/I don't know the command/);
    expect(labels(h.telegram.botMessages(alice.id).at(-1))).toEqual(HOME);
  });

  it('in a group: silent for text and for other bots’ commands; our own @-addressed unknowns are answered', async () => {
    const mark = h.telegram.mark();
    h.telegram.message(alice, 'hello everyone', group);
    h.telegram.message(alice, '/stats', group);
    h.telegram.message(alice, '/stats@other_bot', group);
    h.telegram.message(alice, '/statz@tel_test_bot', group);
    const answer = await h.telegram.waitForCall('sendMessage', () => true, { after: mark });
    expect(String(answer.payload.text)).toMatch(/I don't know the command &quot;statz&quot;/);
    expect(h.telegram.callsOf('sendMessage')).toHaveLength(1);
  });

  it('a photo captioned /balance runs /balance', async () => {
    const mark = h.telegram.mark();
    h.telegram.photo(alice, '/balance');
    const call = await h.telegram.waitForCall('sendMessage', () => true, { after: mark });
    expect(String(call.payload.text)).toMatch(/18[.,]40/);
  });

  it('a shared contact offers Call and Target; Call asks for A and starts the call', async () => {
    const mark = h.telegram.mark();
    h.telegram.contact(alice, '+49 176 1234567');
    const offer = await h.telegram.waitForCall('sendMessage', () => true, { after: mark });
    expect(String(offer.payload.text)).toContain('+491761234567');
    const { mark: m2, message } = await press(h.telegram, alice, '📞 Call it');
    expect(String((await editOf(h.telegram, message, m2)).payload.text)).toMatch(
      /send the number to ring first/,
    );
    const started = await say(h.telegram, alice, '+49 30 1234567');
    expect(started.text).toMatch(/Calling \+49301234567 first, then connecting \+491761234567/);
  });

  it('a shared contact answers a waiting question for a number', async () => {
    h.telegram.contact(alice, '+49 176 1234567');
    await h.telegram.waitForCall('sendMessage');
    await press(h.telegram, alice, '📞 Call it');
    const mark = h.telegram.mark();
    h.telegram.contact(alice, '+49 30 1234567', { userId: alice.id });
    const call = await h.telegram.waitForCall('sendMessage', () => true, { after: mark });
    expect(String(call.payload.text)).toMatch(/Calling \+49301234567 first/);
  });

  it('a sticker gets one short line; in a group nothing', async () => {
    const mark = h.telegram.mark();
    h.telegram.sticker(alice, group);
    h.telegram.sticker(alice);
    const call = await h.telegram.waitForCall('sendMessage', () => true, { after: mark });
    expect(Number(call.payload.chat_id)).toBe(alice.id);
    expect(String(call.payload.text)).toMatch(
      /^I only read text commands, photo captions and shared contacts/,
    );
    expect(h.telegram.callsOf('sendMessage')).toHaveLength(1);
  });
});

describe('in a group: personal answers shown to their asker alone, in place (ephemeral messages)', () => {
  it("/menu in a group is the asker's alone, and its buttons turn that message in place", async () => {
    const { call } = await say(h.telegram, alice, '/menu', group);
    expect(call.payload.ephemeral_message_parameters).toEqual({
      receiver_user_id: alice.id,
    });
    const menu = h.telegram.visibleTo(group.id, alice.id).find((m) => m.ephemeral_message_id)!;
    const { mark } = await press(h.telegram, alice, '💰 Balance', group.id);
    const shown = await h.telegram.waitForCall('editEphemeralMessageText', () => true, { after: mark });
    expect(shown.payload).toMatchObject({
      receiver_user_id: alice.id,
      ephemeral_message_id: menu.ephemeral_message_id,
    });
    expect(sentText(shown)).toMatch(/18[.,]40/);
    // Bob sees neither the menu nor the balance; nothing went to the private chat.
    expect(h.telegram.visibleTo(group.id, bob.id).filter((m) => m.from?.id === h.telegram.bot.id)).toEqual(
      [],
    );
    expect(h.telegram.messages(alice.id)).toEqual([]);
  });

  it('call records asked in a group are a rich table only the asker sees, paged in place in that message', async () => {
    const { call } = await say(h.telegram, alice, '/cdrs 7d today 500', group);
    expect(call.method).toBe('sendRichMessage');
    expect(call.payload.ephemeral_message_parameters).toMatchObject({ receiver_user_id: alice.id });
    const list = h.telegram.visibleTo(group.id, alice.id).find((m) => m.rich_message)!;
    expect(list.ephemeral_message_id).toBeGreaterThan(0);
    expect(h.telegram.visibleTo(group.id, bob.id).some((m) => m.rich_message)).toBe(false);

    const next = await press(h.telegram, alice, '▶', group.id);
    const page2 = await h.telegram.waitForCall('editEphemeralMessageText', () => true, { after: next.mark });
    expect(page2.payload).toMatchObject({
      chat_id: group.id,
      receiver_user_id: alice.id,
      ephemeral_message_id: list.ephemeral_message_id,
    });
    expect(sentText(page2)).toMatch(/Page 2 of 8/);
    expect(tableRows(page2)).toHaveLength(21);
    // One message all along, for Alice alone.
    expect(h.telegram.callsOf('sendRichMessage')).toHaveLength(1);
    expect(h.telegram.callsOf('editMessageText')).toEqual([]);
  });

  it('a secret asked for in a group still goes to the private chat only, and is deleted there', async () => {
    const mark = h.telegram.mark();
    h.telegram.message(alice, '/card show +4917012345678', group);
    const pin = await h.telegram.waitForCall(
      'sendMessage',
      (c) => /PIN: <tg-spoiler>/.test(String(c.payload.text)),
      {
        after: mark,
      },
    );
    expect(Number(pin.payload.chat_id)).toBe(alice.id);
    expect(pin.payload.ephemeral_message_parameters).toBeUndefined();
    // The card's details (personal, no secret) are shown to Alice alone in the group.
    expect(h.telegram.visibleTo(group.id, alice.id).some((m) => /Max Mustermann/.test(m.text ?? ''))).toBe(
      true,
    );
    expect(h.telegram.visibleTo(group.id, bob.id).some((m) => /Max Mustermann|PIN/.test(m.text ?? ''))).toBe(
      false,
    );
    await scheduler.scheduled(1);
    await scheduler.advance(10 * 60_000);
    expect(h.telegram.callsOf('deleteMessage').map((c) => Number(c.payload.chat_id))).toEqual([alice.id]);
  });
});
