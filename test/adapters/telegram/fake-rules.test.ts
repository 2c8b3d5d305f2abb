import { Api, InputFile } from 'grammy';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeTelegram } from '../../helpers/fake-telegram.js';

// The fake must refuse what Telegram refuses, or a test passes on a call Telegram would reject.
let telegram: FakeTelegram;
let api: Api;
const chat = 1001;
const png = () => new InputFile(Buffer.from('not really a png'), 'chart.png');

beforeEach(async () => {
  telegram = await FakeTelegram.start();
  api = new Api(telegram.token, { apiRoot: telegram.apiRoot });
});

afterEach(async () => {
  // close() throws when a text or caption was refused; the tests below want exactly that.
  await telegram.close().catch(() => undefined);
});

describe('fake Telegram: edit rules (Bot API editMessageText)', () => {
  it('refuses to edit a deleted message', async () => {
    const sent = await api.sendMessage(chat, 'soon gone');
    await api.deleteMessage(chat, sent.message_id);
    await expect(api.editMessageText(chat, sent.message_id, 'again')).rejects.toThrow(
      'message to edit not found',
    );
  });

  it('refuses to edit the text of a photo (its caption is edited with editMessageCaption)', async () => {
    const sent = await api.sendPhoto(chat, png(), { caption: 'total' });
    await expect(api.editMessageText(chat, sent.message_id, 'new total')).rejects.toThrow(
      'there is no text in the message to edit',
    );
  });
});

describe('fake Telegram: caption rules (Bot API sendPhoto)', () => {
  it('parses an HTML caption as Telegram does: an unclosed tag is refused', async () => {
    await expect(api.sendPhoto(chat, png(), { caption: '<b>total', parse_mode: 'HTML' })).rejects.toThrow(
      "can't parse entities",
    );
  });

  it('counts an HTML caption after parsing: 1024 characters inside tags pass, 1025 do not', async () => {
    const ok = `<b>${'x'.repeat(1024)}</b>`;
    await expect(api.sendPhoto(chat, png(), { caption: ok, parse_mode: 'HTML' })).resolves.toBeDefined();
    await expect(
      api.sendPhoto(chat, png(), { caption: `<b>${'x'.repeat(1025)}</b>`, parse_mode: 'HTML' }),
    ).rejects.toThrow('message caption is too long');
  });

  it('checks the keyboard under a photo as under a text', async () => {
    const reply_markup = { inline_keyboard: [[{ text: 'Next', callback_data: 'x'.repeat(65) }]] };
    await expect(api.sendPhoto(chat, png(), { reply_markup })).rejects.toThrow('Bad Request');
  });
});

/** A table block of `rows` rows (a header row first) and `columns` columns, every cell aligned. */
function table(rows: number, columns: number) {
  const cell = (text: string, header = false) => ({
    text,
    align: 'left' as const,
    valign: 'top' as const,
    ...(header ? { is_header: true as const } : {}),
  });
  return {
    type: 'table' as const,
    cells: Array.from({ length: rows }, (_, r) =>
      Array.from({ length: columns }, (_, c) => cell(`r${r}c${c}`, r === 0)),
    ),
  };
}

