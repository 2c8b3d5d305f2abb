import { buttonTypeProblem } from './telegram-html.js';

/**
 * Telegram's rich messages (Bot API 10.1, `sendRichMessage`, `editMessageText` with `rich_message`)
 * as a checker, written from the doc comments of `InputRichMessage` and the `InputRichBlock…` /
 * `RichText…` types (@grammyjs/types `rich.d.ts`):
 *
 * - exactly one of `html`, `markdown` or `blocks`; this fake reads only `blocks` and refuses the
 *   other two, so no test passes on content nothing checked;
 * - "Rich Message Limits": up to 32768 characters of text (custom emoji alternative text and
 *   formula source included), up to 500 blocks counting nested blocks, list items, table rows,
 *   quotations and details blocks, up to 16 levels of nested formatting and blocks, up to 50 media
 *   attachments, up to 20 columns in a table;
 * - a table cell has `align` (left, center, right) and `valign` (top, middle, bottom), both
 *   required (`RichBlockTableCell`); a heading's size is 1-6; a buttons block holds 1-8 buttons,
 *   each of exactly one kind (a `disabled` one included) with `callback_data` of 1-64 bytes; only the documented block and rich text types exist.
 *
 * Telegram documents the limits, not the words of its refusals: the fake words them as upper-case
 * reasons after "Bad Request:", like its other refusals (BUTTON_DATA_INVALID). `richProblem`
 * returns the first problem or undefined; `richText` flattens a rich message into what a reader
 * sees, for tests that read a message.
 */
export const RICH_TEXT_LIMIT = 32_768;
export const RICH_BLOCK_LIMIT = 500;
export const RICH_DEPTH_LIMIT = 16;
export const RICH_MEDIA_LIMIT = 50;
export const RICH_TABLE_COLUMNS = 20;

type Obj = Record<string, unknown>;

const MEDIA = new Set(['animation', 'audio', 'document', 'photo', 'video', 'voice_note']);
const TEXT_BLOCKS = new Set(['paragraph', 'heading', 'pre', 'footer', 'expandable_blockquote', 'pullquote']);
const INLINE = new Set([
  'bold',
  'italic',
  'underline',
  'strikethrough',
  'spoiler',
  'date_time',
  'text_mention',
  'subscript',
  'superscript',
  'marked',
  'code',
  'url',
  'email_address',
  'phone_number',
  'bank_card_number',
  'mention',
  'hashtag',
  'cashtag',
  'bot_command',
  'anchor_link',
  'reference',
  'reference_link',
]);

interface Tally {
  blocks: number;
  chars: number;
  media: number;
  depth: number;
}

class RichRefusal extends Error {}

export function richProblem(message: unknown): string | undefined {
  const m = (message ?? {}) as Obj;
  const forms = ['html', 'markdown', 'blocks'].filter((k) => m[k] !== undefined);
  if (forms.length !== 1) return 'RICH_MESSAGE_INVALID: exactly one of html, markdown or blocks';
  if (m.blocks === undefined) return 'RICH_MESSAGE_INVALID: the fake reads only blocks';
  if (!Array.isArray(m.blocks) || m.blocks.length === 0) return 'RICH_MESSAGE_EMPTY';
  const tally: Tally = { blocks: 0, chars: 0, media: 0, depth: 0 };
  try {
    for (const block of m.blocks) walkBlock(block, 1, tally);
  } catch (error) {
    if (error instanceof RichRefusal) return error.message;
    throw error;
  }
  if (tally.chars === 0) return 'RICH_MESSAGE_EMPTY';
  if (tally.chars > RICH_TEXT_LIMIT) return 'RICH_MESSAGE_TOO_LONG';
  if (tally.blocks > RICH_BLOCK_LIMIT) return 'RICH_MESSAGE_TOO_MANY_BLOCKS';
  if (tally.depth > RICH_DEPTH_LIMIT) return 'RICH_MESSAGE_TOO_DEEP';
  if (tally.media > RICH_MEDIA_LIMIT) return 'RICH_MESSAGE_TOO_MANY_MEDIA';
  return undefined;
}

function refuse(reason: string): never {
  throw new RichRefusal(`RICH_BLOCK_INVALID: ${reason}`);
}

function walkBlock(raw: unknown, depth: number, t: Tally): void {
  const b = (raw ?? {}) as Obj;
  t.blocks += 1;
  t.depth = Math.max(t.depth, depth);
  const type = String(b.type);
  if (TEXT_BLOCKS.has(type)) {
    if (
      type === 'heading' &&
      !(Number.isInteger(b.size) && (b.size as number) >= 1 && (b.size as number) <= 6)
    )
      refuse('heading size must be 1-6');
    walkText(b.text, depth + 1, t);
    if (b.credit !== undefined) walkText(b.credit, depth + 1, t);
    return;
  }
  if (MEDIA.has(type)) {
    t.media += 1;
    walkCaption(b.caption, depth, t);
    return;
  }
  switch (type) {
    case 'divider':
    case 'anchor':
      return;
    case 'mathematical_expression':
      t.chars += length(String(b.expression ?? ''));
      return;
    case 'list':
      for (const item of (b.items ?? []) as Obj[]) {
        t.blocks += 1;
        for (const inner of (item.blocks ?? []) as unknown[]) walkBlock(inner, depth + 1, t);
      }
      return;
    case 'blockquote':
    case 'collage':
    case 'slideshow':
    case 'details':
      if (type === 'details') walkText(b.summary, depth + 1, t);
      if (type === 'blockquote' && b.credit !== undefined) walkText(b.credit, depth + 1, t);
      for (const inner of (b.blocks ?? []) as unknown[]) walkBlock(inner, depth + 1, t);
      walkCaption(b.caption, depth, t);
      return;
    case 'table':
      walkTable(b, depth, t);
      return;
    case 'map':
      walkCaption(b.caption, depth, t);
      return;
    case 'buttons': {
      const buttons = (b.buttons ?? []) as Obj[];
      if (buttons.length < 1 || buttons.length > 8) refuse('a buttons block holds 1-8 buttons');
      for (const button of buttons) walkButton(button, depth, t);
      return;
    }
    case 'thinking':
      refuse('a thinking block is for sendRichMessageDraft only');
      return;
    default:
      refuse(`unknown block type ${type}`);
  }
}

