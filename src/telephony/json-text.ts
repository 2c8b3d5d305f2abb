/**
 * Reading the provider's JSON, including what its own documentation prints: every card
 * (`mycard-v2`) example ends with a stray tab and an extra closing brace after the envelope
 * (`…"active": 1\n\t}\n    }\n}`, provider-notes 1.5), so a provider built from those examples may answer
 * that way.
 */

export type JsonText =
  /** Valid JSON. */
  | { kind: 'json'; value: unknown }
  /** A complete first value followed only by whitespace and stray `}` / `]`: the documented quirk. */
  | { kind: 'stray-closers'; value: unknown }
  /** A complete first value followed by anything else. */
  | { kind: 'trailing-data' }
  /** No complete JSON value at all (D3: no usable answer). */
  | { kind: 'not-json' };

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Index just past the object or array that starts at `start`, or -1 when it never closes. */
function endOfContainer(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++;
    else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

/** Parses `text`; only on failure looks for the documented quirk, so valid answers cost one JSON.parse. */
export function readJson(text: string): JsonText {
  try {
    return { kind: 'json', value: JSON.parse(text) };
  } catch {
    const start = text.search(/\S/);
    const first = text.charCodeAt(start);
    if (start < 0 || (first !== OPEN_BRACE && first !== OPEN_BRACKET)) return { kind: 'not-json' };
    const end = endOfContainer(text, start);
    if (end < 0) return { kind: 'not-json' };
    let value: unknown;
    try {
      value = JSON.parse(text.slice(start, end));
    } catch {
      return { kind: 'not-json' };
    }
    return /^[\s}\]]*$/.test(text.slice(end)) ? { kind: 'stray-closers', value } : { kind: 'trailing-data' };
  }
}
