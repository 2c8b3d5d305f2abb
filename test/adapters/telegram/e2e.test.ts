import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeCall, type FakeMessage, SENDS, sentText } from '../../helpers/fake-telegram.js';
import { AFTER_DEMO_CALLS } from '../../helpers/seed-with-calls.js';
import { createTestStack, type TestStack } from '../../helpers/stack.js';
import { alice, bob, group, type Harness, startHarness } from './harness.js';

/**
 * End to end (docs/interface.md §4.1): real grammY ↔ fake Bot API over HTTP, the real core on memory stores, and the
 * real client ↔ sandbox over HTTP. Assertions follow the recorded order of calls, never time.
 */

let stack: TestStack;
let h: Harness;
let now: number;

beforeEach(async () => {
  // The demo data's calls are in `/cdrs`'s default period whatever the date (seed-with-calls.ts).
  now = AFTER_DEMO_CALLS;
  stack = await createTestStack({ clock: () => new Date(now) });
  // The channel shares the core's stores, as the composition root wires them.
  h = await startHarness(stack.core, { dedupe: stack.stores.dedupe });
  await stack.linkDemo({ platform: 'telegram', tenant: '', user: String(alice.id) });
});

afterEach(async () => {
  await h.close();
  await stack.close();
});

const inChat = (chatId: number) => (c: FakeCall) => Number(c.payload.chat_id) === chatId;

/** Sends `text` and resolves with the first message the bot sends to `replyChat` afterwards. */
async function ask(
  text: string,
  options: { from?: typeof alice; chat?: typeof group; replyChat?: number } = {},
) {
  const from = options.from ?? alice;
  const mark = h.telegram.mark();
  const update = h.telegram.message(from, text, options.chat);
  const call = await h.telegram.waitForCall(SENDS, inChat(options.replyChat ?? options.chat?.id ?? from.id), {
    after: mark,
  });
  return {
    call,
    text: sentText(call),
    markup: call.payload.reply_markup as Markup | undefined,
    mark,
    update,
  };
}

type Markup = { inline_keyboard: { text: string; callback_data?: string; url?: string }[][] };

/** Presses the button labelled `label` on the bot's last message in `chatId`. */
async function press(label: string, chatId: number, from = alice) {
  const message = [...h.telegram.botMessages(chatId)]
    .reverse()
    .find((m) => buttons(m).some((b) => b.text === label));
  if (!message) throw new Error(`no message with a ${label} button in ${chatId}`);
  const data = buttons(message).find((b) => b.text === label)!.callback_data!;
  const mark = h.telegram.mark();
  const update = h.telegram.press(from, message, data);
  const answer = await h.telegram.waitForCall('answerCallbackQuery', () => true, { after: mark });
  return { answer, message, update, mark };
}

function buttons(message: FakeMessage) {
  return ((message.reply_markup as Markup | undefined)?.inline_keyboard ?? []).flat();
}

function balance(): number {
  return stack.sandbox.state.balance('demo')!.minor;
}

