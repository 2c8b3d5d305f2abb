import express, { type Request, type Response } from 'express';
import type { Language } from '../../../core/index.js';
import type { PinEnd, PinPages } from '../pin-pages.js';
import { htmlText } from './consent-page.js';
import { pinPageDe } from './words/de.js';
import { type PinPageWords, pinPageEn } from './words/en.js';

const WORDS: Record<Language, PinPageWords> = { en: pinPageEn, de: pinPageDe };

/** The largest body the page's form sends (an id and a PIN). */
export const PIN_BODY_BYTES = 2_000;

/**
 * The one-time PIN page on the MCP HTTP server (docs/mcp.md §4.5): `GET /mcp/pin?id=…` shows a form
 * in the person's language, `POST /mcp/pin` takes the PIN once and shows what became of it. No
 * script, not framed, not cached, no referrer; the PIN is read from the body and handed on, never
 * logged or kept.
 */
export function pinPageRoutes(pages: PinPages) {
  const router = express.Router();
  router.get('/mcp/pin', (req, res) => {
    const id = String(req.query.id ?? '');
    const language = pages.language(id);
    if (!language) return gone(res);
    send(res, 200, WORDS[language], form(WORDS[language], id));
  });
  router.post('/mcp/pin', express.urlencoded({ extended: false, limit: PIN_BODY_BYTES }), (req, res) =>
    entered(pages, req, res),
  );
  return router;
}

async function entered(pages: PinPages, req: Request, res: Response): Promise<void> {
  const body = (req.body ?? {}) as Record<string, unknown>;
  const id = typeof body.id === 'string' ? body.id : '';
  const pin = typeof body.pin === 'string' ? body.pin : '';
  const language = pages.language(id);
  const end: PinEnd | undefined = await pages
    .enter(id, pin)
    ?.catch(() => ({ ok: false, text: WORDS[language ?? 'en'].gone }));
  if (!end || !language) return gone(res);
  send(res, end.ok ? 200 : 422, WORDS[language], `<p id="result" role="status">${htmlText(end.text)}</p>`);
}

const gone = (res: Response) => send(res, 410, pinPageEn, `<p id="result">${htmlText(pinPageEn.gone)}</p>`);

function form(w: PinPageWords, id: string): string {
  return `<p>${htmlText(w.explain)}</p>
<form method="post" action="/mcp/pin"><input type="hidden" name="id" value="${htmlText(id)}">
<label>${htmlText(w.label)} <input id="pin" name="pin" type="password" inputmode="numeric" autocomplete="off" required></label>
<button id="send" type="submit">${htmlText(w.submit)}</button></form>
<p>${htmlText(w.once)}</p>`;
}

function send(res: Response, status: number, w: PinPageWords, body: string): void {
  res.set({
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'content-security-policy':
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
  });
  res.status(status).send(`<!doctype html>
<html lang="${w.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${htmlText(w.title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;line-height:1.5}</style></head>
<body><h1>${htmlText(w.title)}</h1>
${body}
</body></html>
`);
}
