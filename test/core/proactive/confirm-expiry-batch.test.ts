import { describe, expect, it } from 'vitest';
import type { SentMessage } from '../../../src/core/ports/notify.js';
import { CONFIRM_EDITS_PER_CHAT, expireConfirmations } from '../../../src/core/proactive/confirm-expiry.js';
import type { ProactiveContext } from '../../../src/core/proactive/context.js';
import { jobStores } from '../../../src/core/proactive/job-records.js';
import type { Reply } from '../../../src/core/reply.js';
import {
  createMemoryKeyValueStore,
  createStores,
  generateMasterKey,
  keyringFromKeys,
} from '../../../src/store/index.js';
import { ManualScheduler } from '../../helpers/manual-scheduler.js';

/**
 * Telegram's edit limit (docs/interface.md §2.6): the expiry sweep edits at most
 * CONFIRM_EDITS_PER_CHAT confirmations of one chat a run (it runs every minute), the rest the run
 * after; another chat is not held back by a busy one.
 */
describe('expired confirmations are edited in batches per chat', () => {
  it('25 in one group and 1 elsewhere: 20 + 1 now, 5 at the next run, none twice', async () => {
    const time = new ManualScheduler();
    const stores = createStores({
      kv: createMemoryKeyValueStore(),
      keyring: keyringFromKeys(generateMasterKey()),
      now: () => time.now(),
    });
    const expiresAt = new Date(time.now() + 60_000).toISOString();
    const shown = async (id: string, chatId: string) => {
      await stores.pending.put({
        id,
        kind: 'confirm',
        command: 'target',
        args: [],
        owner: 'telegram::1',
        chatId,
        createdAt: new Date(time.now()).toISOString(),
        expiresAt,
      } as Parameters<typeof stores.pending.put>[0]);
      const message: SentMessage = { platform: 'telegram', tenant: '', chatId, messageId: id };
      await stores.proactive.confirmations.put({
        id,
        prompt: 'Store the pair?',
        expiresAt,
        language: 'en',
        message,
      });
    };
    for (let i = 0; i < 25; i++) await shown(`g${i}`, '-100');
    await shown('p1', '7');
    const edits: { chatId: string; messageId: string; reply: Reply }[] = [];
    const ctx = {
      stores: jobStores(stores),
      outbox: {
        edit: async (m: SentMessage, reply: Reply) =>
          edits.push({ chatId: m.chatId, messageId: m.messageId, reply }),
      },
      clock: () => new Date(time.now()),
      logger: { debug() {}, info() {}, warn() {}, error() {} },
    } as unknown as ProactiveContext;

    expect(await expireConfirmations(ctx)).toEqual({ edited: 0, deferred: 0 });
    await time.advance(60_000);
    expect(await expireConfirmations(ctx)).toEqual({ edited: CONFIRM_EDITS_PER_CHAT + 1, deferred: 5 });
    expect(edits.filter((e) => e.chatId === '7')).toHaveLength(1);
    expect(edits[0]!.reply.actions).toEqual([{ label: 'Expired', actionId: '', disabled: 'expired' }]);
    await time.advance(60_000);
    expect(await expireConfirmations(ctx)).toEqual({ edited: 5, deferred: 0 });
    expect(new Set(edits.map((e) => e.messageId)).size).toBe(26);
    expect(await expireConfirmations(ctx)).toEqual({ edited: 0, deferred: 0 });
  });
});
