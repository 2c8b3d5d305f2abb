import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchChromium } from './browser.js';
import { alice, dave, type HttpHarness, httpHarness } from './http-harness.js';

let h: HttpHarness;
let browser: BrowserContext;
let chromium: Awaited<ReturnType<typeof launchChromium>>;
let callback: Server;
let callbackUrl: string;

/**
 * The consent page in a real browser (Debian's chromium, no download; CI installs it, .ci/run):
 * the page shows its code, the person answers in the fake Telegram chat, and the page itself goes
 * on to the client's redirect URI with a code that the token endpoint takes.
 */
describe.skipIf(!hasChromium)('the consent page in chromium (skipped: /usr/bin/chromium is missing)', () => {
  beforeAll(async () => {
    h = await httpHarness();
    chromium = await launchChromium();
    browser = chromium.browser;
    callback = createServer((_req, res) => res.end('back in the assistant'));
    await new Promise<void>((resolve) => callback.listen(0, '127.0.0.1', resolve));
    callbackUrl = `http://127.0.0.1:${(callback.address() as AddressInfo).port}/callback`;
  }, 60_000);
  afterAll(async () => {
    await chromium?.close();
    await new Promise((resolve) => callback?.close(resolve));
    await h?.close();
  });

  for (const [language, who, heading, confirm] of [
    ['en', alice, 'Connect an assistant', 'Confirm'],
    ['de', dave, 'Einen Assistenten', 'Bestätigen'],
  ] as const) {
    it(`in ${language}: code on the page, consent in chat, the page redirects with a code`, async () => {
      const client = await register(`Browser Assistant ${language}`);
      const verifier = randomBytes(32).toString('base64url');
      const authorize = new URL('/authorize', h.base);
      for (const [k, v] of Object.entries({
        response_type: 'code',
        client_id: client,
        redirect_uri: callbackUrl,
        code_challenge: createHash('sha256').update(verifier).digest('base64url'),
        code_challenge_method: 'S256',
        state: `state-${language}`,
      }))
        authorize.searchParams.set(k, v);
      const page = await browser.newPage();
      await page.setExtraHTTPHeaders({ 'accept-language': `${language},en;q=0.5` });
      await page.goto(authorize.href);
      expect(await page.locator('h1').textContent()).toContain(heading);
      expect(await page.locator('html').getAttribute('lang')).toBe(language);
      const code = (await page.locator('#command').textContent())?.replace('/assistants connect ', '') ?? '';
      expect(code).toMatch(/^[A-Z0-9]{6}$/);
      expect(await page.locator('#telegram').getAttribute('href')).toBe(
        `https://t.me/${h.telegram.bot.username}?start=assistants-${code}`,
      );
      await h.say(who, `/assistants connect ${code}`);
      expect(h.chat(who).at(-1)).toContain(`Browser Assistant ${language}`);
      await h.press(who, confirm);
      await page.waitForURL((url) => url.href.startsWith(`${callbackUrl}?`), { timeout: 20_000 });
      const back = new URL(page.url());
      expect(back.searchParams.get('state')).toBe(`state-${language}`);
      const token = await exchange(client, back.searchParams.get('code') ?? '', verifier);
      expect(token.token_type).toBe('bearer');
      await page.close();
    }, 60_000);
  }
});

/** Dynamic client registration, as a public client. */
async function register(name: string): Promise<string> {
  const res = await fetch(`${h.base}/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_name: name,
      redirect_uris: [callbackUrl],
      token_endpoint_auth_method: 'none',
    }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { client_id: string }).client_id;
}

/** The code for tokens, with the PKCE verifier. */
async function exchange(client: string, code: string, verifier: string) {
  const res = await fetch(`${h.base}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: client,
      code,
      code_verifier: verifier,
      redirect_uri: callbackUrl,
    }).toString(),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { token_type: string };
}
