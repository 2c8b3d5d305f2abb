import type { Api } from 'grammy';
import type { InlineKeyboardMarkup, InputRichMessage, ReplyParameters } from 'grammy/types';
import { errorSummary } from '../../core/index.js';
import { keyboardBeside } from './render-rich.js';

/**
 * The rich form of a reply (a table, Bot API 10.1) in and out of a chat: `sendRichMessage`, and
 * `editMessageText` with `rich_message` for a page turned in place. Telegram may refuse a rich
 * message (a limit it counts differently, an older Bot API server's 404). A refused send or edit is
 * thrown on: the core's road out then asks for the text form (docs/reliability.md §2.4), so the
 * reader still gets every row.
 */
export async function sendRich(
  api: Api,
  chatId: number,
  rich: InputRichMessage,
  options: { keyboard?: InlineKeyboardMarkup; replyParameters?: ReplyParameters },
): Promise<number> {
  const keyboard = options.keyboard ? keyboardBeside(rich, options.keyboard) : undefined;
  const sent = await api.sendRichMessage(chatId, rich, {
    ...(keyboard?.inline_keyboard.length ? { reply_markup: keyboard } : {}),
    ...(options.replyParameters ? { reply_parameters: options.replyParameters } : {}),
  });
  return sent.message_id;
}

/**
 * Turns a message into `rich` in place. A refusal is thrown on, as for a send: the core's road out
 * then asks for the text form (docs/reliability.md §2.4); the adapter decides no fallback itself.
 */
export async function editRich(
  api: Api,
  chatId: number,
  messageId: number,
  rich: InputRichMessage,
  keyboard: InlineKeyboardMarkup,
): Promise<void> {
  try {
    await api.editMessageText(chatId, messageId, rich, { reply_markup: keyboardBeside(rich, keyboard) });
  } catch (error) {
    // A second press can ask for the same page; Telegram refuses it, and nothing is wrong.
    if (!notModified(error)) throw error;
  }
}

/** Telegram's answer to an edit that changes nothing (a second press on the same page): done. */
export function notModified(error: unknown): boolean {
  return /message is not modified/i.test(errorSummary(error).description ?? '');
}
