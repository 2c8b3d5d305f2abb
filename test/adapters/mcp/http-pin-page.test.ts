import {
  ElicitationCompleteNotificationSchema,
  ElicitRequestSchema,
  type ElicitResult,
} from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { alice, authorizedClient, httpHarnessPerTest, resultText as textOf } from './http-harness.js';

const PIN = '1000000001';
const h = httpHarnessPerTest();

const topups = () => h.stack.sandbox.stats().handled.topup ?? 0;

/** The person types `pin` into the page's form, as the browser posts it. */
async function enterPin(url: string, pin: string) {
  const id = new URL(url).searchParams.get('id') ?? '';
  const res = await fetch(new URL('/mcp/pin', url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ id, pin }).toString(),
  });
  return { status: res.status, text: await res.text() };
}

describe('a top-up PIN never typed to the assistant (docs/mcp.md §4.5)', () => {
  it('URL mode accepted: the page takes the PIN once, the call goes on to its confirmation, and the client is told it completed', async () => {
    const { client } = await authorizedClient(h, alice, 'Confirm', { elicitation: { url: {}, form: {} } });
    const completed: string[] = [];
    client.setNotificationHandler(ElicitationCompleteNotificationSchema, (n) => {
      completed.push(n.params.elicitationId);
    });
    const urls: { url: string; id: string }[] = [];
    let posted: Promise<{ status: number; text: string }> | undefined;
    client.setRequestHandler(ElicitRequestSchema, async (req): Promise<ElicitResult> => {
      const p = req.params;
      if (p.mode !== 'url') return { action: 'accept', content: { confirm: true } };
      urls.push({ url: p.url, id: p.elicitationId });
      posted = enterPin(p.url, PIN);
      return { action: 'accept' };
    });
    const result = await client.callTool({ name: 'topup', arguments: {} });
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toMatch(/Topped up/);
    expect(topups()).toBe(1);
    const [asked] = urls;
    expect(asked?.url).toMatch(new RegExp(`^${h.base}/mcp/pin\\?id=[A-Za-z0-9_-]{43}$`));
    expect(completed).toEqual([asked?.id]);
    expect((await posted)?.text).toMatch(/PIN received/);
    // Single use: the same page takes no second PIN.
    expect((await enterPin(asked?.url ?? '', PIN)).status).toBe(410);
    expect(topups()).toBe(1);
    for (const seen of [JSON.stringify(result), await h.dump(), h.chat(alice).join('\n')])
      expect(seen).not.toContain(PIN);
    await client.close();
  });

  it('URL mode declined: nothing is sent, and the page is gone', async () => {
    const { client } = await authorizedClient(h, alice, 'Confirm', { elicitation: { url: {}, form: {} } });
    let url = '';
    client.setRequestHandler(ElicitRequestSchema, async (req): Promise<ElicitResult> => {
      if (req.params.mode === 'url') url = req.params.url;
      return { action: 'decline' };
    });
    const result = await client.callTool({ name: 'topup', arguments: {} });
    expect(textOf(result)).toMatch(/No PIN was entered: nothing was sent/);
    expect((await fetch(url)).status).toBe(410);
    expect((await enterPin(url, PIN)).status).toBe(410);
    expect(topups()).toBe(0);
    await client.close();
  });

  it('without URL mode: the result is the link; the PIN entered there asks Confirm in the chat, and runs once pressed', async () => {
    const { client } = await authorizedClient(h, alice);
    const result = await client.callTool({ name: 'topup', arguments: {} });
    expect(result.isError).toBeFalsy();
    const url = /https?:\/\/\S+\/mcp\/pin\?id=[A-Za-z0-9_-]+/.exec(textOf(result))?.[0] ?? '';
    expect(url).not.toBe('');
    const page = await fetch(url);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(await page.text()).toMatch(/type="password"/);
    const posted = await enterPin(url, PIN);
    expect(posted.text).toMatch(/confirmation and the result come to your private chat/);
    expect(topups()).toBe(0);
    await h.press(alice, 'Confirm');
    expect(topups()).toBe(1);
    expect(h.chat(alice).join('\n')).toMatch(/balance/i);
    for (const seen of [JSON.stringify(result), await h.dump(), h.chat(alice).join('\n')])
      expect(seen).not.toContain(PIN);
    await client.close();
  });

  it('a bad PIN on the page gets the fix, and nothing is sent', async () => {
    const { client } = await authorizedClient(h, alice);
    const url = /https?:\/\/\S+\/mcp\/pin\?id=[A-Za-z0-9_-]+/.exec(
      textOf(await client.callTool({ name: 'topup', arguments: {} })),
    )?.[0];
    const posted = await enterPin(url ?? '', '12');
    expect(posted.status).toBe(422);
    expect(posted.text).toMatch(/4 to 32 digits/);
    expect(posted.text).not.toContain('>12<');
    expect(topups()).toBe(0);
    await client.close();
  });

  it('the page is bound to the account active when it opened: after an unlink, the PIN runs nowhere', async () => {
    const { client } = await authorizedClient(h, alice);
    const url = /https?:\/\/\S+\/mcp\/pin\?id=[A-Za-z0-9_-]+/.exec(
      textOf(await client.callTool({ name: 'topup', arguments: {} })),
    )?.[0];
    await h.say(alice, '/unlink');
    const posted = await enterPin(url ?? '', PIN);
    expect(posted.status).toBe(422);
    expect(posted.text).toMatch(/active account changed since the PIN page was opened/);
    expect(topups()).toBe(0);
    await client.close();
  });

  it('an unknown id is refused, and a page opened in German speaks German', async () => {
    expect((await fetch(`${h.base}/mcp/pin?id=nope`)).status).toBe(410);
    const page = h.mcp.pinPages.open({ language: 'de', entered: async () => ({ ok: true, text: '' }) });
    expect(await (await fetch(page.url)).text()).toMatch(/<html lang="de">[\s\S]*PIN eingeben/);
    page.close();
  });
});
