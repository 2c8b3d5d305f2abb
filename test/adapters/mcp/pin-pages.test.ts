import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPinPages, PIN_PAGE_TTL_MS } from '../../../src/adapters/mcp/pin-pages.js';
import { startMcp, textOf } from './mcp-harness.js';

afterEach(() => {
  vi.useRealTimers();
});

const base = new URL('http://127.0.0.1:8090');

describe('one-time PIN pages (docs/mcp.md §4.5)', () => {
  it('a page works once: the second PIN finds nothing', async () => {
    const pages = createPinPages({ base });
    const entered = vi.fn(async (_pin: string) => ({ ok: true, text: 'done' }));
    const page = pages.open({ language: 'en', entered });
    const id = new URL(page.url).searchParams.get('id') ?? '';
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await pages.enter(id, '1000000001')).toEqual({ ok: true, text: 'done' });
    expect(pages.enter(id, '1000000001')).toBeUndefined();
    expect(pages.language(id)).toBeUndefined();
    expect(entered).toHaveBeenCalledTimes(1);
  });

  it('a page never used expires after its five minutes, and says so once', () => {
    vi.useFakeTimers();
    const pages = createPinPages({ base });
    const expired = vi.fn();
    const page = pages.open({ language: 'de', entered: async () => ({ ok: true, text: '' }), expired });
    const id = new URL(page.url).searchParams.get('id') ?? '';
    vi.advanceTimersByTime(PIN_PAGE_TTL_MS - 1);
    expect(pages.language(id)).toBe('de');
    vi.advanceTimersByTime(1);
    expect(expired).toHaveBeenCalledTimes(1);
    expect(pages.enter(id, '1000000001')).toBeUndefined();
  });

  it('a page closed (the assistant declined) does not report expiry, and takes no PIN', () => {
    vi.useFakeTimers();
    const pages = createPinPages({ base });
    const expired = vi.fn();
    const page = pages.open({ language: 'en', entered: async () => ({ ok: true, text: '' }), expired });
    page.close();
    vi.advanceTimersByTime(PIN_PAGE_TTL_MS);
    expect(expired).not.toHaveBeenCalled();
    expect(pages.enter(new URL(page.url).searchParams.get('id') ?? '', '1')).toBeUndefined();
  });

  it('ids differ from page to page', () => {
    const pages = createPinPages({ base });
    const open = () => pages.open({ language: 'en', entered: async () => ({ ok: true, text: '' }) });
    const [a, b] = [open(), open()];
    expect(a.url).not.toBe(b.url);
    a.close();
    b.close();
  });
});

describe('a URL-mode call whose page expires unused (docs/mcp.md §4.5)', () => {
  it('answers that nothing was sent, and the top-up never runs', async () => {
    let expire: (() => void) | undefined;
    const pages = {
      open: (o: { expired?: () => void }) => {
        expire = o.expired;
        return { url: 'http://127.0.0.1:8090/mcp/pin?id=x', close() {} };
      },
      language: () => undefined,
      enter: () => undefined,
    };
    const h = await startMcp({ pinPages: pages, modes: { url: {}, form: {} } });
    try {
      h.answer(() => {
        // The person opened the page and left it: it expires.
        queueMicrotask(() => expire?.());
        return { action: 'accept' };
      });
      const result = await h.client.callTool({ name: 'topup', arguments: {} });
      expect(textOf(result)).toMatch(/expired before a PIN was entered: nothing was sent/);
      expect(h.asked.map((a) => a.mode)).toEqual(['url']);
      expect(h.handled('topup')).toBe(0);
    } finally {
      await h.close();
    }
  });
});
