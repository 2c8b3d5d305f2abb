import type { FakeCall, FakeMessage } from './fake-telegram-types.js';
import { inlineKeyboardProblem, TELEGRAM_TEXT_LIMIT, telegramHtmlProblem } from './telegram-html.js';
import { richProblem, richText } from './telegram-rich.js';

// What the fake Bot API checks of a message's content (fake-telegram.ts): text, rich content, keyboard, caption.

/** Bot API sendPhoto / sendDocument: a caption holds at most 1024 characters after entity parsing. */
const TELEGRAM_CAPTION_LIMIT = 1024;

/** The methods that put a text into a chat: a plain text, or a rich message (a table). */
export const SENDS = ['sendMessage', 'sendRichMessage'] as const;

/** What a call sent or edited in, as a reader sees it: the text, or the rich content flattened. */
export function sentText(call: FakeCall): string {
  const p = call.payload;
  return p.rich_message !== undefined ? richText(p.rich_message) : String(p.text ?? p.caption ?? '');
}

/** What a message shows, as a reader sees it: its text (or caption), or its rich content flattened. */
export function shownText(m: FakeMessage): string {
  return m.rich_message ? richText(m.rich_message) : (m.text ?? '');
}

/** The content fields of a send: a text, or a rich message. */
export function content(method: string, p: Record<string, unknown>): Partial<FakeMessage> {
  if (method === 'sendMessage') return { text: String(p.text) };
  if (method === 'sendRichMessage') return { rich_message: p.rich_message as { blocks: unknown[] } };
  return {};
}

export function currentContent(msg: FakeMessage): Record<string, unknown> {
  return msg.rich_message ? { rich_message: msg.rich_message } : { text: msg.text };
}

/**
 * editMessageText / editEphemeralMessageText: "text … required if rich_message isn't specified",
 * "rich_message … required if text isn't specified"; either is checked as on a send.
 */
export function editContentProblem(p: Record<string, unknown>): FakeCall['response'] | undefined {
  if ((p.text === undefined) === (p.rich_message === undefined))
    return { ok: false, error_code: 400, description: 'Bad Request: text or rich_message must be specified' };
  return p.rich_message !== undefined ? richMessageProblem(p) : formattingProblem(p);
}

export function keyboardProblem(p: Record<string, unknown>): FakeCall['response'] | undefined {
  const keyboard = inlineKeyboardProblem(p.reply_markup);
  return keyboard ? { ok: false, error_code: 400, description: `Bad Request: ${keyboard}` } : undefined;
}

/** Replaces a message's text or rich content and keyboard; the same content again is refused. */
export function editContent(msg: FakeMessage, p: Record<string, unknown>): FakeCall['response'] {
  const next = p.rich_message !== undefined ? { rich_message: p.rich_message } : { text: String(p.text) };
  if (
    JSON.stringify(next) === JSON.stringify(currentContent(msg)) &&
    JSON.stringify(msg.reply_markup ?? null) === JSON.stringify(p.reply_markup ?? null)
  ) {
    return { ok: false, error_code: 400, description: 'Bad Request: message is not modified' };
  }
  msg.edits = [...(msg.edits ?? []), shownText(msg)];
  if ('rich_message' in next) {
    msg.rich_message = next.rich_message as { blocks: unknown[] };
    delete msg.text;
  } else {
    msg.text = next.text;
    delete msg.rich_message;
  }
  if (p.reply_markup && (p.reply_markup as { inline_keyboard?: unknown[] }).inline_keyboard?.length) {
    msg.reply_markup = p.reply_markup;
  } else {
    delete msg.reply_markup;
  }
  return { ok: true, result: strip(msg) };
}

/** sendRichMessage: the rich content obeys `telegram-rich.ts`, the keyboard the usual rules. */
export function richMessageProblem(p: Record<string, unknown>): FakeCall['response'] | undefined {
  const problem = richProblem(p.rich_message);
  if (problem) return { ok: false, error_code: 400, description: `Bad Request: ${problem}` };
  return keyboardProblem(p);
}

/**
 * Telegram refuses a text it cannot parse (400 "can't parse entities"), an empty or overlong text,
 * and a keyboard with an empty label or bad callback_data (Bot API, sendMessage and
 * "Formatting options"). The rules are in `telegram-html.ts`.
 */
export function formattingProblem(p: Record<string, unknown>): FakeCall['response'] | undefined {
  const text = String(p.text ?? '');
  const problem =
    p.parse_mode === 'HTML'
      ? telegramHtmlProblem(text)
      : text.length === 0
        ? 'Text must be non-empty'
        : text.length > TELEGRAM_TEXT_LIMIT
          ? 'Message is too long'
          : undefined;
  if (problem) {
    const description = /too long|non-empty/.test(problem)
      ? `Bad Request: ${problem.replace('Message', 'message text')}`
      : `Bad Request: can't parse entities: ${problem}`;
    return { ok: false, error_code: 400, description };
  }
  const keyboard = inlineKeyboardProblem(p.reply_markup);
  if (keyboard) return { ok: false, error_code: 400, description: `Bad Request: ${keyboard}` };
  return undefined;
}

/**
 * sendPhoto / sendDocument: the caption obeys parse_mode as a text does, at most 1024 characters
 * after entity parsing (Bot API sendPhoto), and the keyboard obeys the same rules as on a text.
 */
export function captionProblem(p: Record<string, unknown>): FakeCall['response'] | undefined {
  const caption = p.caption === undefined ? '' : String(p.caption);
  const problem =
    caption === ''
      ? undefined
      : p.parse_mode === 'HTML'
        ? telegramHtmlProblem(caption, TELEGRAM_CAPTION_LIMIT)
        : caption.length > TELEGRAM_CAPTION_LIMIT
          ? 'Message is too long'
          : undefined;
  if (problem === 'Message is too long')
    return { ok: false, error_code: 400, description: 'Bad Request: message caption is too long' };
  if (problem)
    return { ok: false, error_code: 400, description: `Bad Request: can't parse entities: ${problem}` };
  const keyboard = inlineKeyboardProblem(p.reply_markup);
  if (keyboard) return { ok: false, error_code: 400, description: `Bad Request: ${keyboard}` };
  return undefined;
}

/** The message as the Bot API would serialise it, without the fake's bookkeeping. */
export function strip(msg: FakeMessage): Record<string, unknown> {
  const { deleted, edits, ...rest } = msg;
  return structuredClone(rest) as Record<string, unknown>;
}

export function commandEntity(text: string): FakeMessage['entities'] {
  const command = /^\/\S+/.exec(text);
  return command ? [{ type: 'bot_command', offset: 0, length: command[0].length }] : undefined;
}
