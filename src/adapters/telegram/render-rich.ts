import type {
  InlineKeyboardMarkup,
  InputRichBlock,
  InputRichMessage,
  RichBlockTableCell,
  RichMessageButton,
  RichText,
} from 'grammy/types';
import { type Reply, type ReplyField, type ReplyTable, tableGrid } from '../../core/index.js';

/**
 * "Rich Message Limits" (Bot API 10.1, `InputRichMessage`): up to 32768 characters of text, up to
 * 500 blocks counting table rows and list items, up to 20 columns in a table.
 */
export const RICH_LIMITS = { characters: 32_768, blocks: 500, columns: 20, rowButtons: 8 } as const;

type Block = InputRichBlock;

/** From this many columns a table is compact (`is_compact`). */
export const COMPACT_FROM_COLUMNS = 4;

/**
 * A reply with a table as a Telegram rich message (Bot API 10.1, `sendRichMessage`): the title a
 * heading, the text paragraphs, fields as label and value, grouped lines as lists, and the table
 * a real table (a header row, numbers right-aligned, the page counter its caption) that a phone
 * lays out, unlike monospace text that wraps. Strings go in as plain rich text: nothing is markup,
 * so nothing needs escaping.
 *
 * `undefined` when the reply has no table, or when it would not fit Telegram's limits: the caller
 * then sends the text form, which splits into several messages. A table is never cut to fit.
 */
export function richMessage(
  reply: Reply,
  toneMark = '',
  buttonRows: readonly (readonly RichMessageButton[])[] = [],
): InputRichMessage | undefined {
  if (!reply.table || reply.table.columns.length > RICH_LIMITS.columns) return undefined;
  const blocks: Block[] = [];
  if (reply.title) blocks.push({ type: 'heading', size: 3, text: toneMark + reply.title });
  const textMark = reply.title ? '' : toneMark;
  for (const [i, line] of (reply.text ?? '').split('\n').entries())
    if (line.trim()) blocks.push({ type: 'paragraph', text: (i === 0 ? textMark : '') + line });
  for (const field of reply.fields ?? []) blocks.push({ type: 'paragraph', text: fieldText(field) });
  for (const section of reply.sections ?? []) {
    blocks.push({ type: 'heading', size: 4, text: section.title });
    blocks.push({
      type: 'list',
      items: section.lines.map((line) => ({ blocks: [{ type: 'paragraph', text: line }] })),
    });
  }
  blocks.push(tableBlock(reply.table));
  // The reply's buttons (◀ ▶ and Back under a page) sit inside the message, under the table they
  // turn (Bot API 10.x `InputRichBlockButtons`: one row of 1-8 buttons); `keyboardBeside` then
  // leaves them out of the keyboard (docs/channels.md §1.1).
  for (const row of buttonRows)
    if (row.length >= 1 && row.length <= RICH_LIMITS.rowButtons)
      blocks.push({ type: 'buttons', buttons: [...row] });
  const message: InputRichMessage = { blocks };
  return fits(message) ? message : undefined;
}

function tableBlock(table: ReplyTable): Block {
  const { header, rows, align } = tableGrid(table);
  const cell = (text: string, i: number, isHeader: boolean): RichBlockTableCell => ({
    // An empty text would make the cell invisible (`RichBlockTableCell.text`); a blank keeps the grid.
    text: text === '' ? ' ' : text,
    align: align[i] ?? 'left',
    valign: 'top',
    ...(isHeader ? { is_header: true as const } : {}),
  });
  return {
    type: 'table',
    cells: [header.map((h, i) => cell(h, i, true)), ...rows.map((r) => r.map((c, i) => cell(c, i, false)))],
    is_striped: true,
    // Smaller indents where a table is wide (call records, lines): on a phone its columns then fit
    // without scrolling; two or three columns read better with room (docs/channels.md §1.1).
    ...(table.columns.length >= COMPACT_FROM_COLUMNS ? { is_compact: true as const } : {}),
    ...(table.caption ? { caption: table.caption } : {}),
  };
}

/** A secret is a spoiler (tap to reveal); ids and numbers monospace, as in the HTML form. */
function fieldText(f: ReplyField): RichText {
  const value: RichText = f.spoiler
    ? { type: 'spoiler', text: f.value }
    : f.code === false
      ? f.value
      : { type: 'code', text: f.value };
  return [{ type: 'bold', text: `${f.label}: ` }, value];
}

/** Counts as "Rich Message Limits" does: every block, list item and table row; text in code points. */
function fits(message: InputRichMessage): boolean {
  let blocks = 0;
  let characters = 0;
  const text = (t: RichText | undefined): void => {
    if (t === undefined) return;
    if (typeof t === 'string') characters += [...t].length;
    else if (Array.isArray(t)) for (const part of t) text(part);
    else if ('text' in t) text(t.text as RichText);
  };
  for (const block of message.blocks ?? []) {
    blocks += 1;
    if (block.type === 'table') {
      blocks += block.cells.length;
      for (const row of block.cells) for (const c of row) text(c.text);
      text(block.caption);
    } else if (block.type === 'list') {
      blocks += block.items.length * 2;
      for (const item of block.items) for (const b of item.blocks) if (b.type === 'paragraph') text(b.text);
    } else if ('text' in block) {
      text(block.text);
    }
  }
  return blocks <= RICH_LIMITS.blocks && characters <= RICH_LIMITS.characters;
}

/**
 * The keyboard to send beside `rich`: without the buttons the rich message already holds in its
 * buttons blocks, so none shows twice; the text form keeps the whole keyboard.
 */
export function keyboardBeside(rich: InputRichMessage, keyboard: InlineKeyboardMarkup): InlineKeyboardMarkup {
  const inside = new Set(
    (rich.blocks ?? []).flatMap((b) => (b.type === 'buttons' ? b.buttons.map((x) => JSON.stringify(x)) : [])),
  );
  if (inside.size === 0) return keyboard;
  const rows = keyboard.inline_keyboard
    .map((row) => row.filter((b) => !inside.has(JSON.stringify(b))))
    .filter((row) => row.length > 0);
  return { inline_keyboard: rows };
}
