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
