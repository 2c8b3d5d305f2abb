import { describe, expect, it } from 'vitest';
import { type FakeCall, FakeTelegram } from '../../helpers/fake-telegram.js';
import { exportStack } from './export-stack.js';
import { alice, group } from './harness.js';

/**
 * An export's progress on Telegram (docs/interface.md §5.2): a message draft in the private chat,
 * then the file; in a group one message edited in place; on a Bot API server without drafts (404)
 * the edited message instead, with nothing lost. The core's clock stands still here, so the core's
 * throttle lets through the first state and the last, and nothing in between (no timers, no sleeps).
 */
const start = exportStack();

const EXPORT = '/cdrs 2026-09-01 2026-10-31 csv';

const rows = (call: FakeCall) => call.file!.content.trim().split('\n').length - 1;

describe('an export in a private chat', () => {
  it('streams its plan as a draft with a stop button, then sends the whole file', async () => {
    const harness = await start();
    harness.telegram.message(alice, EXPORT);
    const doc = await harness.telegram.waitForCall('sendDocument');
    expect(rows(doc)).toBe(2440);
    const drafts = harness.telegram.drafts;
    expect(drafts.length).toBeGreaterThanOrEqual(2);
    expect(new Set(drafts.map((d) => d.draftId)).size).toBe(1);
    expect(drafts.every((d) => d.canStop && d.chatId === alice.id)).toBe(true);
    expect(drafts[0]!.text).toContain('<b>Reading calls Sep 1, 2026 – Oct 31, 2026</b>');
    expect(drafts.at(-1)!.text).toContain(
      '✅ Read the call records day by day — 61 of 61 days read, 2440 calls',
    );
    expect(drafts.at(-1)!.text).toContain('✅ Make the file — cdrs-2026-09-01-2026-10-31.csv follows');
    const lastDraft = harness.telegram.calls.findLast((c) => c.method === 'sendMessageDraft')!;
    expect(lastDraft.seq).toBeLessThan(doc.seq);
  });

  it('falls back to one edited message when the Bot API server has no drafts (404), nothing lost', async () => {
    const harness = await start(true);
    harness.telegram.message(alice, EXPORT);
    const doc = await harness.telegram.waitForCall('sendDocument');
    expect(rows(doc)).toBe(2440);
    const refused = harness.telegram.calls.filter((c) => c.method === 'sendMessageDraft');
    expect(refused).toHaveLength(1);
    expect(refused[0]!.response.error_code).toBe(404);
    const plan = harness.telegram.calls.find(
      (c) => c.method === 'sendMessage' && String(c.payload.text).startsWith('<b>Reading calls'),
    )!;
    const edits = harness.telegram.calls.filter((c) => c.method === 'editMessageText');
    expect(edits.length).toBeGreaterThanOrEqual(1);
    expect(String(edits.at(-1)!.payload.text)).toContain('✅ Make the file');
    expect(
      edits.every(
        (e) => e.payload.message_id === (plan.response.result as { message_id: number }).message_id,
      ),
    ).toBe(true);
  });
});

describe('an export asked in a group', () => {
  it('shows one message in the group, edited, with the days read and nothing of the calls; no draft', async () => {
    const harness = await start();
    harness.telegram.message(alice, EXPORT.replace('/cdrs', '/cdrs@' + harness.telegram.bot.username), group);
    await harness.telegram.waitForCall('sendDocument');
    expect(harness.telegram.calls.some((c) => c.method === 'sendMessageDraft')).toBe(false);
    const inGroup = harness.telegram.calls.filter((c) => Number(c.payload.chat_id) === group.id);
    const plan = inGroup.find(
      (c) => c.method === 'sendMessage' && String(c.payload.text).startsWith('<b>Reading calls'),
    );
    expect(plan).toBeDefined();
    const edits = inGroup.filter((c) => c.method === 'editMessageText');
    expect(String(edits.at(-1)!.payload.text)).toContain('61 of 61 days read');
    expect(JSON.stringify(inGroup.map((c) => c.payload.text))).not.toMatch(/\d+ calls|€/);
  });
});

describe('the fake Bot API, as Telegram documents sendMessageDraft', () => {
  it('refuses a draft outside a private chat, and a draft_id of 0', async () => {
    const telegram = await FakeTelegram.start();
    try {
      const call = (body: Record<string, unknown>) =>
        fetch(`${telegram.apiRoot}/bot${telegram.token}/sendMessageDraft`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }).then((r) => r.json() as Promise<{ ok: boolean; error_code?: number }>);
      expect(await call({ chat_id: group.id, draft_id: 7, text: 'x' })).toMatchObject({
        ok: false,
        error_code: 400,
      });
      expect(await call({ chat_id: alice.id, draft_id: 0, text: 'x' })).toMatchObject({
        ok: false,
        error_code: 400,
      });
      expect(await call({ chat_id: alice.id, draft_id: 7, text: 'x' })).toMatchObject({ ok: true });
      expect(telegram.drafts).toHaveLength(1);
    } finally {
      await telegram.close();
    }
  });
});
