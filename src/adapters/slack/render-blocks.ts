import type { types } from '@slack/bolt';
import {
  pressable,
  type Reply,
  type ReplyAction,
  type ReplyField,
  type ReplyTable,
  tableGrid,
  tableLines,
  wordsIn,
} from '../../core/index.js';

type Button = types.Button;
type KnownBlock = types.KnownBlock;

import { escapeMrkdwn, truncate } from './escape.js';
import { userOfSlackKey } from './normalise.js';
import { type SlackWords, slackWords } from './words/index.js';

/**
 * Reply → Block Kit (docs/interface.md §4.2). Pure: no I/O, so it is unit-tested on its own. Limits
 * cited from the Block Kit reference: a section's text ≤ 3000 chars, ≤ 10 fields of ≤ 2000 chars,
 * ≤ 50 blocks per message, a button label ≤ 75 chars, a message's fallback `text` ≤ 40000 chars.
 */
export const LIMITS = {
  sectionText: 3000,
  fieldText: 2000,
  fieldsPerSection: 10,
  blocksPerMessage: 50,
  buttonLabel: 75,
  headerText: 150,
  fallbackText: 3000,
  /** The table block ("Table block"): at most 100 rows (the header row included) of at most 20 cells. */
  tableRows: 100,
  tableCells: 20,
} as const;

export interface RenderedMessage {
  /** Fallback for notifications and screen readers. Escaped mrkdwn. */
  text: string;
  blocks: KnownBlock[];
  /** The table went as a native `table` block: if Slack refuses it, render again without. */
  nativeTable?: boolean;
}

export interface RenderOptions {
  /**
   * Tables as Slack's `table` block (default). Off for views (the block exists in messages only)
   * and for the text form sent when Slack refused the block: a code block, as before.
   */
  nativeTable?: boolean;
}

const TONE_EMOJI: Record<NonNullable<Reply['tone']>, string> = {
  info: '',
  success: ':white_check_mark: ',
  warning: ':warning: ',
  error: ':x: ',
};

export function renderReply(reply: Reply, options: RenderOptions = {}): RenderedMessage {
  // The few words added here are in the reader's language, which the core set (docs/language.md §1.2).
  const t = wordsIn(slackWords, reply.language);
  const blocks: KnownBlock[] = [];
  const tone = reply.tone ? TONE_EMOJI[reply.tone] : '';
  if (reply.title) {
    blocks.push(section(`${tone}*${escapeMrkdwn(truncate(reply.title, LIMITS.headerText))}*`));
  }
  if (reply.text) {
    const prefix = reply.title ? '' : tone;
    for (const part of splitText(prefix + escapeMrkdwn(reply.text), LIMITS.sectionText)) {
      blocks.push(section(part));
    }
  }
  if (reply.fields?.length) blocks.push(...fieldSections(reply.fields));
  for (const group of reply.sections ?? []) {
    // One section per group: a bold title and short lines wrap well on a phone, unlike a wide table.
    const body = `*${escapeMrkdwn(group.title)}*\n${group.lines.map((l) => `• ${escapeMrkdwn(l)}`).join('\n')}`;
    for (const part of splitText(body, LIMITS.sectionText)) blocks.push(section(part));
  }
  const native = reply.table !== undefined && options.nativeTable !== false && fitsTableBlock(reply.table);
  if (reply.table) blocks.push(...(native ? nativeTable(reply.table) : tableBlocks(reply.table)));
  if (reply.file) {
    blocks.push(context(`:paperclip: ${escapeMrkdwn(reply.file.name)}`));
  }
  // Buttons go last and must survive a long table, so they are kept apart when capping.
  const trailer: KnownBlock[] = [];
  // Slack has no disabled button: one that can no longer act is a context line (docs/interface.md §2.6).
  const live = pressable(reply.actions);
  if (live.length) {
    trailer.push({ type: 'actions', elements: live.map((a) => button(a, t)) });
    if (reply.expiresAt) trailer.push(context(expiryLine(reply.expiresAt, t)));
  }
  const gone = (reply.actions ?? []).filter((a) => a.disabled !== undefined);
  if (gone.length) trailer.push(context(gone.map((a) => escapeMrkdwn(a.label)).join(' · ')));
  const message = {
    text: fallbackText(reply),
    blocks: [...capBlocks(blocks, trailer.length, t), ...trailer],
  };
  return native ? { ...message, nativeTable: true } : message;
}

function fitsTableBlock(table: ReplyTable): boolean {
  return table.columns.length <= LIMITS.tableCells && table.rows.length + 1 <= LIMITS.tableRows;
}

/**
 * A table as Slack's own `table` block (@slack/types `TableBlock`): a bold header row, then one row
 * per record as `raw_text` cells (plain text: nothing to escape), numbers right-aligned through
 * `column_settings`, the page counter in a context line under it. The cells and their alignment
 * are the ones every channel shows (tableGrid). A table beyond the block's limits keeps the code
 * block form (tableBlocks): no row is dropped to fit.
 */
function nativeTable(table: ReplyTable): KnownBlock[] {
  // The Who keys: a user element draws the person (tableCell).
  const { header, rows, align } = tableGrid(table, { people: 'keys' });
  // "The minimum length is 1 character" (RawTextElement): an empty cell shows a blank.
  const text = (cell: string) => (cell === '' ? ' ' : cell);
  const block: KnownBlock = {
    type: 'table',
    column_settings: align.map((a) => ({ align: a })),
    rows: [
      header.map((h) => ({
        type: 'rich_text',
        elements: [
          { type: 'rich_text_section', elements: [{ type: 'text', text: text(h), style: { bold: true } }] },
        ],
      })),
      ...rows.map((row) => row.map((cell) => tableCell(cell, text))),
    ],
  };
  return table.caption ? [block, context(escapeMrkdwn(table.caption))] : [block];
}

