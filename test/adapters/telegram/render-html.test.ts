import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../../src/adapters/telegram/escape.js';
import { deepLink, renderReply, replyHtml } from '../../../src/adapters/telegram/render-html.js';
import { splitHtml } from '../../../src/adapters/telegram/split-html.js';
import { tableLines } from '../../../src/core/values/table-layout.js';

const options = { botUsername: 'tel_test_bot' };

describe('escapeHtml', () => {
  it('escapes the four characters Telegram HTML reserves', () => {
    expect(escapeHtml(`<b>"Tom" & 'Jerry'</b>`)).toBe("&lt;b&gt;&quot;Tom&quot; &amp; 'Jerry'&lt;/b&gt;");
  });
});

describe('replyHtml', () => {
  it('escapes every user-supplied string: title, text, fields, table', () => {
    const html = replyHtml({
      title: '<i>t</i>',
      text: 'a & b <script>',
      fields: [{ label: 'Name <x>', value: '"><a href="evil">' }],
      table: { columns: ['<c>'], rows: [['&amp;']] },
    });
    expect(html).toBe(
      '<b>&lt;i&gt;t&lt;/i&gt;</b>\n\na &amp; b &lt;script&gt;\n\nName &lt;x&gt;: <code>&quot;&gt;&lt;a href=&quot;evil&quot;&gt;</code>\n\n<pre>&lt;c&gt;\n-----\n&amp;amp;</pre>',
    );
  });

  it('marks the tone on the title', () => {
    expect(replyHtml({ title: 'Done', tone: 'success' })).toBe('✅ <b>Done</b>');
  });
});

describe('tableLines', () => {
  it('pads columns and right-aligns numbers', () => {
    expect(
      tableLines({
        columns: ['Number', 'Cost'],
        rows: [
          ['+4930123', '0,10 EUR'],
          ['+1', '12,50 EUR'],
        ],
      }),
    ).toEqual(['Number         Cost', '--------  ---------', '+4930123   0,10 EUR', '+1        12,50 EUR']);
  });

  it('follows the explicit alignment', () => {
    expect(tableLines({ columns: ['a', 'b'], rows: [['1', 'x']], align: ['left', 'right'] })).toEqual([
      'a  b',
      '-  -',
      '1  x',
    ]);
  });
});

describe('renderReply', () => {
  it('turns actions into an inline keyboard, two a row', () => {
    const rendered = renderReply(
      {
        text: 'Top up?',
        actions: [
          { label: 'Confirm', actionId: 'confirm:abc' },
          { label: 'Cancel', actionId: 'cancel:abc' },
          { label: 'Hang up', actionId: 'hangup:x' },
        ],
      },
      options,
    );
    expect(rendered.keyboard).toEqual({
      inline_keyboard: [
        [
          { text: 'Confirm', callback_data: 'confirm:abc' },
          { text: 'Cancel', callback_data: 'cancel:abc' },
        ],
        [{ text: 'Hang up', callback_data: 'hangup:x' }],
      ],
    });
  });

  it('refuses callback data over 64 bytes', () => {
    expect(() => renderReply({ actions: [{ label: 'x', actionId: 'é'.repeat(33) }] }, options)).toThrow(
      RangeError,
    );
  });

  it('offers a deep link for a private redirect', () => {
    const rendered = renderReply(
      { text: 'Use a private chat', privateRedirect: { startParam: 'topup' } },
      options,
    );
    expect(rendered.keyboard?.inline_keyboard[0]?.[0]).toEqual({
      text: 'Open private chat',
      url: 'https://t.me/tel_test_bot?start=topup',
    });
  });

  it('cleans a deep-link parameter to what Telegram allows', () => {
    expect(deepLink('b', 'a b/c'.repeat(20))).toBe(`https://t.me/b?start=${'a_b_c'.repeat(20).slice(0, 64)}`);
  });

  it('carries a file as a buffer', () => {
    const rendered = renderReply(
      { file: { name: 'cdrs.csv', mimeType: 'text/csv', content: 'a,b\n1,2\n' } },
      options,
    );
    expect(rendered.parts).toEqual([]);
    expect(rendered.file?.name).toBe('cdrs.csv');
    expect(rendered.file?.content.toString('utf8')).toBe('a,b\n1,2\n');
  });
});

describe('splitHtml', () => {
  it('keeps a short message whole', () => {
    expect(splitHtml('<b>hi</b>')).toEqual(['<b>hi</b>']);
  });

  it('cuts at line breaks within the limit', () => {
    const html = Array.from({ length: 10 }, (_, i) => `line ${i}`).join('\n');
    const parts = splitHtml(html, 20);
    expect(parts.every((p) => p.length <= 20)).toBe(true);
    expect(parts.join('\n')).toBe(html);
  });

  it('closes and reopens a <pre> block across parts', () => {
    const rows = Array.from({ length: 50 }, (_, i) => `row ${String(i).padStart(2, '0')} &amp; more`);
    const html = `<b>Calls</b>\n\n<pre>${rows.join('\n')}</pre>`;
    const parts = splitHtml(html, 200);
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) {
      expect(part.length).toBeLessThanOrEqual(200);
      expect(balanced(part)).toBe(true);
    }
    for (const part of parts.slice(1)) expect(part.startsWith('<pre>')).toBe(true);
    const text = parts.map((p) => p.replace(/<\/?(pre|b)>/g, '')).join('\n');
    expect(text).toBe(`Calls\n\n${rows.join('\n')}`);
  });

  it('never cuts an entity or a tag, even in a line longer than the limit', () => {
    const html = `<code>${'&amp;'.repeat(100)}</code>`;
    const parts = splitHtml(html, 64);
    for (const part of parts) {
      expect(part.length).toBeLessThanOrEqual(64);
      expect(part).toMatch(/^<code>(&amp;)+<\/code>$/);
    }
    expect(parts.join('').replace(/<\/?code>/g, '')).toBe('&amp;'.repeat(100));
  });

  it('does not split a surrogate pair', () => {
    const parts = splitHtml('😀'.repeat(50), 11);
    for (const part of parts) expect(part).toMatch(/^(😀)+$/u);
  });

  it('splits a large table reply at 4096 characters', () => {
    const rows = Array.from({ length: 400 }, (_, i) => [`+49301234${i}`, `${i},00 EUR`, 'Berlin <mobile>']);
    const html = replyHtml({ title: 'CDRs', table: { columns: ['Number', 'Cost', 'Zone'], rows } });
    const parts = splitHtml(html);
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) {
      expect(part.length).toBeLessThanOrEqual(4096);
      expect(balanced(part)).toBe(true);
    }
  });
});

function balanced(html: string): boolean {
  const stack: string[] = [];
  for (const m of html.matchAll(/<(\/?)([a-z]+)[^>]*>/g)) {
    if (m[1]) {
      if (stack.pop() !== m[2]) return false;
    } else stack.push(m[2]!);
  }
  return stack.length === 0 && !/&[a-z]*$/.test(html);
}
