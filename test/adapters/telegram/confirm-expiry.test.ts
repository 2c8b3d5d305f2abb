import { afterEach, describe, expect, it } from 'vitest';
import { confirmationLanded, confirmationsHeld } from '../../helpers/confirm-landed.js';
import { type FakeCall, type FakeMessage, SENDS } from '../../helpers/fake-telegram.js';
import { ManualScheduler } from '../../helpers/manual-scheduler.js';
import { createTestStack, type TestStack } from '../../helpers/stack.js';
import { alice, type Harness, startHarness } from './harness.js';

/**
 * A confirmation's Confirm/Cancel become one disabled "Expired" button at its expiry (docs/interface.md
 * §2.6): the expiry job edits the message the send reported, through the road out, and never writes
 * over a press that claimed the action first. Time is the manual scheduler's; the job's pass is run
 * by hand, as its schedule would run it.
 */

let stack: TestStack | undefined;
let h: Harness | undefined;
const TTL_MS = 5 * 60_000;

afterEach(async () => {
  await h?.close();
  await stack?.close();
  h = undefined;
  stack = undefined;
});

/** How far the bot's clock is from the scheduler's: another instance a moment behind. */
let skew = 0;

async function start() {
  const time = new ManualScheduler();
  skew = 0;
  stack = await createTestStack({ clock: () => new Date(time.now() + skew) });
  h = await startHarness(stack.core, { dedupe: stack.stores.dedupe });
  stack.proactive.attach(h.channel.notifier);
  await stack.linkDemo({ platform: 'telegram', tenant: '', user: String(alice.id) });
  return { time, stack, telegram: h.telegram, logs: h.logs };
}

const inAlice = (c: FakeCall) => Number(c.payload.chat_id) === alice.id;
type Button = { text: string; callback_data?: string; disabled?: object };
type Markup = { inline_keyboard: Button[][] };
const buttonsOf = (m: FakeMessage | { reply_markup?: unknown } | undefined) =>
  ((m?.reply_markup as Markup | undefined)?.inline_keyboard ?? []).flat();

/** `/target` asks for a confirmation; resolves with its message once the core knows where it landed. */
async function askConfirmation(s: TestStack, telegram: Harness['telegram']) {
  const mark = telegram.mark();
  telegram.message(alice, '/target +4930123456 +4917612345678');
  const sent = await telegram.waitForCall(SENDS, inAlice, { after: mark });
  const messageId = (sent.response.result as { message_id: number }).message_id;
  await confirmationLanded(s.stores);
  return messageId;
}

const message = (telegram: Harness['telegram'], id: number) =>
  telegram.botMessages(alice.id).find((m) => m.message_id === id);

describe('an expired confirmation on Telegram', () => {
  it('is edited at expiry to its prompt and one disabled Expired button, once, and nothing before', async () => {
    const { time, stack, telegram } = await start();
    const id = await askConfirmation(stack, telegram);
    expect(buttonsOf(message(telegram, id)).map((b) => b.text)).toEqual(['Confirm', 'Cancel']);
    await time.advance(60_000);
    await stack.proactive.expireConfirmations();
    expect(telegram.callsOf('editMessageText')).toHaveLength(0);
    await time.advance(TTL_MS);
    expect(await stack.proactive.expireConfirmations()).toEqual({ edited: 1 });
    const edits = telegram.callsOf('editMessageText');
    expect(edits).toHaveLength(1);
    // As the platform receives it: a `disabled` inline button, no callback data.
    expect(buttonsOf(edits[0]!.payload)).toEqual([{ text: 'Expired', disabled: {} }]);
    expect(buttonsOf(message(telegram, id))).toEqual([{ text: 'Expired', disabled: {} }]);
    expect(message(telegram, id)?.text).toMatch(/\+4917612345678[\s\S]*expired/i);
    // Once: the next run edits nothing more.
    await stack.proactive.expireConfirmations();
    expect(telegram.callsOf('editMessageText')).toHaveLength(1);
  });

  it('a press that claimed the action first keeps its outcome: the expiry writes nothing over it', async () => {
    const { time, stack, telegram } = await start();
    const id = await askConfirmation(stack, telegram);
    await time.advance(TTL_MS + 1);
    const pending = stack.stores.pending;
    const closeExpired = pending.closeExpired.bind(pending);
    // Forced interleaving: after the job read the confirmation, the person's Confirm lands (on an
    // instance whose clock is a moment behind, so before the expiry there) and runs to its outcome;
    // only then does the job try to close it.
    pending.closeExpired = async (action) => {
      skew = -2_000;
      const mark = telegram.mark();
      const shown = message(telegram, id)!;
      telegram.press(alice, shown, buttonsOf(shown).find((b) => b.text === 'Confirm')!.callback_data!);
      await telegram.waitForCall('editMessageText', (c) => Number(c.payload.message_id) === id, {
        after: mark,
      });
      skew = 0;
      return closeExpired(action);
    };
    expect(await stack.proactive.expireConfirmations()).toEqual({ edited: 0 });
    const edits = telegram.callsOf('editMessageText');
    expect(edits).toHaveLength(1);
    expect(String(edits[0]!.payload.text)).not.toMatch(/expired/i);
    expect(buttonsOf(message(telegram, id)).some((b) => b.text === 'Expired')).toBe(false);
  });

  it('the expiry first: a later press is answered "expired" and changes nothing', async () => {
    const { time, stack, telegram } = await start();
    const id = await askConfirmation(stack, telegram);
    const confirm = buttonsOf(message(telegram, id)).find((b) => b.text === 'Confirm')!.callback_data!;
    await time.advance(TTL_MS + 1);
    await stack.proactive.expireConfirmations();
    // A press made on a copy of the old message (a second device that had not refreshed).
    const mark = telegram.mark();
    telegram.press(alice, { ...message(telegram, id)!, reply_markup: undefined }, confirm);
    const answer = await telegram.waitForCall('answerCallbackQuery', () => true, { after: mark });
    expect(String(answer.payload.text ?? '')).toMatch(/expired/i);
    expect(telegram.callsOf('editMessageText')).toHaveLength(1);
    expect(buttonsOf(message(telegram, id))).toEqual([{ text: 'Expired', disabled: {} }]);
  });

  it('a message deleted meanwhile: the refused edit is logged once and dropped, never sent anew', async () => {
    const { time, stack, telegram } = await start();
    const id = await askConfirmation(stack, telegram);
    message(telegram, id)!.deleted = true;
    const sends = telegram.callsOf('sendMessage').length;
    await time.advance(TTL_MS + 1);
    expect(await stack.proactive.expireConfirmations()).toEqual({ edited: 0 });
    await time.advance(15_000);
    await stack.proactive.expireConfirmations();
    expect(telegram.callsOf('editMessageText')).toHaveLength(1);
    expect(telegram.callsOf('sendMessage')).toHaveLength(sends);
    expect(await stack.stores.proactive.confirmations.get(String(id))).toBeUndefined();
    expect(await confirmationsHeld(stack.stores)).toEqual([]);
  });
});
