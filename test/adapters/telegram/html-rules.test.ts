import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderReply } from '../../../src/adapters/telegram/render-html.js';
import { inlineKeyboardProblem, telegramHtmlProblem } from '../../helpers/telegram-html.js';

/** The checker the fake Bot API applies (Bot API "Formatting options"), and the renderer against it. */
describe('Telegram HTML rules', () => {
  it.each([
    ['<b>x</b> &lt;ok&gt; &amp; &quot; &#128512;', undefined],
    ['<tg-spoiler>1234</tg-spoiler>', undefined],
    ['<span class="tg-spoiler">1234</span>', undefined],
    ['<pre><code class="language-ts">x</code></pre>', undefined],
    ['<a href="tg://user?id=1"><b>Al</b></a>', undefined],
    ['<div>x</div>', /Unsupported start tag "div"/],
    ['<b>x', /Can't find end tag/],
    ['<b><i>x</b></i>', /Can't find end tag/],
    ['a < b', /Can't parse tag|Unclosed/],
    ['a > b', /Unexpected ">"/],
    ['&nbsp;', /Unsupported entity/],
    ['<code><b>x</b></code>', /can't be nested inside "code"/],
    ['<tg-spoiler><code>1</code></tg-spoiler>', /"code" can't be nested/],
    ['<b><pre>x</pre></b>', /"pre" can't be nested/],
    ['<span>x</span>', /tg-spoiler/],
    ['', /non-empty/],
    ['x'.repeat(4097), /too long/],
  ])('%s', (html, problem) => {
    const found = telegramHtmlProblem(html);
    if (problem === undefined) expect(found).toBeUndefined();
    else expect(found).toMatch(problem);
  });

  it('keyboards: a label and 1-64 bytes of callback_data', () => {
    expect(
      inlineKeyboardProblem({ inline_keyboard: [[{ text: 'ok', callback_data: 'm:home' }]] }),
    ).toBeUndefined();
    expect(inlineKeyboardProblem({ inline_keyboard: [[{ text: '', callback_data: 'x' }]] })).toBe(
      'BUTTON_TEXT_EMPTY',
    );
    expect(inlineKeyboardProblem({ inline_keyboard: [[{ text: 'a', callback_data: 'é'.repeat(33) }]] })).toBe(
      'BUTTON_DATA_INVALID',
    );
  });

  it('every reply the renderer makes passes, whatever the text holds', () => {
    const str = fc.string({ minLength: 1, maxLength: 300, unit: 'binary' });
    fc.assert(
      fc.property(
        fc.record({
          title: str,
          text: str,
          fields: fc.array(fc.record({ label: str, value: str, spoiler: fc.boolean(), code: fc.boolean() }), {
            maxLength: 4,
          }),
          sections: fc.array(
            fc.record({ title: str, lines: fc.array(str, { minLength: 1, maxLength: 3 }) }),
            {
              maxLength: 3,
            },
          ),
          rows: fc.array(fc.array(str, { minLength: 2, maxLength: 2 }), { maxLength: 30 }),
        }),
        (r) => {
          const rendered = renderReply(
            {
              title: r.title,
              text: r.text,
              fields: r.fields,
              sections: r.sections,
              table: r.rows.length ? { columns: ['a', 'b'], rows: r.rows } : undefined,
            },
            { botUsername: 'bot' },
          );
          for (const part of rendered.parts) expect(telegramHtmlProblem(part)).toBeUndefined();
        },
      ),
      { numRuns: 200 },
    );
    // 200 renderings of up to 30 rows of binary text: 1.5 s alone, 27 s on a machine loaded by other runs (the default 20 s timed out).
  }, 90_000);
});
