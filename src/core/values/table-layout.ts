import type { ReplyTable } from '../reply.js';

/**
 * The one table-to-text layout (docs/architecture.md §7.2): every renderer (Telegram `<pre>`, Slack code block,
 * console) shows a table as these aligned plain-text rows for a monospace block. Columns are padded to their widest cell; numeric columns are right-aligned unless the
 * reply says otherwise. The result is plain text: the caller escapes it.
 */
export function tableLines(table: ReplyTable): string[] {
  const { header, rows, align } = tableGrid(table);
  const widths = header.map((h, i) => Math.max(length(h), ...rows.map((r) => length(r[i]!))));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => pad(cell, widths[i]!, align[i]!))
      .join('  ')
      .trimEnd();
  // A column without a heading (a marker such as `active`) gets no rule under it either.
  const rule = widths
    .map((w, i) => (header[i] ? '-' : ' ').repeat(w))
    .join('  ')
    .trimEnd();
  return [line(header), rule, ...rows.map(line)];
}

/** A table as every renderer lays it out: single-line cells, each row as wide as the header. */
export interface TableGrid {
  header: string[];
  rows: string[][];
  /** Per column: numbers right-aligned unless the reply says otherwise. */
  align: ('left' | 'right')[];
}

/**
 * The one reading of a table (docs/architecture.md §7.2; native tables, docs/interface.md §3.5): the text layout above and the
 * platforms' own tables (a Telegram rich table, a Slack table block) take their cells and their
 * alignment from here, so a column is right-aligned the same way everywhere, and a person shows as a
 * person ({@link personShown}).
 */
export function tableGrid(table: ReplyTable, options: { people?: 'shown' | 'keys' } = {}): TableGrid {
  const width = table.columns.length;
  const people = options.people === 'keys' ? [] : (table.people ?? []);
  const cell = (row: string[], i: number) => {
    const text = clean(row[i] ?? '');
    return people.includes(i) ? personShown(text) : text;
  };
  const rows = table.rows.map((row) => Array.from({ length: width }, (_, i) => cell(row, i)));
  const header = table.columns.map(clean);
  const align = header.map(
    (_, i) => table.align?.[i] ?? (rows.length > 0 && rows.every((r) => isNumeric(r[i]!)) ? 'right' : 'left'),
  );
  return { header, rows, align };
}

/**
 * A person in a table (the audit's Who): their name where one was recorded, else their id on their
 * platform (`@U2`), never the store's key `slack:T1:U2` (docs/accounts.md §1.1). The one rule every
 * renderer takes through {@link tableGrid}; a platform that draws a person from the key (a Slack
 * table block's user element) asks for the keys instead.
 */
export function personShown(cell: string): string {
  const user = /^[^:\s]+:[^:\s]*:([^:\s]+)$/.exec(cell)?.[1];
  return user === undefined ? cell : `@${user}`;
}

/** Cells are single-line: a newline would break the column layout. */
function clean(cell: string): string {
  return cell.replace(/\s*\n\s*/g, ' ');
}

/** Counts code points, so an emoji or a non-BMP character does not throw the padding off. */
function length(text: string): number {
  return [...text].length;
}

function pad(cell: string, width: number, align: 'left' | 'right'): string {
  const fill = ' '.repeat(Math.max(0, width - length(cell)));
  return align === 'right' ? fill + cell : cell + fill;
}

/**
 * Amounts and counts such as `12`, `-0.50`, `18,40 EUR`, `1:05`: right-aligned like numbers. Phone
 * numbers (`+4930…`) read better left-aligned, so a leading `+` does not count.
 */
function isNumeric(cell: string): boolean {
  return cell === '' || /^-?[\d.,:' ]+(\s?[A-Z]{3}|\s?[€$£%])?$/.test(cell);
}
