import { ElicitRequestSchema, type ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchChromium } from './browser.js';
import { alice, authorizedClient, type HttpHarness, httpHarness, resultText } from './http-harness.js';

const PIN = '1000000001';
let h: HttpHarness;
let chromium: Awaited<ReturnType<typeof launchChromium>>;

/** The person at the one-time PIN page (docs/mcp.md §4.5) in a real browser: types the PIN, sends it. */
async function typePin(url: string, pin: string) {
  const page = await chromium.browser.newPage();
  await page.goto(url);
  const heading = await page.locator('h1').textContent();
  const language = await page.locator('html').getAttribute('lang');
  await page.locator('#pin').fill(pin);
  await page.locator('#send').click();
  const result = (await page.locator('#result').textContent()) ?? '';
  const html = await page.content();
  await page.close();
  return { heading, language, result, html };
}

describe.skipIf(!hasChromium)('the PIN page in chromium (skipped: /usr/bin/chromium is missing)', () => {
  beforeAll(async () => {
    h = await httpHarness();
    chromium = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await chromium?.close();
    await h?.close();
  });

  it('URL mode: the person types the PIN in the browser, and the top-up runs once after the confirmation', async () => {
    const { client } = await authorizedClient(h, alice, 'Confirm', { elicitation: { url: {}, form: {} } });
    let typed: ReturnType<typeof typePin> | undefined;
    client.setRequestHandler(ElicitRequestSchema, async (req): Promise<ElicitResult> => {
      if (req.params.mode !== 'url') return { action: 'accept', content: { confirm: true } };
      typed = typePin(req.params.url, PIN);
      return { action: 'accept' };
    });
    const result = await client.callTool({ name: 'topup', arguments: {} });
    expect(resultText(result)).toMatch(/Topped up/);
    const page = await typed;
    expect(page).toMatchObject({ heading: 'Enter your PIN', language: 'en' });
    expect(page?.result).toMatch(/PIN received/);
    expect(page?.html).not.toContain(PIN);
    expect(h.stack.sandbox.stats().handled.topup).toBe(1);
    await client.close();
  }, 60_000);

  it('in German: the page and its answer speak the person’s language', async () => {
    const opened = h.mcp.pinPages.open({
      language: 'de',
      entered: async () => ({ ok: true, text: 'PIN erhalten.' }),
    });
    const page = await typePin(opened.url, PIN);
    expect(page).toMatchObject({ heading: 'PIN eingeben', language: 'de', result: 'PIN erhalten.' });
  }, 60_000);
});
