import { randomBytes } from 'node:crypto';
import type { Language } from '../../core/index.js';

/** How long a PIN page works (docs/mcp.md §4.5): a few minutes, once. */
export const PIN_PAGE_TTL_MS = 5 * 60_000;
/** Where the page lives on the MCP HTTP server. */
export const PIN_PATH = '/mcp/pin';

/** What the page says once a PIN was entered: the lines to show, in the page's language. */
export interface PinEnd {
  readonly text: string;
  readonly ok: boolean;
}

/** One page, opened for one tool call of one person: its link, and a way to end it unused. */
export interface PinPage {
  readonly url: string;
  close(): void;
}

/**
 * One-time pages where a person types a top-up PIN for their assistant's tool call, never to the
 * assistant (docs/mcp.md §4.5). A page's id is 256 random bits (unguessable), works once and for
 * {@link PIN_PAGE_TTL_MS}; it is bound to the tool call that opened it, so the PIN runs for that
 * call's person and nobody else. Pages live in this process's memory only: the PIN is never stored.
 */
export interface PinPages {
  open(o: {
    language: Language;
    /** What the PIN does once entered (the tool call's run); its answer is shown on the page. */
    entered(pin: string): Promise<PinEnd>;
    /** Called when the page ends unused (expired); not after a PIN or {@link PinPage.close}. */
    expired?(): void;
  }): PinPage;
  /** The page's language while it is open; undefined for an unknown, used or expired id. */
  language(id: string): Language | undefined;
  /** Takes the page (single use) and runs its PIN; undefined for an unknown, used or expired id. */
  enter(id: string, pin: string): Promise<PinEnd> | undefined;
}

interface Open {
  language: Language;
  entered(pin: string): Promise<PinEnd>;
  timer: NodeJS.Timeout;
}

export function createPinPages(o: { base: URL; ttlMs?: number }): PinPages {
  const open = new Map<string, Open>();
  const take = (id: string) => {
    const page = open.get(id);
    if (!page) return undefined;
    open.delete(id);
    clearTimeout(page.timer);
    return page;
  };
  return {
    open({ language, entered, expired }) {
      const id = randomBytes(32).toString('base64url');
      const timer = setTimeout(() => {
        if (take(id)) expired?.();
      }, o.ttlMs ?? PIN_PAGE_TTL_MS);
      timer.unref();
      open.set(id, { language, entered, timer });
      const url = new URL(PIN_PATH, o.base);
      url.searchParams.set('id', id);
      return { url: url.href, close: () => void take(id) };
    },
    language: (id) => open.get(id)?.language,
    enter: (id, pin) => take(id)?.entered(pin),
  };
}