describe('every command in a private chat', () => {
  const cases: [string, RegExp][] = [
    ['/start', /linked as &quot;demo&quot;/],
    ['/help', /<b>Commands<\/b>[\s\S]*<b>Account<\/b>\n\/balance – /],
    ['/help topup', /topup/],
    ['/balance', /Balance: <code>€18\.40<\/code>/],
    ['/accounts', /demo-cards/],
    ['/use demo', /demo/],
    ['/rate +4930123456', /Germany Berlin/],
    ['/check +4930123456', /Country code: <code>49<\/code>/],
    ['/numbers', /Personal dial-in: \+4930120012300/],
    ['/cdrs', /Germany Mobile/],
    ['/callshop', /not a callshop account/],
    ['/lines', /200001-1/],
    ['/card show +4917012345678', /Max Mustermann/],
    ['/hangup', /no call|not found|stopped|No call/i],
  ];
  // Tables go as Telegram rich tables (Bot API 10.1); everything else as HTML.
  const tables = new Set(['/accounts', '/rate +4930123456', '/numbers', '/cdrs', '/lines']);
  it.each(cases)('%s', async (command, expected) => {
    const { text, call } = await ask(command);
    expect(text).toMatch(expected);
    if (tables.has(command)) expect(call.method).toBe('sendRichMessage');
    else expect(call.payload.parse_mode).toBe('HTML');
  });

  it('/cdrs … csv sends the records as a document', async () => {
    const mark = h.telegram.mark();
    h.telegram.message(alice, '/cdrs 30d csv');
    const doc = await h.telegram.waitForCall('sendDocument', () => true, { after: mark });
    expect(doc.file?.name).toMatch(/\.csv$/);
    expect(doc.file?.content.split('\n').length).toBeGreaterThan(2);
  });

  it('/target asks for confirmation and stores the pair when confirmed', async () => {
    const { markup } = await ask('/target +4930123456 +4917612345678');
    expect(markup?.inline_keyboard.flat().map((b) => b.text)).toEqual(['Confirm', 'Cancel']);
    const { answer, message } = await press('Confirm', alice.id);
    expect(answer.response.ok).toBe(true);
    await h.telegram.waitForCall(
      'editMessageText',
      (c) => Number(c.payload.message_id) === message.message_id,
    );
    const edited = h.telegram.botMessages(alice.id).find((m) => m.message_id === message.message_id)!;
    expect(edited.edits).toHaveLength(1);
    expect(edited.reply_markup).toBeUndefined();
    const { text } = await ask('/numbers');
    expect(text).toMatch(/Stored A: \+4930123456/);
  });

  it('/topup confirmed tops up once and shows the new balance', async () => {
    const before = balance();
    await ask('/topup 1000000001');
    const { message, mark } = await press('Confirm', alice.id);
    const edit = await h.telegram.waitForCall(
      'editMessageText',
      (c) => Number(c.payload.message_id) === message.message_id,
      { after: mark },
    );
    // The confirmation becomes the outcome, read again from the provider, and loses its buttons.
    expect(String(edit.payload.text)).toMatch(/Topped up[\s\S]*€28\.40/);
    expect(edit.payload.reply_markup).toEqual({ inline_keyboard: [] });
    expect(balance() - before).toBe(10 * 10_000);
  });

  it('/call offers a Hang up button that stops the call', async () => {
    const { markup } = await ask('/call +4930123456 +4917612345678');
    expect(markup?.inline_keyboard.flat().map((b) => b.text)).toContain('Hang up');
    expect(stack.sandbox.stats().activeCalls).toBe(1);
    const { message, mark } = await press('Hang up', alice.id);
    await h.telegram.waitForCall(
      'editMessageText',
      (c) => Number(c.payload.message_id) === message.message_id,
      {
        after: mark,
      },
    );
    expect(stack.sandbox.stats().activeCalls).toBe(0);
    expect(stack.sandbox.stats().handled['webcallback.stopcallback']).toBe(1);
  });

  it('/unlink removes the credentials', async () => {
    await ask('/unlink');
    const { text } = await ask('/balance');
    expect(text).toMatch(/link/i);
  });
});

describe('linking conversation', () => {
  it('asks for the username, then the password, deletes the password message and links', async () => {
    const first = await ask('/link', { from: bob });
    expect(first.text).toMatch(/username/i);
    const second = await ask('demo', { from: bob });
    expect(second.text).toMatch(/password/i);
    const mark = h.telegram.mark();
    const passwordUpdate = h.telegram.message(bob, 'demo');
    const passwordId = (passwordUpdate.message as { message_id: number }).message_id;
    const deleted = await h.telegram.waitForCall('deleteMessage', () => true, { after: mark });
    const confirmation = await h.telegram.waitForCall('sendMessage', inChat(bob.id), { after: mark });
    expect(deleted.payload).toEqual({ chat_id: bob.id, message_id: passwordId });
    expect(deleted.seq).toBeLessThan(confirmation.seq);
    expect(String(confirmation.payload.text)).toMatch(/deleted/i);
    expect(h.telegram.messages(bob.id).find((m) => m.message_id === passwordId)?.deleted).toBe(true);
    await h.telegram.waitForCall('sendMessage', (c) => /Linked/.test(String(c.payload.text)), {
      after: mark,
    });
    expect((await ask('/balance', { from: bob })).text).toMatch(/€18\.40/);
  });
});