describe('fake Telegram: rich messages (Bot API 10.1, "Rich Message Limits")', () => {
  it('accepts a table of 20 columns and refuses one of 21', async () => {
    await expect(api.sendRichMessage(chat, { blocks: [table(2, 20)] })).resolves.toBeDefined();
    await expect(api.sendRichMessage(chat, { blocks: [table(2, 21)] })).rejects.toThrow(
      'RICH_TABLE_TOO_MANY_COLUMNS',
    );
  });

  it('counts a table row as a block: 500 blocks pass, 501 do not', async () => {
    // One table block plus its rows: 1 + 499 = 500.
    await expect(api.sendRichMessage(chat, { blocks: [table(499, 1)] })).resolves.toBeDefined();
    await expect(api.sendRichMessage(chat, { blocks: [table(500, 1)] })).rejects.toThrow(
      'RICH_MESSAGE_TOO_MANY_BLOCKS',
    );
  });

  it('counts characters up to 32768, code points not bytes', async () => {
    const paragraph = (text: string) => ({ type: 'paragraph' as const, text });
    await expect(
      api.sendRichMessage(chat, { blocks: [paragraph('€'.repeat(32_768))] }),
    ).resolves.toBeDefined();
    await expect(api.sendRichMessage(chat, { blocks: [paragraph('x'.repeat(32_769))] })).rejects.toThrow(
      'RICH_MESSAGE_TOO_LONG',
    );
  });

  it('refuses a table cell without its required align or valign', async () => {
    const cells = [[{ text: 'x', align: 'left' }]] as never;
    await expect(api.sendRichMessage(chat, { blocks: [{ type: 'table', cells }] })).rejects.toThrow(
      'a table cell needs valign',
    );
  });

  it('refuses an empty message, two forms at once and an unknown block', async () => {
    await expect(api.sendRichMessage(chat, { blocks: [] })).rejects.toThrow('RICH_MESSAGE_EMPTY');
    await expect(
      api.sendRichMessage(chat, { html: '<p>x</p>', blocks: [{ type: 'paragraph', text: 'x' }] }),
    ).rejects.toThrow('exactly one of html, markdown or blocks');
    await expect(api.sendRichMessage(chat, { blocks: [{ type: 'marquee' } as never] })).rejects.toThrow(
      'unknown block type',
    );
  });

  it('edits a text into a rich message and refuses the same content again', async () => {
    const sent = await api.sendMessage(chat, 'plain');
    const rich = { blocks: [table(2, 2)] };
    await api.editMessageText(chat, sent.message_id, rich);
    await expect(api.editMessageText(chat, sent.message_id, rich)).rejects.toThrow('message is not modified');
    await expect(api.editMessageText(chat, sent.message_id, { blocks: [table(2, 21)] })).rejects.toThrow(
      'RICH_TABLE_TOO_MANY_COLUMNS',
    );
  });
});

