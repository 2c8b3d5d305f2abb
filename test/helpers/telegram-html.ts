/**
 * Telegram's HTML rules as a checker, written from the Bot API's "Formatting options" (HTML style):
 *
 * - Only these tags: b/strong, i/em, u/ins, s/strike/del, tg-spoiler or span class="tg-spoiler",
 *   a href, tg-emoji emoji-id, code, pre, blockquote (optionally expandable).
 * - Only the named entities &lt; &gt; &amp; &quot;; numeric entities are allowed; every other `<`,
 *   `>` and `&` must be escaped.
 * - Tags must be closed and properly nested. pre and code contain nothing but text (a code with a
 *   `language-…` class inside pre is the one exception); blockquotes do not nest; links do not nest.
 * - The text after entity parsing is 1 to 4096 characters.
 *
 * `telegramHtmlProblem` returns the first problem, worded like Telegram's "can't parse entities", or
 * undefined when the text would be accepted. The fake Bot API refuses messages that fail it.
 */
const ALLOWED = new Set([
  'b',
  'strong',
  'i',
  'em',
  'u',
  'ins',
  's',
  'strike',
  'del',
  'tg-spoiler',
  'span',
  'a',
  'tg-emoji',
  'code',
  'pre',
  'blockquote',
]);
const ENTITY = /^&(?:lt|gt|amp|quot|#\d{1,7}|#x[0-9a-fA-F]{1,6});/;
export const TELEGRAM_TEXT_LIMIT = 4096;

export function telegramHtmlProblem(html: string, limit = TELEGRAM_TEXT_LIMIT): string | undefined {
  const stack: string[] = [];
  let textLength = 0;
  let i = 0;
  while (i < html.length) {
    const ch = html[i]!;
    if (ch === '&') {
      const m = ENTITY.exec(html.slice(i));
      if (!m) return `Unsupported entity at byte offset ${i}`;
      textLength += 1;
      i += m[0].length;
      continue;
    }
    if (ch === '>') return `Unexpected ">" at byte offset ${i}: escape it as &gt;`;
    if (ch !== '<') {
      // Characters outside the BMP count as two UTF-16 units, as Telegram counts them.
      textLength += ch.length;
      i += 1;
      continue;
    }
    const end = html.indexOf('>', i);
    if (end < 0) return `Unclosed start tag at byte offset ${i}`;
    const raw = html.slice(i + 1, end);
    i = end + 1;
    const closing = raw.startsWith('/');
    const m = /^\/?([a-z][a-z0-9-]*)((?:\s+[a-z-]+(?:="[^"<>]*")?)*)\s*$/.exec(raw);
    if (!m) return `Can't parse tag "<${raw}>"`;
    const name = m[1]!;
    const attrs = m[2] ?? '';
    if (!ALLOWED.has(name)) return `Unsupported start tag "${name}"`;
    if (closing) {
      const open = stack.pop();
      if (open !== name) return `Can't find end tag corresponding to start tag "${open ?? name}"`;
      continue;
    }
    if (name === 'span' && !/class="tg-spoiler"/.test(attrs))
      return 'Tag "span" must have class "tg-spoiler"';
    if (name === 'a' && !/href="[^"]+"/.test(attrs)) return 'Tag "a" must have attribute href';
    const parent = stack.at(-1);
    // pre and code hold only text, and are part of nothing else (code inside pre names a language).
    if (parent === 'code' || (parent === 'pre' && name !== 'code'))
      return `Entity "${name}" can't be nested inside "${parent}"`;
    if (name === 'pre' && parent !== undefined) return `Entity "pre" can't be nested inside "${parent}"`;
    if (name === 'code' && parent !== undefined && !(parent === 'pre' && stack.length === 1))
      return `Entity "code" can't be nested inside "${parent}"`;
    if (name === 'blockquote' && stack.includes('blockquote')) return "Blockquotes can't be nested";
    if (name === 'a' && stack.includes('a')) return "Links can't be nested";
    stack.push(name);
  }
  if (stack.length > 0) return `Can't find end tag corresponding to start tag "${stack.at(-1)}"`;
  if (textLength === 0) return 'Text must be non-empty';
  if (textLength > limit) return 'Message is too long';
  return undefined;
}

/** Inline keyboard rules (Bot API, InlineKeyboardButton): a label, and callback_data of 1-64 bytes. */
export function inlineKeyboardProblem(markup: unknown): string | undefined {
  const rows = (markup as { inline_keyboard?: unknown[][] } | undefined)?.inline_keyboard;
  if (rows === undefined) return undefined;
  for (const row of rows) {
    for (const b of row as { text?: string; callback_data?: string }[]) {
      if (!b.text) return 'BUTTON_TEXT_EMPTY';
      const problem = buttonTypeProblem(b);
      if (problem) return problem;
    }
  }
  return undefined;
}

/** The fields of which a button holds exactly one (Bot API `InlineKeyboardButton`, `RichMessageButton`). */
const BUTTON_TYPES = [
  'url',
  'callback_data',
  'web_app',
  'login_url',
  'switch_inline_query',
  'switch_inline_query_current_chat',
  'switch_inline_query_chosen_chat',
  'copy_text',
  'disabled',
  'callback_game',
  'pay',
] as const;

/**
 * "Exactly one of the fields other than text, icon_custom_emoji_id, and style must be used"; a
 * `disabled` button (Bot API 10.x `DisabledButton`, "currently holds no information") is an object;
 * `callback_data` is 1-64 bytes.
 */
export function buttonTypeProblem(b: Record<string, unknown>): string | undefined {
  const kinds = BUTTON_TYPES.filter((k) => b[k] !== undefined);
  if (kinds.length !== 1) return 'BUTTON_TYPE_INVALID';
  if (b.disabled !== undefined && (typeof b.disabled !== 'object' || b.disabled === null))
    return 'BUTTON_TYPE_INVALID';
  if (b.callback_data !== undefined) {
    const n = Buffer.byteLength(String(b.callback_data), 'utf8');
    if (n < 1 || n > 64) return 'BUTTON_DATA_INVALID';
  }
  return undefined;
}
