import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderReply } from '../../../src/adapters/telegram/render-html.js';
import { RICH_LIMITS, richMessage } from '../../../src/adapters/telegram/render-rich.js';
import type { Reply } from '../../../src/core/reply.js';
import { richProblem, richText } from '../../helpers/telegram-rich.js';

type Cell = { text: string; align: string; valign: string; is_header?: true };
const tableOf = (reply: Reply) =>
  (richMessage(reply)?.blocks ?? []).find((b) => b.type === 'table') as { cells: Cell[][]; caption?: string };

describe('richMessage (a table as a Telegram rich table, Bot API 10.1)', () => {
  const rates: Reply = {
    title: 'Rates per minute',
    text: 'Prices in EUR.',
    fields: [
      { label: 'Account', value: 'demo' },
      { label: 'PIN', value: '1234', spoiler: true },
    ],
    table: {
      columns: ['Number', 'Destination', 'Price'],
      rows: [
        ['+49301234567', 'Germany Berlin', '0,015 €'],
        ['+431234567', 'Austria\nFixed', ''],
      ],
      caption: 'Page 1 of 2',
    },
  };

  it('lays the reply out as blocks: heading, paragraph, fields, a table with a header row and its caption', () => {
    const rich = richMessage(rates, '✅ ')!;
    expect(rich.blocks?.map((b) => b.type)).toEqual([
      'heading',
      'paragraph',
      'paragraph',
      'paragraph',
      'table',
    ]);
    expect(rich.blocks?.[0]).toEqual({ type: 'heading', size: 3, text: '✅ Rates per minute' });
    // A secret stays a spoiler, as in the HTML form; other values are monospace.
    expect(rich.blocks?.[3]).toEqual({
      type: 'paragraph',
      text: [
        { type: 'bold', text: 'PIN: ' },
        { type: 'spoiler', text: '1234' },
      ],
    });
    const table = tableOf(rates);
    expect(table.caption).toBe('Page 1 of 2');
    expect(table.cells[0]!.every((c) => c.is_header)).toBe(true);
    expect(richProblem(rich)).toBeUndefined();
  });

  it('aligns as the text layout does (numbers right), keeps cells on one line and empty cells visible', () => {
    const table = tableOf(rates);
    expect(table.cells[1]!.map((c) => c.align)).toEqual(['left', 'left', 'right']);
    expect(table.cells[2]!.map((c) => c.text)).toEqual(['+431234567', 'Austria Fixed', ' ']);
  });

  it('is not used without a table, or beyond 20 columns, 500 blocks or 32768 characters', () => {
    expect(richMessage({ title: 'Balance', text: '€18.40' })).toBeUndefined();
    const wide = { columns: Array.from({ length: 21 }, (_, i) => `c${i}`), rows: [] };
    expect(richMessage({ table: wide })).toBeUndefined();
    const long = { columns: ['n'], rows: Array.from({ length: RICH_LIMITS.blocks }, (_, i) => [`${i}`]) };
    expect(richMessage({ table: long })).toBeUndefined();
    const wordy = { columns: ['n'], rows: Array.from({ length: 40 }, () => ['x'.repeat(1000)]) };
    expect(richMessage({ table: wordy })).toBeUndefined();
  });

  it('leaves the text form beside the rich one, as the fallback, with every row', () => {
    const rendered = renderReply(rates, { botUsername: 'tel_test_bot' });
    expect(rendered.rich).toBeDefined();
    expect(rendered.parts.join('\n')).toContain('Germany Berlin');
  });

  it('any table either fits what the fake Bot API accepts, or is left to the text form, never cut', () => {
    const str = fc.string({ minLength: 0, maxLength: 60 });
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 24 }),
        fc.array(fc.array(str, { minLength: 1, maxLength: 24 }), { maxLength: 520 }),
        (width, rows) => {
          const table = { columns: Array.from({ length: width }, (_, i) => `c${i}`), rows };
          const rich = richMessage({ title: 'T', table });
          if (rich === undefined) return;
          expect(richProblem(rich)).toBeUndefined();
          // Every row is there: the table has the header and one line per row.
          expect(tableOf({ title: 'T', table }).cells).toHaveLength(rows.length + 1);
          expect(richText(rich).length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 60 },
    );
  });
});
