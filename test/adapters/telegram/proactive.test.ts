import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FakeCall, FakeMessage } from '../../helpers/fake-telegram.js';
import { createTestStack, type TestStack } from '../../helpers/stack.js';
import { alice, type Harness, startHarness } from './harness.js';

/**
 * docs/proactive.md §4.1 on Telegram, end to end: real grammY ↔ fake Bot API, the real core and proactive side,
 * the real client ↔ sandbox. The clock is the test's; the sandbox bills the call on that clock.
 */

let stack: TestStack;
let h: Harness;
let now: number;
const clock = () => new Date(now);

beforeEach(async () => {
  now = Date.parse('2026-11-16T09:00:00Z');
  stack = await createTestStack({ clock, sandbox: { clock }, env: { ALERT_SWEEP_PER_SECOND: '0' } });
  h = await startHarness(stack.core, { dedupe: stack.stores.dedupe });
  stack.proactive.attach(h.channel.notifier);
  await stack.linkDemo({ platform: 'telegram', tenant: '', user: String(alice.id) });
});

afterEach(async () => {
  await h.close();
  await stack.close();
});

type Markup = { inline_keyboard: { text: string; callback_data?: string }[][] };
const inChat = (chatId: number) => (c: FakeCall) => Number(c.payload.chat_id) === chatId;

async function ask(method: string, text: string): Promise<FakeCall> {
  const mark = h.telegram.mark();
  h.telegram.message(alice, text);
  return h.telegram.waitForCall(method, inChat(alice.id), { after: mark });
}

async function press(message: FakeMessage, label: string) {
  const data = ((message.reply_markup as Markup | undefined)?.inline_keyboard ?? [])
    .flat()
    .find((b) => b.text === label)?.callback_data;
  if (!data) throw new Error(`no ${label} button`);
  const mark = h.telegram.mark();
  h.telegram.press(alice, message, data);
  await h.telegram.waitForCall('answerCallbackQuery', () => true, { after: mark });
  return mark;
}

const cardOf = (id: number) => h.telegram.botMessages(alice.id).find((m) => m.message_id === id)!;

describe('the call card on Telegram', () => {
  it('is edited in place with duration and cost from the CDR, its Hang up button gone', async () => {
    const sent = await ask('sendMessage', '/call +49 30 1234567 +49 176 1234567');
    const id = (sent.response.result as { message_id: number }).message_id;
    expect(cardOf(id).text).toMatch(/Calling \+4930\d+ first/);
    now += 125_000;
    const mark = await press(cardOf(id), 'Hang up');
    await h.telegram.waitForCall('editMessageText', inChat(alice.id), { after: mark });
    now += 10_000;
    expect((await stack.proactive.checkCallReports()).reported).toBe(1);
    const card = cardOf(id);
    expect(card.text).toMatch(/<b>Call ended<\/b>/);
    expect(card.text).toMatch(/Duration: <code>2:05<\/code>/);
    expect(card.text).toMatch(/Cost: <code>€\d+\.\d{2,4}<\/code>/);
    // Hang up is gone as a press: one disabled "Call ended" button stays (docs/interface.md §2.6).
    const buttons =
      (
        card.reply_markup as
          | { inline_keyboard?: { text: string; disabled?: object; callback_data?: string }[][] }
          | undefined
      )?.inline_keyboard?.flat() ?? [];
    expect(buttons.map((b) => b.text)).toEqual(['Call ended']);
    expect(buttons.every((b) => b.disabled !== undefined && b.callback_data === undefined)).toBe(true);
    // The card was edited, not followed by a new message.
    expect(h.telegram.botMessages(alice.id).filter((m) => /Call ended/.test(m.text ?? ''))).toHaveLength(1);
  });
});

describe('spend charts and alerts on Telegram', () => {
  it('/spend 30d arrives as a photo with the total as its caption', async () => {
    const photo = await ask('sendPhoto', '/spend 30d');
    expect(String(photo.payload.caption)).toMatch(/^€\d+\.\d{2,4} on 4 calls, Oct 17, 2026 – Nov 16, 2026$/);
    expect(photo.file?.bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(photo.file?.bytes.byteLength).toBeGreaterThan(15_000);
  });

  it('an alert reaches the private chat with its buttons; a user who blocked the bot pauses it', async () => {
    await ask('sendMessage', '/alert 5');
    expect(stack.sandbox.setBalance('demo', '4,00')).toBe(true);
    const mark = h.telegram.mark();
    expect((await stack.proactive.sweepAlerts()).alerted).toBe(1);
    const alert = await h.telegram.waitForCall('sendMessage', inChat(alice.id), { after: mark });
    expect(String(alert.payload.text)).toContain('below your alert at €5.00');
    const labels = (alert.payload.reply_markup as Markup).inline_keyboard.flat().map((b) => b.text);
    expect(labels).toEqual(['Top up', 'Change threshold']);
    // The Change threshold button asks whoever pressed it for the new threshold, which the answer sets.
    const message = h.telegram.botMessages(alice.id).at(-1)!;
    const pressed = await press(message, 'Change threshold');
    const shown = await h.telegram.waitForCall('sendMessage', inChat(alice.id), { after: pressed });
    expect(String(shown.payload.text)).toMatch(/Send the new threshold/);
    const set = await ask('sendMessage', '6');
    expect(String(set.payload.text)).toContain('€6.00');

    stack.sandbox.setBalance('demo', '9,00');
    await stack.proactive.sweepAlerts();
    stack.sandbox.setBalance('demo', '4,00');
    h.telegram.blockPrivate(alice.id);
    expect((await stack.proactive.sweepAlerts()).paused).toBe(1);
    const before = h.telegram.callsOf('sendMessage').length;
    stack.sandbox.setBalance('demo', '9,00');
    await stack.proactive.sweepAlerts();
    stack.sandbox.setBalance('demo', '4,00');
    await stack.proactive.sweepAlerts();
    expect(h.telegram.callsOf('sendMessage').length).toBe(before);
  });
});
