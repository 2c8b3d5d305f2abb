/**
 * Splits Telegram HTML into messages of at most `limit` characters (Bot API: 4096 per text message,
 * docs/interface.md §4.1). A cut never falls inside a tag or an `&…;` entity, and never
 * inside a surrogate pair. Tags open at a cut are closed at the end of one part and reopened at the
 * start of the next, so a `<pre>` table stays monospace across parts. Cuts prefer the last line break.
 *
 * The limit is measured on the HTML source, which is never shorter than the text Telegram counts
 * after parsing entities, so every part is within Telegram's own limit.
 */

export const TELEGRAM_MESSAGE_LIMIT = 4096;

interface Token {
  text: string;
  kind: 'open' | 'close' | 'text';
  /** Tag name, for open and close tags. */
  name?: string;
}

const TOKEN = /<\/?([a-zA-Z-]+)(?:\s[^>]*)?>|&[#a-zA-Z0-9]+;|[\s\S]/gu;

function tokenize(html: string): Token[] {
  const tokens: Token[] = [];
  for (const match of html.matchAll(TOKEN)) {
    const text = match[0];
    if (match[1] !== undefined) {
      tokens.push({ text, kind: text.startsWith('</') ? 'close' : 'open', name: match[1].toLowerCase() });
    } else {
      tokens.push({ text, kind: 'text' });
    }
  }
  return tokens;
}

function closers(stack: readonly Token[]): string {
  let out = '';
  for (let i = stack.length - 1; i >= 0; i--) out += `</${stack[i]!.name}>`;
  return out;
}

function openers(stack: readonly Token[]): string {
  return stack.map((t) => t.text).join('');
}

/** Whether a part carries anything visible; Telegram refuses an empty message. */
function hasText(part: string): boolean {
  return part.replace(/<[^>]*>/g, '').trim().length > 0;
}

export function splitHtml(html: string, limit: number = TELEGRAM_MESSAGE_LIMIT): string[] {
  if (html.length <= limit) return hasText(html) ? [html] : [];
  const parts: string[] = [];
  let stack: Token[] = [];
  let current = '';
  // The last line break in `current`: where it sits and which tags were open there.
  let lastBreak: { at: number; stack: Token[] } | undefined;

  const emit = (body: string, open: readonly Token[]) => {
    const part = (body + closers(open)).replace(/^\n+/, '');
    if (hasText(part)) parts.push(part);
  };

  for (const token of tokenize(html)) {
    const nextStack =
      token.kind === 'open'
        ? [...stack, token]
        : token.kind === 'close'
          ? stack.slice(0, stack.map((t) => t.name).lastIndexOf(token.name))
          : stack;
    if (current.length + token.text.length + closers(nextStack).length > limit) {
      if (lastBreak && lastBreak.at > 0) {
        const rest = current.slice(lastBreak.at + 1);
        emit(current.slice(0, lastBreak.at), lastBreak.stack);
        current = openers(lastBreak.stack) + rest;
      } else {
        emit(current, stack);
        current = openers(stack);
      }
      lastBreak = undefined;
    }
    if (token.text === '\n') lastBreak = { at: current.length, stack };
    current += token.text;
    stack = nextStack;
  }
  emit(current, stack);
  return parts;
}