describe('fake Telegram: ephemeral messages (Bot API 10.2, EphemeralMessageParameters)', () => {
  const group = { id: -500, type: 'group' as const, title: 'Team' };
  const alice = { id: 11, first_name: 'Alice' };
  const bob = { id: 12, first_name: 'Bob' };
  const only = (user: number, extra: Record<string, unknown> = {}) => ({
    ephemeral_message_parameters: { receiver_user_id: user, ...extra },
  });

  beforeEach(() => {
    telegram.message(alice, '/balance', group);
    telegram.message(bob, 'hi', group);
  });

  it('shows a message to its receiver alone, with message_id 0 and its own ephemeral id', async () => {
    const sent = await api.sendMessage(group.id, 'for Alice', only(alice.id));
    expect(sent.message_id).toBe(0);
    expect(sent.ephemeral_message_id).toBeGreaterThan(0);
    expect(telegram.visibleTo(group.id, alice.id).map((m) => m.text)).toContain('for Alice');
    expect(telegram.visibleTo(group.id, bob.id).map((m) => m.text)).not.toContain('for Alice');
  });

  it('refuses a receiver who is not in the chat, and one who left', async () => {
    await expect(api.sendMessage(group.id, 'x', only(99))).rejects.toThrow('USER_NOT_PARTICIPANT');
    telegram.leave(group.id, bob.id);
    await expect(api.sendMessage(group.id, 'x', only(bob.id))).rejects.toThrow('USER_NOT_PARTICIPANT');
  });

  it('refuses an ephemeral message in a private chat', async () => {
    telegram.message(alice, '/start');
    await expect(api.sendMessage(alice.id, 'x', only(alice.id))).rejects.toThrow('CHAT_TYPE_INVALID');
  });

  it("takes a press's callback_query_id until Telegram's deadline, and only for its presser", async () => {
    const menu = await api.sendMessage(group.id, 'menu', {
      reply_markup: { inline_keyboard: [[{ text: 'Balance', callback_data: 'm:balance' }]] },
    });
    const stored = telegram.messages(group.id).find((m) => m.message_id === menu.message_id)!;
    const press = telegram.press(alice, stored, 'm:balance') as unknown as { callback_query: { id: string } };
    const id = press.callback_query.id;
    await expect(
      api.sendMessage(group.id, 'not Bob', only(bob.id, { callback_query_id: id })),
    ).rejects.toThrow('query ID is invalid');
    await expect(
      api.sendMessage(
        group.id,
        'yours',
        only(alice.id, { callback_query_id: id, replace_callback_query_message: true }),
      ),
    ).resolves.toBeDefined();
    telegram.expireCallbackQueries();
    await expect(
      api.sendMessage(group.id, 'late', only(alice.id, { callback_query_id: id })),
    ).rejects.toThrow('query is too old');
  });

  it('refuses to replace the message of a press on an ephemeral message (that one is edited)', async () => {
    const sent = await api.sendMessage(group.id, 'page 1', {
      ...only(alice.id),
      reply_markup: { inline_keyboard: [[{ text: '▶', callback_data: 'p:x:1' }]] },
    });
    const stored = telegram
      .visibleTo(group.id, alice.id)
      .find((m) => m.ephemeral_message_id === sent.ephemeral_message_id)!;
    const press = telegram.press(alice, stored, 'p:x:1') as unknown as { callback_query: { id: string } };
    await expect(
      api.sendMessage(
        group.id,
        'page 2',
        only(alice.id, { callback_query_id: press.callback_query.id, replace_callback_query_message: true }),
      ),
    ).rejects.toThrow('must be False for callback queries from ephemeral messages');
    expect(() => telegram.press(bob, stored, 'p:x:1')).toThrow('cannot see');
  });

  it('refuses a reply to a deleted message (no sending without the reply for ephemeral messages)', async () => {
    const typed = telegram.messages(group.id).find((m) => m.text === '/balance')!;
    await api.deleteMessage(group.id, typed.message_id);
    await expect(
      api.sendMessage(group.id, 'x', {
        ...only(alice.id),
        reply_parameters: { message_id: typed.message_id, allow_sending_without_reply: true },
      }),
    ).rejects.toThrow('message to be replied not found');
  });

  it('edits and deletes an ephemeral message by its receiver and id, never as an ordinary message', async () => {
    const sent = await api.sendRichMessage(group.id, { blocks: [table(2, 2)] }, only(alice.id));
    const id = sent.ephemeral_message_id!;
    await expect(api.editMessageText(group.id, 0, 'x')).rejects.toThrow('message to edit not found');
    await expect(api.editEphemeralMessageText(group.id, bob.id, id, 'x')).rejects.toThrow(
      'message to edit not found',
    );
    await api.editEphemeralMessageText(group.id, alice.id, id, { blocks: [table(3, 2)] });
    await expect(
      api.editEphemeralMessageText(group.id, alice.id, id, { blocks: [table(3, 2)] }),
    ).rejects.toThrow('message is not modified');
    await api.editEphemeralMessageReplyMarkup(group.id, alice.id, id, {
      reply_markup: { inline_keyboard: [[{ text: 'Back', callback_data: 'm:home' }]] },
    });
    await api.deleteEphemeralMessage(group.id, alice.id, id);
    await expect(api.deleteEphemeralMessage(group.id, alice.id, id)).rejects.toThrow(
      'message to delete not found',
    );
    expect(telegram.visibleTo(group.id, alice.id).some((m) => m.ephemeral_message_id === id)).toBe(false);
  });

  it('refuses a login_url button on an ephemeral message', async () => {
    const reply_markup = {
      inline_keyboard: [[{ text: 'Log in', login_url: { url: 'https://example.com' } }]],
    };
    await expect(api.sendMessage(group.id, 'x', { ...only(alice.id), reply_markup })).rejects.toThrow(
      'BUTTON_TYPE_INVALID',
    );
  });
});
