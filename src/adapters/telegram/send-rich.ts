import type { Api } from 'grammy';
import type { InlineKeyboardMarkup, InputRichMessage, ReplyParameters } from 'grammy/types';
import { errorSummary } from '../../core/index.js';
import type { TelegramLogger } from './options.js';
import { keyboardBeside } from './render-rich.js';

/**
 * The rich form of a reply (a table, Bot API 10.1) in and out of a chat: `sendRichMessage`, and
 * `editMessageText` with `rich_message` for a page turned in place. Telegram may refuse a rich
 * message (a limit it counts differently, an older Bot API server's 404). A refused send is thrown
 * on: the core's road out then asks for the text form (docs/reliability.md §2.4), so the reader
 * still gets every row. A refused edit answers `false` and the caller edits to the text form.
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

/** Turns a message into `rich` in place; `false` when Telegram refused the rich content. */
export async function editRich(
  api: Api,
  chatId: number,
  messageId: number,
  rich: InputRichMessage,
  keyboard: InlineKeyboardMarkup,
  logger?: TelegramLogger,
): Promise<boolean> {
  try {
    await api.editMessageText(chatId, messageId, rich, { reply_markup: keyboardBeside(rich, keyboard) });
    return true;
  } catch (error) {
    // A second press can ask for the same page; Telegram refuses it, and nothing is wrong.
    if (/message is not modified/i.test(errorSummary(error).description ?? '')) return true;
    if (!refusedRich(error)) throw error;
    logger?.warn({ err: errorSummary(error) }, 'telegram: rich table refused; editing to the text form');
    return false;
  }
}

/**
 * Telegram turned the content away (400), or the server has no rich messages (404, an older Bot API
 * server): the text form may pass. A 403 (blocked) or a failure without an answer would fail the
 * text form too, so those are the caller's to handle.
 */
function refusedRich(error: unknown): boolean {
  const code = errorSummary(error).code;
  return code === 400 || code === 404;
}
