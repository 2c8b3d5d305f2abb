import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { homeView } from '../../../src/adapters/slack/app-home.js';
import { renderReply } from '../../../src/adapters/slack/render-blocks.js';
import { blockKitProblem, viewProblem } from '../../helpers/block-kit.js';

/** The checker the fake Web API applies (Slack's documented Block Kit limits), and the renderers against it. */
/** A table block of `rows` rows of `cells` raw_text cells. */
function table(rows: number, cells: number) {
  return {
    type: 'table',
    rows: Array.from({ length: rows }, (_, r) =>
      Array.from({ length: cells }, (_, c) => ({ type: 'raw_text', text: `r${r}c${c}` })),
    ),
  };
}

describe('Block Kit limits', () => {
  const section = (text: string) => ({ type: 'section', text: { type: 'mrkdwn', text } });
  const button = (id: string, label = 'Go') => ({
    type: 'button',
    text: { type: 'plain_text', text: label },
    action_id: id,
  });

  it.each([
    ['51 blocks in a message', Array.from({ length: 51 }, () => section('x')), 'message', /too many blocks/],
    ['101 blocks in a home tab', Array.from({ length: 101 }, () => section('x')), 'home', /too many blocks/],
    ['a section over 3000', [section('x'.repeat(3001))], 'message', /longer than 3000/],
    [
      '11 fields',
      [{ type: 'section', fields: Array.from({ length: 11 }, () => ({ type: 'mrkdwn', text: 'f' })) }],
      'message',
      /10 fields/,
    ],
    [
      'a duplicate action id in a block',
      [{ type: 'actions', elements: [button('a'), button('a')] }],
      'message',
      /duplicate action_id/,
    ],
    [
      'a button label over 75',
      [{ type: 'actions', elements: [button('a', 'x'.repeat(76))] }],
      'message',
      /longer than 75/,
    ],
    [
      '26 buttons',
      [{ type: 'actions', elements: Array.from({ length: 26 }, (_, i) => button(`b${i}`)) }],
      'message',
      /1-25/,
    ],
    ['empty text', [section('')], 'message', /empty text/],
    [
      'an input in a message',
      [
        {
          type: 'input',
          label: { type: 'plain_text', text: 'l' },
          element: { type: 'plain_text_input', action_id: 'v' },
        },
      ],
      'message',
      /belong in modals/,
    ],
    ['a table of 101 rows', [table(101, 2)], 'message', /more than 100 rows/],
    ['a table row of 21 cells', [table(2, 21)], 'message', /needs 1-20 cells/],
    ['two tables in a message', [table(2, 2), table(2, 2)], 'message', /only one table/],
    ['a table in a home tab', [table(2, 2)], 'home', /belong in messages/],
    [
      'an empty raw_text cell',
      [{ type: 'table', rows: [[{ type: 'raw_text', text: '' }]] }],
      'message',
      /empty raw_text/,
    ],
    [
      'a raw_number without its value',
      [{ type: 'table', rows: [[{ type: 'raw_number', text: '1,00' }]] }],
      'message',
      /needs a value/,
    ],
    [
      '21 column settings',
      [{ ...table(2, 2), column_settings: Array.from({ length: 21 }, () => ({ align: 'left' })) }],
      'message',
      /at most 20/,
    ],
    [
      'a column aligned to the middle',
      [{ ...table(2, 2), column_settings: [{ align: 'middle' }] }],
      'message',
      /bad align/,
    ],
  ] as const)('refuses %s', (_name, blocks, surface, problem) => {
    expect(blockKitProblem(blocks, surface)).toMatch(problem);
  });

  it('accepts a table of 100 rows of 20 cells, raw_text and raw_number, in a message', () => {
    expect(blockKitProblem([table(100, 20)], 'message')).toBeUndefined();
    const numbers = { type: 'table', rows: [[{ type: 'raw_number', value: 0.09, text: '€0.09' }]] };
    expect(blockKitProblem([numbers], 'message')).toBeUndefined();
  });

  it('accepts 50 blocks in a message and 100 in a home tab', () => {
    expect(
      blockKitProblem(
        Array.from({ length: 50 }, () => section('x')),
        'message',
      ),
    ).toBeUndefined();
    expect(
      blockKitProblem(
        Array.from({ length: 100 }, () => section('x')),
        'home',
      ),
    ).toBeUndefined();
  });

  it('refuses a modal title over 24 characters', () => {
    expect(
      viewProblem({ type: 'modal', title: { type: 'plain_text', text: 'x'.repeat(25) }, blocks: [] }),
    ).toMatch(/24/);
  });

  it('every reply the renderer makes, and the home tab built from them, stays within the limits', () => {
    const str = fc.string({ minLength: 1, maxLength: 400 });
    const reply = fc.record({
      title: str,
      text: fc.string({ minLength: 1, maxLength: 8000 }),
      fields: fc.array(fc.record({ label: str, value: str, code: fc.boolean() }), { maxLength: 25 }),
      sections: fc.array(fc.record({ title: str, lines: fc.array(str, { minLength: 1, maxLength: 20 }) }), {
        maxLength: 6,
      }),
      rows: fc.array(fc.array(str, { minLength: 3, maxLength: 3 }), { maxLength: 60 }),
      actions: fc.uniqueArray(
        fc.record({ label: str, actionId: fc.string({ minLength: 1, maxLength: 60 }) }),
        {
          maxLength: 9,
          selector: (a) => a.actionId,
        },
      ),
    });
    fc.assert(
      fc.property(fc.array(reply, { minLength: 1, maxLength: 6 }), (replies) => {
        const built = replies.map((r) => ({
          title: r.title,
          text: r.text,
          fields: r.fields,
          sections: r.sections,
          table: r.rows.length ? { columns: ['a', 'b', 'c'], rows: r.rows } : undefined,
          actions: r.actions,
        }));
        for (const r of built) expect(blockKitProblem(renderReply(r).blocks, 'message')).toBeUndefined();
        expect(viewProblem(homeView(built))).toBeUndefined();
      }),
      { numRuns: 100 },
    );
  });
});
