import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ExpiringConfirmation } from '../../src/core/ports/proactive.js';
import { keyringFromKeys } from '../../src/store/master-key.js';
import { createMemoryKeyValueStore } from '../../src/store/memory-key-value-store.js';
import { createProactiveStores } from '../../src/store/proactive-store.js';

/** A Slack response URL lets its holder post into the conversation: sealed where it is stored. */
const URL_ = 'https://hooks.slack.com/actions/T1/123/secretpart';
const record: ExpiringConfirmation = {
  id: 'c1',
  prompt: 'Store?',
  language: 'en',
  createdAt: '2026-01-05T10:00:00.000Z',
  expiresAt: '2026-01-05T10:05:00.000Z',
  message: {
    platform: 'slack',
    tenant: 'T1',
    chatId: 'D1',
    messageId: '',
    responseUrl: { url: URL_, since: '2026-01-05T10:00:00.000Z' },
  },
};

async function raw(kv: ReturnType<typeof createMemoryKeyValueStore>): Promise<string> {
  const out: unknown[] = [];
  for await (const key of kv.keys('')) out.push(await kv.get(key));
  return JSON.stringify(out);
}

describe('a confirmation’s landing in the store', () => {
  it('keeps the response URL sealed at rest and opens it on read, update and list', async () => {
    const kv = createMemoryKeyValueStore();
    const stores = createProactiveStores({ kv, keyring: keyringFromKeys(randomBytes(32)) });
    const { message, ...shown } = record;
    await stores.confirmations.put(shown);
    await stores.confirmations.update('c1', (r) => (r && message ? { ...r, message } : r));
    expect(await raw(kv)).not.toContain('secretpart');
    expect((await stores.confirmations.get('c1'))?.message?.responseUrl?.url).toBe(URL_);
    for await (const r of stores.confirmations.list()) expect(r.message?.responseUrl?.url).toBe(URL_);
  });

  it('without a keyring keeps no URL at all, and a URL no key opens reads as absent', async () => {
    const kv = createMemoryKeyValueStore();
    await createProactiveStores({ kv }).confirmations.put(record);
    expect(await raw(kv)).not.toContain('secretpart');
    const other = createMemoryKeyValueStore();
    await createProactiveStores({ kv: other, keyring: keyringFromKeys(randomBytes(32)) }).confirmations.put(
      record,
    );
    const rotated = createProactiveStores({ kv: other, keyring: keyringFromKeys(randomBytes(32)) });
    const read = await rotated.confirmations.get('c1');
    expect(read?.message?.chatId).toBe('D1');
    expect(read?.message?.responseUrl).toBeUndefined();
  });
});
