import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CONFIRM_EDITS_PER_CHAT, dueConfirmations } from '../../../src/core/proactive/confirm-expiry.js';
import { createStores } from '../../../src/store/create-stores.js';
import { keyringFromKeys } from '../../../src/store/master-key.js';
import { createMemoryKeyValueStore } from '../../../src/store/memory-key-value-store.js';

/**
 * Many confirmations expiring at once do not burst past a platform's limits (docs/interface.md
 * §2.6): a tick takes at most CONFIRM_EDITS_PER_CHAT of one chat (20 a minute at 15 s a tick,
 * Telegram's limit in a group); the rest wait for the next tick. One with nothing to edit is always due.
 */
describe('due confirmations', () => {
  it('takes at most 5 of one chat a tick, every other chat’s too, and the rest the next tick', async () => {
    const now = Date.parse('2026-01-05T10:00:00Z');
    const stores = createStores({
      kv: createMemoryKeyValueStore(),
      keyring: keyringFromKeys(randomBytes(32)),
    });
    const put = (id: string, chatId: string | undefined, expiresAt = now - 1) =>
      stores.proactive.confirmations.put({
        id,
        prompt: 'Store?',
        language: 'en',
        createdAt: new Date(now - 300_000).toISOString(),
        expiresAt: new Date(expiresAt).toISOString(),
        ...(chatId ? { message: { platform: 'telegram', tenant: '', chatId, messageId: id } } : {}),
      });
    for (let i = 0; i < 8; i++) await put(`g${i}`, '-100');
    for (let i = 0; i < 2; i++) await put(`p${i}`, '42');
    await put('nowhere', undefined);
    await put('later', '42', now + 60_000);
    const ctx = { stores, clock: () => new Date(now) };
    const due = await dueConfirmations(ctx);
    expect(CONFIRM_EDITS_PER_CHAT).toBe(5);
    expect(due.filter((id) => id.startsWith('g'))).toHaveLength(5);
    expect(due.filter((id) => id.startsWith('p')).sort()).toEqual(['p0', 'p1']);
    expect(due).toContain('nowhere');
    expect(due).not.toContain('later');
    for (const id of due) await stores.proactive.confirmations.delete(id);
    expect((await dueConfirmations(ctx)).filter((id) => id.startsWith('g'))).toHaveLength(3);
  });
});
