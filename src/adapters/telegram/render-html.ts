import type {
  InlineKeyboardButton,
  InlineKeyboardMarkup,
  InputRichMessage,
  RichMessageButton,
} from 'grammy/types';
import { pressable, type Reply, type ReplyAction, type ReplyField, tableLines } from '../../core/index.js';
import { escapeHtml } from './escape.js';
import { richMessage } from './render-rich.js';
import { splitHtml, TELEGRAM_MESSAGE_LIMIT } from './split-html.js';

/** A reply rendered for Telegram: message texts, the keyboard for the last one, and a document. */
export interface RenderedReply {
  /** HTML parts, each within Telegram's message limit; may be empty when the reply is only a file. */
  parts: string[];
  /**
   * The same reply as one rich message (a table, Bot API 10.1), when it has a table that fits
   * Telegram's limits; it is sent instead of `parts`, which stay the fallback when Telegram refuses it.
   */
  rich?: InputRichMessage;
  /** Attached to the last part (or to the document when there is no text). */
  keyboard?: InlineKeyboardMarkup;
  file?: { name: string; content: Buffer; caption?: string; photo?: boolean };
}

export interface RenderOptions {
  /** The bot's username, for `t.me/<bot>?start=…` deep links. */
  botUsername: string;
  /** Label of the deep-link button of a `privateRedirect`. */
  openPrivateLabel?: string;
  /** Override for tests of the splitting. */
  limit?: number;
  /**
   * Whether the server has disabled buttons (Bot API 10.x). Off (an older server, which would see a
   * button of no kind): a button that can no longer act is left out, today's form (docs/channels.md §1.1).
   */
  disabledButtons?: boolean;
}

const TONE_MARK: Readonly<Record<NonNullable<Reply['tone']>, string>> = {
  info: '',
  success: '✅ ',
  warning: '⚠️ ',
  error: '❌ ',
};

/** Telegram rejects `callback_data` longer than 64 bytes (Bot API, InlineKeyboardButton). */
export const CALLBACK_DATA_LIMIT = 64;

/** `start` parameters allow `A-Z a-z 0-9 _ -`, up to 64 characters (Bot API, deep linking). */
export function deepLink(botUsername: string, startParam: string): string {
  const param = startParam.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64);
  return `https://t.me/${encodeURIComponent(botUsername)}?start=${param}`;
}

/**
 * The reply's body as one HTML string. Every string from the reply is escaped: the core's replies
 * echo user input (numbers, labels, names), so nothing is trusted as markup (docs/interface.md §4.1).
 */
export function replyHtml(reply: Reply): string {
  const blocks: string[] = [];
  if (reply.title) blocks.push(`${TONE_MARK[reply.tone ?? 'info']}<b>${escapeHtml(reply.title)}</b>`);
  if (reply.text) {
    const mark = reply.title ? '' : TONE_MARK[reply.tone ?? 'info'];
    blocks.push(mark + escapeHtml(reply.text));
  }
  if (reply.fields?.length) {
    blocks.push(reply.fields.map((f) => `${escapeHtml(f.label)}: ${fieldValue(f)}`).join('\n'));
  }
  if (reply.sections?.length) {
    for (const section of reply.sections)
      blocks.push(`<b>${escapeHtml(section.title)}</b>\n${section.lines.map(escapeHtml).join('\n')}`);
  }
  if (reply.table) {
    const caption = reply.table.caption ? `<i>${escapeHtml(reply.table.caption)}</i>\n` : '';
    blocks.push(`${caption}<pre>${escapeHtml(tableLines(reply.table).join('\n'))}</pre>`);
  }
  return blocks.join('\n\n');
}

/**
 * A secret is a spoiler (tap to reveal). Spoilers may not contain or sit inside `code` (Bot API,
 * "Formatting options": pre and code entities can't contain other entities), so a secret is plain.
 */
function fieldValue(f: ReplyField): string {
  if (f.spoiler) return `<tg-spoiler>${escapeHtml(f.value)}</tg-spoiler>`;
  return f.code === false ? escapeHtml(f.value) : `<code>${escapeHtml(f.value)}</code>`;
}

export function renderReply(reply: Reply, options: RenderOptions): RenderedReply {
  const parts = splitHtml(replyHtml(reply), options.limit ?? TELEGRAM_MESSAGE_LIMIT);
  const rows: InlineKeyboardButton[][] = [];
  const actions = options.disabledButtons === false ? pressable(reply.actions) : (reply.actions ?? []);
  if (actions.length) rows.push(...actionRows(actions));
  if (reply.privateRedirect) {
    rows.push([
      {
        text: options.openPrivateLabel ?? 'Open private chat',
        url: deepLink(options.botUsername, reply.privateRedirect.startParam),
      },
    ]);
  }
  const rendered: RenderedReply = { parts };
  // A chart goes as a photo with the text as its caption; a rich message carries no photo.
  const rich =
    reply.file?.mimeType === 'image/png'
      ? undefined
      : richMessage(reply, TONE_MARK[reply.tone ?? 'info'], actionRows(actions));
  if (rich) rendered.rich = rich;
  if (rows.length > 0) rendered.keyboard = { inline_keyboard: rows };
  if (reply.file) {
    const { content } = reply.file;
    rendered.file = {
      name: reply.file.name,
      content: typeof content === 'string' ? Buffer.from(content, 'utf8') : Buffer.from(content),
      // A chart is shown as a photo, with the reply's text as its caption (docs/proactive.md §3.1).
      ...(reply.file.mimeType === 'image/png' ? { photo: true } : {}),
    };
  }
  return rendered;
}

/** Two buttons a row (or fewer where the core starts a new row) keeps a confirmation's Confirm/Cancel side by side and long labels readable. */
function actionRows(actions: readonly ReplyAction[]): (InlineKeyboardButton & RichMessageButton)[][] {
  const rows: (InlineKeyboardButton & RichMessageButton)[][] = [];
  for (const action of actions) {
    const button = inlineButton(action);
    const last = rows.at(-1);
    if (last && last.length < 2 && !action.newRow) last.push(button);
    else rows.push([button]);
  }
  return rows;
}

/**
 * One button: a callback button, or a `disabled` one (Bot API 10.x `DisabledButton`: "the button is
 * disabled and does nothing") for a button that can no longer act (docs/interface.md §2.6). Telegram
 * sends no callback for it, and it carries no action id to send.
 */
export function inlineButton(action: ReplyAction): InlineKeyboardButton & RichMessageButton {
  if (action.disabled !== undefined) return { text: action.label, disabled: {} };
  if (Buffer.byteLength(action.actionId, 'utf8') > CALLBACK_DATA_LIMIT) {
    // The core promises short ids (reply.ts); a longer one would make Telegram refuse the whole message.
    throw new RangeError(`actionId longer than ${CALLBACK_DATA_LIMIT} bytes`);
  }
  return { text: action.label, callback_data: action.actionId };
}

/** An empty keyboard: passing it to `editMessageText` removes the buttons. */
export const NO_KEYBOARD: InlineKeyboardMarkup = { inline_keyboard: [] };
