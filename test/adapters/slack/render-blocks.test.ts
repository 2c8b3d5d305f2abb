import { describe, expect, it } from 'vitest';
import { classifyCommand } from '../../../src/adapters/slack/command-text.js';
import { escapeMrkdwn, plainCommandText } from '../../../src/adapters/slack/escape.js';
import { LIMITS, renderReply, splitText } from '../../../src/adapters/slack/render-blocks.js';
import { tableLines as formatTable } from '../../../src/core/table-layout.js';
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
    const json = JSON.stringify(r.blocks);
    expect(json).not.toMatch(/<[^/]/);
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
  it.each([
    ['', { kind: 'core', text: 'help' }],
    ['  help ', { kind: 'core', text: 'help' }],
    ['/balance', { kind: 'core', text: 'balance' }],
    ['call 4930 4917', { kind: 'core', text: 'call 4930 4917' }],
    ['link', { kind: 'link-modal', credential: 'account' }],
    ['LOGIN', { kind: 'link-modal', credential: 'account' }],
    ['link card', { kind: 'link-modal', credential: 'card' }],
    ['link alice secret', { kind: 'refused', modal: 'link' }],
    ['link card alice secret', { kind: 'refused', modal: 'link' }],
    ['team setup', { kind: 'setup-modal' }],
    ['team setup user pass', { kind: 'refused', modal: 'team setup' }],
  ])('%j', (text, intent) => {
    expect(classifyCommand(text, commands)).toEqual(intent);
  });
});
