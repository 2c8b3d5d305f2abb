import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthorizationParams } from '@modelcontextprotocol/sdk/server/auth/provider.js';
import type { OAuthClientInformationFull } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { Response } from 'express';
import { accessCode, type TokenStore } from '../../../core/index.js';
import { CODE_TTL_MS, newSecret } from './oauth-provider.js';
import { pageDe } from './words/de.js';
import { type PageWords, pageEn } from './words/en.js';

/** How long a page waits for the person's answer in chat (docs/mcp.md §8.2). */
export const REQUEST_TTL_MS = 5 * 60_000;
/** Where the page asks how the request stands. */
export const STATUS_PATH = '/mcp/consent';
/** Letters and digits that are not read as each other (no 0/O, 1/I/L). */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export interface ConsentOptions {
  tokens: TokenStore;
  /** The Telegram bot's username for the deep link, once known; undefined: no Telegram link. */
  telegramBot?: () => string | undefined;
  now?: () => number;
}

/** The page secret's hash: what binds the polling page to its request. */
const pageHash = (page: string) => createHash('sha256').update(page).digest('base64url');

/** A short code: six characters of {@link ALPHABET}, from the system's random source. */
function shortCode(): string {
  return Array.from({ length: 6 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
}

/** The page's language: the first of `Accept-Language` we speak, else English. */
export function pageWords(acceptLanguage: string | undefined): PageWords {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase().split('-')[0];
    if (tag === 'de') return pageDe;
    if (tag === 'en') return pageEn;
  }
  return pageEn;
}

/**
 * `/authorize`'s answer (after the SDK checked the client, its redirect URI and the PKCE challenge):
 * a pending request under a short code, and a page that shows it and waits for the person's answer
 * in their chat with the bot. The code is short-lived, single use and bound to this request; the
 * page polls with a secret of its own, so only this page learns the authorization code.
 */
export function consentAuthorize(o: ConsentOptions) {
  const now = o.now ?? Date.now;
  return async (client: OAuthClientInformationFull, params: AuthorizationParams, res: Response) => {
    const code = shortCode();
    const page = newSecret();
    await o.tokens.openRequest({
      code,
      clientId: client.client_id,
      clientName: (client.client_name ?? client.client_id).slice(0, 80),
      redirectUri: params.redirectUri,
      binding: {
        state: params.state,
        scopes: params.scopes ?? [],
        codeChallenge: params.codeChallenge,
        resource: params.resource?.href,
        page: pageHash(page),
      },
      expiresAt: new Date(now() + REQUEST_TTL_MS).toISOString(),
    });
    const words = pageWords(res.req.headers['accept-language']);
    const nonce = randomBytes(16).toString('base64');
    res.set({
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
      'content-security-policy': `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'; connect-src 'self'; frame-ancestors 'none'`,
    });
    const bot = o.telegramBot?.();
    res
      .status(200)
      .send(renderPage({ words, code, page, nonce, client: client.client_name ?? client.client_id, bot }));
  };
}

export const htmlText = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function renderPage(p: {
  words: PageWords;
  code: string;
  page: string;
  nonce: string;
  client: string;
  bot: string | undefined;
}): string {
  const { words: w } = p;
  const link = p.bot ? `https://t.me/${encodeURIComponent(p.bot)}?start=assistants-${p.code}` : undefined;
  const status = `${STATUS_PATH}?code=${p.code}&page=${encodeURIComponent(p.page)}`;
  const said = JSON.stringify({ approved: w.approved, denied: w.denied, expired: w.expired });
  return `<!doctype html>
<html lang="${w.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${htmlText(w.title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;line-height:1.5}
code{font-size:1.6rem;letter-spacing:.15em;background:#eee;padding:.2em .4em;border-radius:.3em}#status{font-weight:600}</style></head>
<body><h1>${htmlText(w.title)}</h1>
<p>${htmlText(w.asks(p.client.slice(0, 80)))}</p>
<p>${htmlText(w.send)}</p>
<p><code id="command">/assistants connect ${p.code}</code></p>
${link ? `<p>${htmlText(w.orOpen)} <a id="telegram" href="${htmlText(link)}">${htmlText(w.openTelegram)}</a></p>` : ''}
<p>${htmlText(w.check)} ${htmlText(w.expiresIn(REQUEST_TTL_MS / 60_000))}</p>
<p id="status" role="status">${htmlText(w.waiting)}</p>
<script nonce="${p.nonce}">
const said = ${said};
async function poll() {
  try {
    const r = await fetch(${JSON.stringify(status)}, { cache: 'no-store' });
    const s = await r.json();
    if (s.status === 'approved') { document.getElementById('status').textContent = said.approved; location.replace(s.redirect); return; }
    if (s.status === 'denied' || s.status === 'expired') { document.getElementById('status').textContent = said[s.status]; return; }
  } catch {}
  setTimeout(poll, 1000);
}
poll();
</script></body></html>
`;
}

/** What the page learns when it asks: still waiting, denied, expired, or approved with where to go. */
type Status = { status: 'waiting' | 'denied' | 'expired' } | { status: 'approved'; redirect: string };

/**
 * `GET /mcp/consent?code=…&page=…`: how the request stands. On the first answer after an approval
 * the authorization code is issued once (the request is closed by whoever wins), and the page is
 * sent on to the client's redirect URI with `code` and `state`.
 */
export function consentStatus(o: ConsentOptions) {
  return async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const code = accessCode(url.searchParams.get('code') ?? '');
    const page = url.searchParams.get('page') ?? '';
    const status = await statusOf(o, code, page);
    const body = JSON.stringify(status);
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(body);
  };
}

async function statusOf(o: ConsentOptions, code: string, page: string): Promise<Status> {
  const request = code ? await o.tokens.request(code) : undefined;
  if (!request || request.binding.page !== pageHash(page)) return { status: 'expired' };
  const decision = await o.tokens.decision(code);
  if (!decision) return { status: 'waiting' };
  if (decision.kind === 'denied' || !(await o.tokens.closeRequest(code))) {
    await o.tokens.closeRequest(code);
    return { status: decision.kind === 'denied' ? 'denied' : 'expired' };
  }
  const authorization = newSecret();
  const b = request.binding;
  await o.tokens.putCode(
    authorization,
    {
      owner: decision.owner,
      clientId: request.clientId,
      clientName: request.clientName,
      redirectUri: request.redirectUri,
      codeChallenge: String(b.codeChallenge),
      scopes: Array.isArray(b.scopes) ? b.scopes : [],
      resource: typeof b.resource === 'string' ? b.resource : undefined,
    },
    CODE_TTL_MS,
  );
  const target = new URL(request.redirectUri);
  target.searchParams.set('code', authorization);
  if (typeof b.state === 'string') target.searchParams.set('state', b.state);
  return { status: 'approved', redirect: target.href };
}