/**
 * A cell as raw text, or a person's key (`slack:T…:U…`, the audit's Who; docs/accounts.md §1.1) as a
 * user element, which Slack draws as that person's name: never the store's key.
 */
function tableCell(cell: string, text: (cell: string) => string) {
  const user = userOfSlackKey(cell);
  if (!user) return { type: 'raw_text' as const, text: text(cell) };
  return {
    type: 'rich_text' as const,
    elements: [{ type: 'rich_text_section' as const, elements: [{ type: 'user' as const, user_id: user }] }],
  };
}

function section(text: string): KnownBlock {
  return { type: 'section', text: { type: 'mrkdwn', text } };
}

function context(text: string): KnownBlock {
  return { type: 'context', elements: [{ type: 'mrkdwn', text }] };
}

function fieldText(field: ReplyField): string {
  // A backtick inside a code span would end it early; Slack has no escape for it.
  const value = field.code ? `\`${field.value.replace(/`/g, "'")}\`` : field.value;
  return truncate(
    `*${escapeMrkdwn(field.label)}*\n${field.code ? value : escapeMrkdwn(value)}`,
    LIMITS.fieldText,
  );
}

function fieldSections(fields: readonly ReplyField[]): KnownBlock[] {
  const out: KnownBlock[] = [];
  for (let i = 0; i < fields.length; i += LIMITS.fieldsPerSection) {
    const chunk = fields.slice(i, i + LIMITS.fieldsPerSection);
    out.push({ type: 'section', fields: chunk.map((f) => ({ type: 'mrkdwn', text: fieldText(f) })) });
  }
  return out;
}

function tableBlocks(table: ReplyTable): KnownBlock[] {
  const fence = '```';
  const budget = LIMITS.sectionText - 2 * fence.length - 2;
  const out: KnownBlock[] = [];
  let current: string[] = [];
  let size = 0;
  for (const raw of tableLines(table)) {
    const line = truncate(escapeMrkdwn(raw), budget);
    if (current.length > 0 && size + line.length + 1 > budget) {
      out.push(section(`${fence}\n${current.join('\n')}\n${fence}`));
      current = [];
      size = 0;
    }
    current.push(line);
    size += line.length + 1;
  }
  if (current.length > 0) out.push(section(`${fence}\n${current.join('\n')}\n${fence}`));
  if (table.caption) out.push(context(escapeMrkdwn(table.caption)));
  return out;
}

function button(action: ReplyAction, t: SlackWords): Button {
  const b: Button = {
    type: 'button',
    text: { type: 'plain_text', text: truncate(action.label, LIMITS.buttonLabel) },
    // action_id must be unique within the block; the core's ids are (`<verb>:<pendingId>`).
    action_id: action.actionId,
    value: action.actionId,
  };
  if (action.style) b.style = action.style;
  if (action.confirmText) {
    b.confirm = {
      title: { type: 'plain_text', text: truncate(action.label, 100) },
      text: { type: 'plain_text', text: truncate(action.confirmText, 300) },
      confirm: { type: 'plain_text', text: truncate(action.label, 30) },
      deny: { type: 'plain_text', text: truncate(t.cancel, 30) },
      ...(action.style === 'danger' ? { style: 'danger' as const } : {}),
    };
  }
  return b;
}

/** Slack renders `<!date^…>` in each reader's own time zone; the fallback states UTC. */
function expiryLine(at: Date, t: SlackWords): string {
  const epoch = Math.floor(at.getTime() / 1000);
  return t.buttonsExpire(`<!date^${epoch}^{time}|${at.toISOString().slice(11, 16)} UTC>`);
}

function fallbackText(reply: Reply): string {
  const parts = [reply.title, reply.text].filter((p): p is string => Boolean(p));
  if (parts.length === 0 && reply.fields?.length)
    parts.push(reply.fields.map((f) => `${f.label}: ${f.value}`).join(', '));
  if (parts.length === 0 && reply.table) parts.push(reply.table.caption ?? reply.table.columns.join(', '));
  if (parts.length === 0 && reply.file) parts.push(reply.file.name);
  return truncate(escapeMrkdwn(parts.join('\n')), LIMITS.fallbackText);
}

/** Splits mrkdwn at line breaks (or hard, for one overlong line) so each piece fits a section. */
export function splitText(text: string, max: number): string[] {
  const out: string[] = [];
  let current = '';
  for (const line of text.split('\n')) {
    let rest = line;
    while (rest.length > max) {
      if (current) out.push(current);
      current = '';
      out.push(rest.slice(0, max));
      rest = rest.slice(max);
    }
    const next = current ? `${current}\n${rest}` : rest;
    if (next.length > max) {
      out.push(current);
      current = rest;
    } else {
      current = next;
    }
  }
  if (current) out.push(current);
  return out;
}

/** Keeps within Slack's 50 blocks per message, leaving room for `reserved` trailing blocks. */
function capBlocks(blocks: KnownBlock[], reserved: number, t: SlackWords): KnownBlock[] {
  const room = LIMITS.blocksPerMessage - reserved;
  if (blocks.length <= room) return blocks;
  return [...blocks.slice(0, room - 1), context(t.shortened)];
}
