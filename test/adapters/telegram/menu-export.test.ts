import { describe, expect, it } from 'vitest';
import type { FakeCall } from '../../helpers/fake-telegram.js';
import { messageButtons } from '../../helpers/fake-telegram-native.js';
import { exportStack } from './export-stack.js';
import { alice, bob, group, type Harness } from './harness.js';

/**
 * The export from Telegram's menu (docs/interface.md §3.6): Home → Export calls (CSV) → a period.
 * Each period button carries its period as typed values in a ticket (the confirmation's mechanism,
 * docs/interface.md §2.1), never dates in text to be parsed again; the export runs as `/cdrs <from>
 * <to> csv` does, with its draft, and ends with the whole file. Seeded calls lie before the fixed
 * clock (40 a day, Sep 1 – Oct 31, 2026), so the figures do not depend on the hour.
 */
const start = exportStack();

const rows = (call: FakeCall) => call.file!.content.trim().split('\n').length - 1;

/** Opens the menu in `chat` and presses Export; the screen as the chat shows it. */
async function exportScreen(harness: Harness, chatId = alice.id) {
  const { telegram } = harness;
  telegram.message(alice, '/menu', chatId === alice.id ? undefined : group);
  await telegram.waitForCall('sendMessage', (c) => Number(c.payload.chat_id) === chatId);
  const home = telegram.botMessages(chatId).at(-1)!;
  const mark = telegram.mark();
  telegram.pressLabel(alice, home, '📤 Export calls (CSV)');
  const shown = ['editMessageText', 'editEphemeralMessageText', 'sendMessage'];
  await telegram.waitForCall(shown, () => true, { after: mark });
  return telegram.botMessages(chatId).find((m) => messageButtons(m).some((b) => b.text === 'Last month'))!;
}

describe("the menu's export, in a private chat", () => {
  it('offers periods whose buttons carry a ticket, not dates; Last month gives the whole month as CSV', async () => {
    const harness = await start();
    const screen = await exportScreen(harness);
    const labels = messageButtons(screen).map((b) => b.text);
    expect(labels).toEqual(['This month', 'Last month', 'Last 30 days', '⬅️ Back']);
    for (const b of messageButtons(screen).slice(0, 3)) {
      expect(b.callback_data).toMatch(/^c:[\w-]+:[\w-]+:[0-9a-z]+$/);
      expect(b.callback_data).not.toMatch(/2026|10-|csv/);
    }
    const mark = harness.telegram.mark();
    harness.telegram.pressLabel(alice, screen, 'Last month');
    const doc = await harness.telegram.waitForCall('sendDocument', () => true, { after: mark });
    expect(doc.file!.name).toBe('cdrs-2026-10-01-2026-10-31.csv');
    expect(rows(doc)).toBe(31 * 40);
    // The same progress as the typed export: a draft with the plan, before the file.
    const drafts = harness.telegram.drafts;
    expect(drafts.at(-1)!.text).toContain('31 of 31 days read, 1240 calls');
  });

  it('is pressed once: a second press of the same period runs nothing', async () => {
    const harness = await start();
    const screen = await exportScreen(harness);
    harness.telegram.pressLabel(alice, screen, 'Last 30 days');
    await harness.telegram.waitForCall('sendDocument');
    const mark = harness.telegram.mark();
    harness.telegram.pressLabel(alice, screen, 'Last 30 days');
    const answer = await harness.telegram.waitForCall('answerCallbackQuery', () => true, { after: mark });
    expect(String(answer.payload.text ?? '')).not.toBe('');
    expect(harness.telegram.calls.filter((c) => c.method === 'sendDocument')).toHaveLength(1);
  });
});

describe("the menu's export, in a group", () => {
  it("is its asker's alone: another member's press runs nothing, the file goes privately", async () => {
    const harness = await start();
    const screen = await exportScreen(harness, group.id);
    // The screen is Alice's ephemeral message; Bob's press is forged from its data (a stale client).
    expect(screen.receiver_user?.id).toBe(alice.id);
    const data = messageButtons(screen).find((b) => b.text === 'Last month')!.callback_data!;
    const mark = harness.telegram.mark();
    const { receiver_user: _r, ephemeral_message_id: _e, ...seenByAll } = screen;
    harness.telegram.press(bob, seenByAll, data);
    const refused = await harness.telegram.waitForCall('answerCallbackQuery', () => true, { after: mark });
    expect(String(refused.payload.text)).toBe('Only the person who asked can press this.');
    harness.telegram.pressLabel(alice, screen, 'Last month');
    const doc = await harness.telegram.waitForCall('sendDocument', () => true, { after: mark });
    expect(Number(doc.payload.chat_id)).toBe(alice.id);
    expect(rows(doc)).toBe(1240);
    const inGroup = harness.telegram.calls.filter((c) => Number(c.payload.chat_id) === group.id);
    expect(JSON.stringify(inGroup.map((c) => c.payload.text))).not.toMatch(/1240 calls|€/);
  });
});
