/**
 * Telegram HTML escaping (Bot API "HTML style"). Every user-supplied string passes through here
 * before it reaches a message: the Bot API rejects a stray `<` and would render an injected `<a>`
 * (docs/interface.md §4.1). `"` is escaped too, so the same function is safe
 * inside `href="…"` attributes.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ESCAPES[c] ?? c);
}

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
