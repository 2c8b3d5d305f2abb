import { describe, expect, it } from 'vitest';
import { classifyCommand } from '../../../src/adapters/slack/command-text.js';
import { escapeMrkdwn, plainCommandText } from '../../../src/adapters/slack/escape.js';
import { LIMITS, renderReply, splitText } from '../../../src/adapters/slack/render-blocks.js';
import { tableLines as formatTable } from '../../../src/core/values/table-layout.js';
import { blockKitProblem, tableText } from '../../helpers/block-kit.js';
import { createFakeCore } from '../../helpers/fake-core.js';

type Block = {
  type: string;
  text?: { text: string };
  fields?: { text: string }[];
  elements?: Record<string, unknown>[];
};

const blocks = (r: ReturnType<typeof renderReply>) => r.blocks as unknown as Block[];

describe('escaping', () => {
  it('escapes &, < and > in every user-supplied string', () => {
    expect(escapeMrkdwn('<!channel> & <@U1>')).toBe('&lt;!channel&gt; &amp; &lt;@U1&gt;');
    const r = renderReply({
      title: 'A<b>',
      text: 'x & y',
      fields: [{ label: '<l>', value: '<v>' }],
      table: { columns: ['<c>'], rows: [['<r>']] },
    });
    // mrkdwn is escaped; a table block's raw_text cells are plain text, shown as they are.
    const json = JSON.stringify(r.blocks.filter((b) => b.type !== 'table'));
    expect(json).not.toMatch(/<[^/]/);
    expect(tableText(r.blocks.find((b) => b.type === 'table'))).toBe('<c>\n<r>');
    expect(r.text).toBe('A&lt;b&gt;\nx &amp; y');
  });

  it('decodes slash-command text back into what the user typed', () => {
    expect(plainCommandText(' rate <tel:+4930123|+49 30 123> &lt;x&gt; &amp;amp ')).toBe(
      'rate +49 30 123 <x> &amp',
    );
    expect(plainCommandText('see <https://example.com>')).toBe('see https://example.com');
  });
});

