import { afterEach, describe, expect, it } from 'vitest';
import { type FakeCall, type FakeMessage, SENDS } from '../../helpers/fake-telegram.js';
import { ManualScheduler } from '../../helpers/manual-scheduler.js';
import { createTestStack, type TestStack } from '../../helpers/stack.js';
import { alice, type Harness, startHarness } from './harness.js';

/**
 * A confirmation's Confirm/Cancel become one disabled "Expired" button at its expiry (docs/interface.md
 * §2.6), edited by the approvals' expiry sweep through the road out, never undoing a press that
 * landed first. Time is the manual scheduler's; the sweep is run by hand, as its job would run it.
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
  return { time, stack, telegram: h.telegram };
}

const inAlice = (c: FakeCall) => Number(c.payload.chat_id) === alice.id;
type Markup = { inline_keyboard: { text: string; callback_data?: string; disabled?: object }[][] };
const buttonsOf = (m: FakeMessage | undefined) =>
  ((m?.reply_markup as Markup | undefined)?.inline_keyboard ?? []).flat();

/** `/target` asks for a confirmation; resolves with its message once the core knows where it landed. */
async function askConfirmation(s: TestStack, telegram: Harness['telegram']) {
  const mark = telegram.mark();
  telegram.message(alice, '/target +4930123456 +4917612345678');
  const sent = await telegram.waitForCall(SENDS, inAlice, { after: mark });
  const messageId = (sent.response.result as { message_id: number }).message_id;
  // The landing place is recorded right after the send (Core.messageSent).
  for (
    let i = 0;
    i < 50 && !(await s.stores.proactive.confirmations.list()[Symbol.asyncIterator]().next()).value?.message;
    i++
  )
    await new Promise((r) => setImmediate(r));
  return messageId;
}

const message = (telegram: Harness['telegram'], id: number) =>
  telegram.botMessages(alice.id).find((m) => m.message_id === id);

describe('an expired confirmation', () => {
  it('is edited at expiry to a disabled Expired button, and nothing before', async () => {
    const { time, stack, telegram } = await start();
    const id = await askConfirmation(stack, telegram);
    expect(buttonsOf(message(telegram, id)).map((b) => b.text)).toEqual(['Confirm', 'Cancel']);
    await time.advance(60_000);
    await stack.proactive.expireApprovals();
    expect(telegram.callsOf('editMessageText')).toHaveLength(0);
    await time.advance(TTL_MS);
    await stack.proactive.expireApprovals();
    const buttons = buttonsOf(message(telegram, id));
    expect(buttons).toEqual([{ text: 'Expired', disabled: {} }]);
    expect(message(telegram, id)?.text).toMatch(/expired/i);
    // Once: a second sweep edits nothing more.
    await stack.proactive.expireApprovals();
    expect(telegram.callsOf('editMessageText')).toHaveLength(1);
  });

  it('a press between the sweep’s read and its claim is kept: the sweep writes nothing over it', async () => {
    const { time, stack, telegram } = await start();
    const id = await askConfirmation(stack, telegram);
    await time.advance(TTL_MS + 1);
    const pending = stack.stores.pending;
    const closeExpired = pending.closeExpired.bind(pending);
    // Forced interleaving: after the sweep read the confirmation, the person's Confirm lands (its
    // instance's clock a moment before the expiry) and runs to its outcome; then the sweep claims.
    pending.closeExpired = async (ticket) => {
      skew = -2_000;
      const mark = telegram.mark();
      const shown = message(telegram, id)!;
      telegram.press(alice, shown, buttonsOf(shown).find((b) => b.text === 'Confirm')!.callback_data!);
      await telegram.waitForCall('editMessageText', (c) => Number(c.payload.message_id) === id, {
        after: mark,
      });
      skew = 0;
      return closeExpired(ticket);
    };
    await stack.proactive.expireApprovals();
    // One edit only, the press's outcome: no "Expired" written over it.
    const edits = telegram.callsOf('editMessageText');
    expect(edits).toHaveLength(1);
    expect(String(edits[0]!.payload.text)).not.toMatch(/expired/i);
    expect(buttonsOf(message(telegram, id)).some((b) => b.text === 'Expired')).toBe(false);
  });
});