describe('groups', () => {
  it.each(['/link', '/topup 1000000001', '/lines'])(
    '%s is refused with a deep link to the private chat',
    async (command) => {
      const name = command.slice(1).split(' ')[0];
      const { markup, text } = await ask(`${command.replace(/^(\/\w+)/, '$1@tel_test_bot')}`, {
        chat: group,
      });
      expect(text).toMatch(/private/i);
      expect(markup?.inline_keyboard.flat()).toContainEqual({
        text: 'Open private chat',
        url: `https://t.me/tel_test_bot?start=${name}`,
      });
      expect(h.telegram.callsOf('sendMessage').filter(inChat(alice.id))).toHaveLength(0);
    },
  );

  it('shows personal data to its owner alone unless a group admin allowed it for the group', async () => {
    h.telegram.setAdmins(group.id, [alice.id]);
    const { text, call } = await ask('/balance', { chat: group });
    // An ephemeral message (Bot API 10.2): in the group, for Alice's eyes only.
    expect(call.payload.ephemeral_message_parameters).toEqual({ receiver_user_id: alice.id });
    expect(text).toMatch(/€18\.40/);
    expect(h.telegram.visibleTo(group.id, bob.id).some((m) => /18\.40/.test(m.text ?? ''))).toBe(false);
    expect(h.telegram.callsOf('sendMessage').filter(inChat(alice.id))).toEqual([]);

    // A member who is not an admin cannot change it.
    expect((await ask('/groupdata on', { chat: group, from: bob })).text).not.toMatch(/18\.40/);
    const on = await ask('/groupdata on', { chat: group });
    expect(on.text).toMatch(/may now be shown/);
    const shown = await ask('/balance', { chat: group });
    expect(shown.text).toMatch(/Balance: <code>€18\.40<\/code>/);
    expect(shown.call.payload.ephemeral_message_parameters).toBeUndefined();
  });

  it('refuses a confirmation pressed by someone else, then accepts the asker', async () => {
    // The numbers are personal: the confirmation stays in the group only where the group allowed it.
    h.telegram.setAdmins(group.id, [alice.id]);
    await ask('/groupdata on', { chat: group });
    await ask('/target +4930123456 +4917612345678', { chat: group });
    const wrong = await press('Confirm', group.id, bob);
    expect(String(wrong.answer.payload.text)).toMatch(/only|not yours|asked/i);
    expect(h.telegram.callsOf('editMessageText')).toHaveLength(0);
    const right = await press('Confirm', group.id, alice);
    await h.telegram.waitForCall('editMessageText', () => true, { after: right.mark });
  });
});

describe('confirmations', () => {
  it('refuses a press after expiry and says so in the message', async () => {
    const before = balance();
    await ask('/topup 1000000001');
    now += 10 * 60_000;
    const { answer, message, mark } = await press('Confirm', alice.id);
    expect(String(answer.payload.text)).toMatch(/expired|no longer/i);
    await h.telegram.waitForCall(
      'editMessageText',
      (c) => Number(c.payload.message_id) === message.message_id,
      {
        after: mark,
      },
    );
    expect(balance()).toBe(before);
  });
});

describe('reliability', () => {
  it('retries a 429 on sendMessage and delivers the reply once', async () => {
    h.telegram.failNext('sendMessage', 1);
    const mark = h.telegram.mark();
    h.telegram.message(alice, '/balance');
    await h.telegram.waitForCall('sendMessage', (c) => c.response.ok, { after: mark });
    expect(h.telegram.callsOf('sendMessage').map((c) => c.response.error_code ?? 200)).toEqual([429, 200]);
    expect(h.telegram.botMessages(alice.id).filter((m) => m.text?.includes('€18.40'))).toHaveLength(1);
  });

  it('drops a redelivered confirmation press: no second top-up', async () => {
    const before = balance();
    const request = await ask('/topup 1000000001');
    const { update, mark } = await press('Confirm', alice.id);
    await h.telegram.waitForCall('editMessageText', (c) => /€28\.40/.test(String(c.payload.text)), {
      after: mark,
    });
    // Telegram delivers both updates again, as after a crash before the offset was confirmed.
    h.telegram.redeliver(request.update);
    h.telegram.redeliver(update);
    const after = h.telegram.mark();
    h.telegram.message(alice, '/balance');
    await h.telegram.waitForCall('sendMessage', inChat(alice.id), { after });
    expect(balance() - before).toBe(10 * 10_000);
    expect(stack.sandbox.stats().handled.topup).toBe(1);
    expect(h.telegram.callsOf('answerCallbackQuery')).toHaveLength(1);
    // Only the one confirmation request was ever sent.
    expect(
      h.telegram.callsOf('sendMessage').filter((c) => /Top up your account/.test(String(c.payload.text))),
    ).toHaveLength(1);
  });
});
