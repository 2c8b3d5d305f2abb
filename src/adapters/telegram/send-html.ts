import { type Api, InputFile } from 'grammy';
import type { InlineKeyboardMarkup } from 'grammy/types';
import type { TelegramLogger } from './options.js';
import type { RenderedReply } from './render-html.js';
import { notModified, sendRich } from './send-rich.js';

/**
 * The Bot API calls that put a rendered reply into a chat: its rich form when it has one (a table;
 * a refusal is thrown, for the core to ask for the text form), else the HTML parts in order (the keyboard under the last); then a file or
 * photo; and edits. Returns the ids of the messages sent, for deletion and tracking.
 */
export async function sendRendered(
  api: Api,
  chatId: number,
  rendered: RenderedReply,
  replyTo?: number,
  logger?: TelegramLogger,
): Promise<number[]> {
  const file = rendered.file;
  if (rendered.rich && !file?.photo) {
    const id = await sendRich(api, chatId, rendered.rich, {
      ...(rendered.keyboard && !file ? { keyboard: rendered.keyboard } : {}),
      ...(replyTo !== undefined ? { replyParameters: replyParameters(replyTo) } : {}),
    });
    const rest = await sendRendered(api, chatId, { ...withoutRich(rendered), parts: [] }, undefined, logger);
    return [id, ...rest];
  }
  if (file?.photo) {
    // One short part becomes the photo's caption (Bot API: at most 1024 characters).
    const [only, ...more] = rendered.parts;
    const caption = more.length === 0 && only !== undefined && only.length <= 1024 ? only : undefined;
    const sent: number[] = [];
    if (caption === undefined)
      for (const part of rendered.parts) sent.push(await sendHtml(api, chatId, part));
    const photo = await api.sendPhoto(chatId, new InputFile(file.content, file.name), {
      ...(caption !== undefined ? { caption, parse_mode: 'HTML' as const } : {}),
      ...(rendered.keyboard ? { reply_markup: rendered.keyboard } : {}),
      ...(replyTo !== undefined ? { reply_parameters: replyParameters(replyTo) } : {}),
    });
    return [...sent, photo.message_id];
  }
  const sent: number[] = [];
  const last = rendered.parts.length - 1;
  // Buttons go under the last text, which Telegram can edit (a page turn); a document's text it
  // refuses to edit, so they sit under a document only when there is no text.
  for (const [i, part] of rendered.parts.entries()) {
    const keyboard = i === last ? rendered.keyboard : undefined;
    sent.push(await sendHtml(api, chatId, part, keyboard, i === 0 ? replyTo : undefined));
  }
  if (rendered.file) {
    const doc = await api.sendDocument(chatId, new InputFile(rendered.file.content, rendered.file.name), {
      ...(rendered.keyboard && rendered.parts.length === 0 ? { reply_markup: rendered.keyboard } : {}),
      ...(rendered.parts.length === 0 && replyTo !== undefined
        ? { reply_parameters: replyParameters(replyTo) }
        : {}),
    });
    sent.push(doc.message_id);
  }
  return sent;
}

export async function sendHtml(
  api: Api,
  chatId: number,
  html: string,
  keyboard?: InlineKeyboardMarkup,
  replyTo?: number,
): Promise<number> {
  const message = await api.sendMessage(chatId, html, {
    parse_mode: 'HTML',
    link_preview_options: { is_disabled: true },
    ...(keyboard ? { reply_markup: keyboard } : {}),
    ...(replyTo !== undefined ? { reply_parameters: replyParameters(replyTo) } : {}),
  });
  return message.message_id;
}

export async function editHtml(
  api: Api,
  chatId: number,
  messageId: number,
  html: string,
  keyboard: InlineKeyboardMarkup,
): Promise<void> {
  try {
    await api.editMessageText(chatId, messageId, html, {
      parse_mode: 'HTML',
      link_preview_options: { is_disabled: true },
      reply_markup: keyboard,
    });
  } catch (error) {
    // A second press can ask for the same edit; Telegram refuses it, and nothing is wrong.
    if (!notModified(error)) throw error;
  }
}

/** The text form of a rendered reply: what goes out when there is no rich form or it was refused. */
export function withoutRich(rendered: RenderedReply): RenderedReply {
  const { rich: _rich, ...rest } = rendered;
  return rest;
}

function replyParameters(messageId: number) {
  return { message_id: messageId, allow_sending_without_reply: true };
}