function walkTable(b: Obj, depth: number, t: Tally): void {
  const rows = b.cells;
  if (!Array.isArray(rows) || rows.length === 0) refuse('a table needs cells');
  for (const row of rows as unknown[][]) {
    if (!Array.isArray(row)) refuse('a table row is an array of cells');
    // Each row counts as a block ("Rich Message Limits").
    t.blocks += 1;
    let width = 0;
    for (const raw of row) {
      const cell = (raw ?? {}) as Obj;
      if (!['left', 'center', 'right'].includes(String(cell.align))) refuse('a table cell needs align');
      if (!['top', 'middle', 'bottom'].includes(String(cell.valign))) refuse('a table cell needs valign');
      width += typeof cell.colspan === 'number' && cell.colspan > 1 ? cell.colspan : 1;
      if (cell.text !== undefined) walkText(cell.text, depth + 2, t);
    }
    if (width > RICH_TABLE_COLUMNS) throw new RichRefusal('RICH_TABLE_TOO_MANY_COLUMNS');
  }
  if (b.caption !== undefined) walkText(b.caption, depth + 1, t);
}

function walkCaption(caption: unknown, depth: number, t: Tally): void {
  if (caption === undefined) return;
  const c = caption as Obj;
  walkText(c.text, depth + 1, t);
  if (c.credit !== undefined) walkText(c.credit, depth + 1, t);
}

function walkButton(button: Obj, depth: number, t: Tally): void {
  walkText(button.text, depth + 1, t);
  // A rich message's button has no game or pay kind (`RichMessageButton`).
  if (button.callback_game !== undefined || button.pay !== undefined)
    throw new RichRefusal('BUTTON_TYPE_INVALID');
  const problem = buttonTypeProblem(button);
  if (problem) throw new RichRefusal(problem);
}

function walkText(text: unknown, depth: number, t: Tally): void {
  t.depth = Math.max(t.depth, depth);
  if (typeof text === 'string') {
    t.chars += length(text);
    return;
  }
  if (Array.isArray(text)) {
    for (const part of text) walkText(part, depth, t);
    return;
  }
  const o = (text ?? {}) as Obj;
  const type = String(o.type);
  if (type === 'custom_emoji') t.chars += length(String(o.alternative_text ?? ''));
  else if (type === 'mathematical_expression') t.chars += length(String(o.expression ?? ''));
  else if (type === 'anchor') return;
  else if (type === 'button') walkButton((o.button ?? {}) as Obj, depth, t);
  else if (INLINE.has(type)) walkText(o.text, depth + 1, t);
  else refuse(`unknown rich text type ${type}`);
}

/** Characters as the limit counts them: code points. */
function length(text: string): number {
  return [...text].length;
}

/**
 * What a reader sees of a rich message, as plain lines: headings and paragraphs on their own
 * lines, list items with "• ", a table's rows with its cells joined by " | ", the caption last.
 */
export function richText(message: unknown): string {
  const blocks = ((message ?? {}) as Obj).blocks;
  return Array.isArray(blocks) ? blocks.map(blockText).filter(Boolean).join('\n') : '';
}

function blockText(raw: unknown): string {
  const b = (raw ?? {}) as Obj;
  switch (b.type) {
    case 'list':
      return ((b.items ?? []) as Obj[])
        .map((i) => `• ${((i.blocks ?? []) as unknown[]).map(blockText).join(' ')}`)
        .join('\n');
    case 'table': {
      const rows = ((b.cells ?? []) as Obj[][]).map((row) => row.map((c) => plain(c.text)).join(' | '));
      return [...rows, ...(b.caption !== undefined ? [plain(b.caption)] : [])].join('\n');
    }
    case 'blockquote':
    case 'details':
      return [plain(b.summary), ...((b.blocks ?? []) as unknown[]).map(blockText)].filter(Boolean).join('\n');
    default:
      return plain(b.text);
  }
}

/** A rich text's characters, without its formatting. */
export function plain(text: unknown): string {
  if (text === undefined || text === null) return '';
  if (typeof text === 'string') return text;
  if (Array.isArray(text)) return text.map(plain).join('');
  const o = text as Obj;
  if (o.type === 'custom_emoji') return String(o.alternative_text ?? '');
  return plain(o.text);
}
