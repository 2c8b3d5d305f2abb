import { afterEach, describe, expect, it } from 'vitest';
import { createFakeCore, type FakeCore } from '../../helpers/fake-core.js';
import type { FakeCall, FakeMessage } from '../../helpers/fake-telegram.js';
import { ManualScheduler } from '../../helpers/manual-scheduler.js';
import { alice, bob, gate, group, type Harness, startHarness } from './harness.js';

/**
 * An answer to a press, shown to the presser alone in place of the chat's message
 * (`replace_callback_query_message`, docs/channels.md §1.1), once Telegram's time for the press is
 * over (400 "query is too old…"): the retry without the press keeps what it can. It still goes to
 * the presser alone and cites the pressed message (the replacement Telegram no longer allows);
 * it never becomes a message for the group. The fake Bot API refuses as Telegram does.
 */
let h: Harness | undefined;
let core: FakeCore;
let busy: ManualScheduler;

afterEach(async () => {
  await h?.close();
  h = undefined;
});

const PERSONAL = 'Your balance: €18.40';
const TOO_OLD = 'Bad Request: query is too old and response timeout expired or query ID is invalid';

/** Alice presses a button of a group message; the core's answer, for her alone, comes once `meanwhile` ran. */
async function lateInPlace(meanwhile: (pressed: FakeMessage) => void): Promise<FakeCall> {
  core = createFakeCore('telegram');
  busy = new ManualScheduler();
  h = await startHarness(core, { busyScheduler: busy });
  const { telegram } = h;
  core.onText = () => [{ text: 'Menu', actions: [{ label: 'Balance', actionId: 'm:balance' }] }];
  telegram.message(alice, '/menu', group);
  await telegram.waitForCall('sendMessage');
  const pressed = telegram.botMessages(group.id)[0]!;
  const provider = gate();
  const entered = gate();
  core.onAction = async () => {
    entered.open();
    await provider.promise;
    return { update: { text: PERSONAL, audience: 'actor', visibility: 'personal' } };
  };
  const mark = telegram.mark();
  telegram.press(alice, pressed, 'm:balance');
  await entered.promise;
  await busy.advance(500);
  await telegram.waitForCall('answerCallbackQuery', () => true, { after: mark });
  meanwhile(pressed);
  provider.open();
  const shown = await telegram.waitForCall(
    'sendMessage',
    (c) => c.payload.text === PERSONAL && c.response.ok,
    {
      after: mark,
    },
  );
  const refused = telegram.calls.slice(mark).filter((c) => c.method === 'sendMessage' && !c.response.ok);
  // The first try replaced the pressed message for her alone; Telegram refused it as too old.
  expect(refused[0]?.payload.ephemeral_message_parameters).toMatchObject({
    replace_callback_query_message: true,
  });
  expect(refused[0]?.response).toMatchObject({ error_code: 400, description: TOO_OLD });
  return shown;
}

describe('an answer in place of the pressed message, once the press is too old', () => {
  it('still goes to the presser alone, and cites the message it could no longer replace', async () => {
    let pressedId = 0;
    const shown = await lateInPlace((pressed) => {
      pressedId = pressed.message_id;
      h!.telegram.expireCallbackQueries();
    });
    expect(shown.payload.ephemeral_message_parameters).toEqual({ receiver_user_id: alice.id });
    expect(shown.payload.reply_parameters).toEqual({ message_id: pressedId });
    expect(h!.telegram.visibleTo(group.id, alice.id).map((m) => m.text)).toContain(PERSONAL);
    expect(h!.telegram.visibleTo(group.id, bob.id).map((m) => m.text)).not.toContain(PERSONAL);
  });

  it('the pressed message gone as well: shown to the presser alone without citing it, never to the group', async () => {
    const shown = await lateInPlace((pressed) => {
      h!.telegram.expireCallbackQueries();
      // An admin deleted it meanwhile (the fake's own record of the message).
      pressed.deleted = true;
    });
    expect(shown.payload.ephemeral_message_parameters).toEqual({ receiver_user_id: alice.id });
    expect(shown.payload.reply_parameters).toBeUndefined();
    expect(h!.telegram.visibleTo(group.id, bob.id).map((m) => m.text)).not.toContain(PERSONAL);
  });
});
