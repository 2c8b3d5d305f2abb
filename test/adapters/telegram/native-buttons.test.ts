import { describe, expect, it } from 'vitest';
import { renderReply } from '../../../src/adapters/telegram/render-html.js';
import { keyboardBeside } from '../../../src/adapters/telegram/render-rich.js';
import { disabledAction } from '../../../src/core/index.js';
import { messagesFor } from '../../../src/core/messages.js';
import type { Reply } from '../../../src/core/reply.js';
import type { FakeCore } from '../../helpers/fake-core.js';
import type { FakeCall } from '../../helpers/fake-telegram.js';
import { messageButtons } from '../../helpers/fake-telegram-native.js';
import { inlineKeyboardProblem } from '../../helpers/telegram-html.js';
import { richProblem } from '../../helpers/telegram-rich.js';
import { alice } from './harness.js';
import { telegramPerTest } from './per-test.js';

/**
 * Buttons as Telegram has them now (Bot API 10.x, docs/channels.md §1.1): a `disabled` button for
 * what can no longer be pressed, the paging buttons inside a rich table (`RichBlockButtons`), and
 * compact tables where they are wide. An older server keeps today's form: the core's order of
 * forms sends the text with its keyboard when `sendRichMessage` answers 404.
 */

const t = messagesFor('en');
const PAGE: Reply = {
  title: 'Calls',
  table: {
    columns: ['When', 'To', 'Duration', 'Cost'],
    rows: [['01.11. 10:00', '+49301234567', '1:00', '€0.10']],
    caption: 'Page 1 of 2',
  },
  actions: [
    { label: '▶', actionId: 'p:abc:1', newRow: true },
    { label: '⬅ Back', actionId: 'm:home', newRow: true },
  ],
};

describe('rendering', () => {
  it('puts the buttons of a table inside its rich message and keeps them out of the keyboard beside it', () => {
    const rendered = renderReply(PAGE, { botUsername: 'tel_test_bot' });
    const blocks = rendered.rich!.blocks!;
    expect(blocks.filter((b) => b.type === 'buttons')).toEqual([
      { type: 'buttons', buttons: [{ text: '▶', callback_data: 'p:abc:1' }] },
      { type: 'buttons', buttons: [{ text: '⬅ Back', callback_data: 'm:home' }] },
    ]);
    // The buttons come after the table they turn.
    expect(blocks.findIndex((b) => b.type === 'table')).toBeLessThan(
      blocks.findIndex((b) => b.type === 'buttons'),
    );
    expect(keyboardBeside(rendered.rich!, rendered.keyboard!)).toEqual({ inline_keyboard: [] });
    // The text form keeps every button.
    expect(rendered.keyboard!.inline_keyboard.flat().map((b) => b.text)).toEqual(['▶', '⬅ Back']);
    expect(richProblem(rendered.rich)).toBeUndefined();
  });

  it('is compact from four columns (call records), with room below that (a two-column list)', () => {
    const wide = renderReply(PAGE, { botUsername: 'b' }).rich!.blocks!.find((b) => b.type === 'table');
    const narrow = renderReply(
      { table: { columns: ['Line', 'Number'], rows: [['1', '+49301234567']] } },
      { botUsername: 'b' },
    ).rich!.blocks!.find((b) => b.type === 'table');
    expect(wide).toMatchObject({ is_compact: true });
    expect(narrow).not.toHaveProperty('is_compact');
  });

  it('shows a button that can no longer act as disabled, in the keyboard and in a rich message, as Telegram takes it', () => {
    const reply: Reply = { ...PAGE, actions: [disabledAction(t, 'call-ended')] };
    const rendered = renderReply(reply, { botUsername: 'b' });
    expect(rendered.keyboard).toEqual({ inline_keyboard: [[{ text: 'Call ended', disabled: {} }]] });
    expect(inlineKeyboardProblem(rendered.keyboard)).toBeUndefined();
    expect(richProblem(rendered.rich)).toBeUndefined();
    expect(disabledAction(t, 'decided', 'Approved 1/2')).toEqual({
      label: 'Approved 1/2',
      actionId: '',
      disabled: 'decided',
    });
  });
});

const perTest = telegramPerTest();
let core: FakeCore;

async function start(older = false) {
  const started = await perTest.onFakeCore({ older });
  core = started.core;
  return started.telegram;
}

const to = (chatId: number) => (c: FakeCall) => Number(c.payload.chat_id) === chatId;

describe('through the fake Bot API', () => {
  it('a rich table carries ◀ ▶ inside it, sent without a second keyboard, and a press of it reaches the core', async () => {
    const fake = await start();
    core.onText = () => [PAGE];
    fake.message(alice, '/calls');
    const sent = await fake.waitForCall('sendRichMessage', to(alice.id));
    expect(sent.payload.reply_markup).toBeUndefined();
    const message = fake.botMessages(alice.id).at(-1)!;
    expect(messageButtons(message).map((b) => b.text)).toEqual(['▶', '⬅ Back']);
    const mark = fake.mark();
    fake.pressLabel(alice, message, '▶');
    await fake.waitForCall('answerCallbackQuery', () => true, { after: mark });
    expect(core.actions.map((a) => a.actionId)).toEqual(['p:abc:1']);
  });

  it("an older server (sendRichMessage 404) gets today's form: the text with ▶ in its keyboard", async () => {
    const fake = await start(true);
    core.onText = () => [PAGE];
    fake.message(alice, '/calls');
    const text = await fake.waitForCall('sendMessage', to(alice.id));
    expect(
      (text.payload.reply_markup as { inline_keyboard: { text: string }[][] }).inline_keyboard
        .flat()
        .map((b) => b.text),
    ).toEqual(['▶', '⬅ Back']);
  });

  it('a disabled button pressed sends the bot nothing (Telegram sends no callback)', async () => {
    const fake = await start();
    core.onText = () => [{ text: 'Call ended.', actions: [disabledAction(t, 'call-ended')] }];
    fake.message(alice, '/call');
    await fake.waitForCall('sendMessage', to(alice.id));
    const message = fake.botMessages(alice.id).at(-1)!;
    expect(message.reply_markup).toEqual({ inline_keyboard: [[{ text: 'Call ended', disabled: {} }]] });
    expect(fake.pressLabel(alice, message, 'Call ended')).toBeUndefined();
    expect(fake.disabledPresses).toEqual([{ from: alice.id, label: 'Call ended' }]);
    expect(core.actions).toEqual([]);
  });

  it("an older server (no disabled buttons) gets today's form: the card without the button, nothing refused", async () => {
    const fake = await start(true);
    core.onText = () => [{ text: 'Call ended.', actions: [disabledAction(t, 'call-ended')] }];
    fake.message(alice, '/call');
    const sent = await fake.waitForCall('sendMessage', to(alice.id));
    expect(sent.response.ok).toBe(true);
    expect(sent.payload.reply_markup).toBeUndefined();
    expect(fake.botMessages(alice.id).at(-1)!.text).toContain('Call ended.');
  });
});