describe('renderReply', () => {
  it('renders a bold title with the tone, text as mrkdwn and fields as section fields', () => {
    const r = renderReply({
      title: 'Balance',
      tone: 'success',
      text: 'Line 1\nLine 2',
      fields: [{ label: 'CLI', value: '4930', code: true }],
    });
    const [title, text, fields] = blocks(r);
    expect(title?.text?.text).toBe(':white_check_mark: *Balance*');
    expect(text?.text?.text).toBe('Line 1\nLine 2');
    expect(fields?.fields?.[0]?.text).toBe('*CLI*\n`4930`');
  });

  it('chunks more than 10 fields into several sections', () => {
    const fields = Array.from({ length: 23 }, (_, i) => ({ label: `k${i}`, value: `v${i}` }));
    const sections = blocks(renderReply({ fields }));
    expect(sections.map((b) => b.fields?.length)).toEqual([10, 10, 3]);
  });

  it('renders a person’s key in a table (the audit’s Who) as a mention Slack draws as their name', () => {
    const r = renderReply({ table: { columns: ['Who', 'Command'], rows: [['slack:T1:U07AB', 'topup']] } });
    const [table] = r.blocks as unknown as [{ rows: unknown[][] }];
    expect(table.rows[1]![0]).toEqual({
      type: 'rich_text',
      elements: [{ type: 'rich_text_section', elements: [{ type: 'user', user_id: 'U07AB' }] }],
    });
    expect(JSON.stringify(r.blocks)).not.toContain('slack:T1:');
  });

  it('renders a table as a table block: a bold header row, raw_text cells, numbers right-aligned, the caption under it', () => {
    const r = renderReply({
      table: {
        columns: ['Date', 'Number', 'Amount', ''],
        rows: [
          ['5 Nov 2026, 19:02', '4917055544433', '0,09 €', 'active'],
          ['6 Nov 2026, 08:10', '4930123456', '1,20 €', ''],
        ],
        caption: 'Page 1 of 2',
      },
    });
    expect(r.nativeTable).toBe(true);
    const [table, caption] = r.blocks as unknown as [
      { type: string; rows: { type: string; text?: string }[][]; column_settings: { align: string }[] },
      { type: string },
    ];
    expect(table.type).toBe('table');
    // The same alignment as the text form (tableGrid): digits right, words left.
    expect(table.column_settings.map((c) => c.align)).toEqual(['left', 'right', 'right', 'left']);
    expect(table.rows[0]![0]).toEqual({
      type: 'rich_text',
      elements: [
        { type: 'rich_text_section', elements: [{ type: 'text', text: 'Date', style: { bold: true } }] },
      ],
    });
    expect(table.rows[2]).toEqual([
      { type: 'raw_text', text: '6 Nov 2026, 08:10' },
      { type: 'raw_text', text: '4930123456' },
      { type: 'raw_text', text: '1,20 €' },
      // "The minimum length is 1 character": an empty cell is a blank.
      { type: 'raw_text', text: ' ' },
    ]);
    expect(caption.type).toBe('context');
    expect(blockKitProblem(r.blocks, 'message')).toBeUndefined();
  });

  it('keeps the code block form beyond the table block (99 rows under a header, 20 columns) and when asked', () => {
    const rows = (n: number) => Array.from({ length: n }, (_, i) => [`${i}`]);
    expect(renderReply({ table: { columns: ['n'], rows: rows(99) } }).nativeTable).toBe(true);
    expect(renderReply({ table: { columns: ['n'], rows: rows(100) } }).nativeTable).toBeUndefined();
    const wide = { columns: Array.from({ length: 21 }, (_, i) => `c${i}`), rows: [] };
    expect(renderReply({ table: wide }).nativeTable).toBeUndefined();
    const asked = renderReply({ table: { columns: ['n'], rows: rows(3) } }, { nativeTable: false });
    expect(asked.blocks.some((b) => b.type === 'table')).toBe(false);
    expect(JSON.stringify(asked.blocks)).toContain('```');
  });

  it('renders a table as padded, preformatted blocks under the text limit', () => {
    const table = {
      columns: ['Date', 'Amount'],
      rows: Array.from({ length: 300 }, (_, i) => [
        `2026-11-${String((i % 28) + 1).padStart(2, '0')}`,
        `${i}.00`,
      ]),
      align: ['left', 'right'] as ('left' | 'right')[],
      caption: 'Calls',
    };
    expect(formatTable({ ...table, rows: table.rows.slice(0, 2) })).toEqual([
      'Date        Amount',
      '----------  ------',
      '2026-11-01    0.00',
      '2026-11-02    1.00',
    ]);
    const out = blocks(renderReply({ table }));
    const pre = out.filter((b) => b.text?.text.startsWith('```'));
    expect(pre.length).toBeGreaterThan(1);
    for (const b of pre) {
      expect(b.text!.text.length).toBeLessThanOrEqual(LIMITS.sectionText);
      expect(b.text!.text.endsWith('```')).toBe(true);
    }
    expect(pre.map((b) => b.text!.text.split('\n').length - 2).reduce((a, n) => a + n, 0)).toBe(302);
    expect(out.at(-1)?.type).toBe('context');
  });

  it('renders buttons with styles and a confirm dialog, and keeps them under the 50-block cap', () => {
    const rows = Array.from({ length: 3000 }, (_, i) => [`row ${i} ${'x'.repeat(40)}`]);
    const r = renderReply({
      table: { columns: ['c'], rows },
      actions: [
        { label: 'Block card', actionId: 'confirm:p1', style: 'danger', confirmText: 'Block 4917…?' },
        { label: 'Cancel', actionId: 'cancel:p1' },
      ],
      expiresAt: new Date('2026-11-21T10:05:00Z'),
    });
    const out = blocks(r);
    expect(out.length).toBeLessThanOrEqual(LIMITS.blocksPerMessage);
    const actions = out.find((b) => b.type === 'actions');
    expect(actions?.elements?.[0]).toMatchObject({
      type: 'button',
      action_id: 'confirm:p1',
      value: 'confirm:p1',
      style: 'danger',
      confirm: { text: { type: 'plain_text', text: 'Block 4917…?' }, style: 'danger' },
    });
    expect(actions?.elements?.[1]).not.toHaveProperty('confirm');
    expect(JSON.stringify(out.at(-1))).toContain('Buttons expire at <!date^1795255500^{time}|10:05 UTC>.');
  });

  it('splits long text at line breaks, and hard when a line is too long', () => {
    expect(splitText('aaa\nbbb\nccc', 7)).toEqual(['aaa\nbbb', 'ccc']);
    expect(splitText('abcdefghij', 4)).toEqual(['abcd', 'efgh', 'ij']);
  });
});

describe('classifyCommand', () => {
  const commands = createFakeCore('slack').commands;
  const LINK_FORM = commands.find((c) => c.name === 'link')?.form;
  const SETUP_FORM = commands.find((c) => c.name === 'team')?.form;
  it.each([
    ['', { kind: 'core', text: 'help' }],
    ['  help ', { kind: 'core', text: 'help' }],
    ['/balance', { kind: 'core', text: 'balance' }],
    ['call 4930 4917', { kind: 'core', text: 'call 4930 4917' }],
    // Which form opens is the command table's `form` field, not the command's name.
    ['link', { kind: 'form', ref: 'link', command: 'link', form: LINK_FORM, text: 'link' }],
    ['LOGIN', { kind: 'form', ref: 'link', command: 'link', form: LINK_FORM, text: 'LOGIN' }],
    [
      'link card',
      { kind: 'form', ref: 'link', command: 'link', form: LINK_FORM, option: 'card', text: 'link card' },
    ],
    ['link alice secret', { kind: 'refused', command: 'link', form: LINK_FORM }],
    ['link card alice secret', { kind: 'refused', command: 'link', form: LINK_FORM }],
    [
      'team setup',
      { kind: 'form', ref: 'team', command: 'team setup', form: SETUP_FORM, text: 'team setup' },
    ],
    ['team setup user pass', { kind: 'refused', command: 'team setup', form: SETUP_FORM }],
    ['team', { kind: 'core', text: 'team' }],
    ['topup', { kind: 'form', ref: 'topup', command: 'topup', form: { kind: 'pin' }, text: 'topup' }],
    // With its PIN, `topup` runs as typed: slash command text reaches the bot alone.
    ['topup 1000000001', { kind: 'core', text: 'topup 1000000001' }],
  ])('%j', (text, intent) => {
    expect(classifyCommand(text, commands)).toEqual(intent);
  });
});
