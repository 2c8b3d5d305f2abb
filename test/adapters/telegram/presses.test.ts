import { afterEach, describe, expect, it } from 'vitest';
import type { ActionOutcome } from '../../../src/core/reply.js';
import { createFakeCore, type FakeCore } from '../../helpers/fake-core.js';
import { ManualScheduler } from '../../helpers/manual-scheduler.js';
import { alice, bob, gate, group, type Harness, startHarness } from './harness.js';

/**
 * docs/reliability.md §2.3, Telegram presses under a slow provider: the callback query is answered first (within
 * 500 ms of the press, at once when the core is slow), the work runs, and the message is edited with
 * the outcome even when Telegram refused the answer (its deadline had passed). While the core waits
 * on the provider for more than a second, the chat shows "typing…". Time moves only through the
 * injected scheduler; the provider's slowness is a gate the test opens.
 */
let h: Harness | undefined;
let core: FakeCore;
let busy: ManualScheduler;

afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function start() {
  core = createFakeCore('telegram');
  busy = new ManualScheduler();
  h = await startHarness(core, { busyScheduler: busy });
  return h;
}

/** A confirmation message in `chat`, as the bot sent it. */
async function confirmation(harness: Harness, chat = alice.id) {
  core.onText = () => [{ text: 'Top up?', actions: [{ label: 'Confirm', actionId: 'c:1' }] }];
  harness.telegram.message(alice, '/topup 1234', chat === alice.id ? undefined : group);
  await harness.telegram.waitForCall('sendMessage');
  return harness.telegram.botMessages(chat)[0]!;
}

/** The next press waits on a slow provider: `entered` once the core runs, `provider.open()` lets it finish. */
function slowAction(outcome: ActionOutcome) {
  const provider = gate();
  const entered = gate();
  core.onAction = async () => {
    entered.open();
    await provider.promise;
    return outcome;
  };
  return { provider, entered };
}

describe('a press under a slow provider', () => {
  it('answers the press before the work ends, shows typing, then edits with the outcome', async () => {
    const { telegram } = await start();
    const message = await confirmation(h!);
    const { provider, entered } = slowAction({ notice: 'Done', update: { text: 'Topped up: €68.40' } });
    const mark = telegram.mark();
    telegram.press(alice, message, 'c:1');
    await entered.promise;
    // The answer budget passes with the provider still busy: answered at once, without a notice.
    await busy.advance(500);
    const answer = await telegram.waitForCall('answerCallbackQuery', () => true, { after: mark });
    expect(answer.payload.text).toBeUndefined();
    // Past a second of waiting, the chat shows "typing…", renewed while the wait goes on.
    await busy.advance(500);
    const typing = await telegram.waitForCall('sendChatAction', () => true, { after: mark });
    expect(typing.payload).toMatchObject({ chat_id: alice.id, action: 'typing' });
    await busy.advance(4_500);
    await telegram.waitForCalls('sendChatAction', 2, () => true, { after: mark });
    provider.open();
    const edit = await telegram.waitForCall('editMessageText', () => true, { after: mark });
    expect(edit.payload.text).toBe('Topped up: €68.40');
    expect(answer.seq).toBeLessThan(typing.seq);
    expect(typing.seq).toBeLessThan(edit.seq);
    // One answer only, and no stale "typing" after the outcome.
    await busy.advance(10_000);
    expect(telegram.callsOf('answerCallbackQuery')).toHaveLength(1);
    expect(telegram.callsOf('sendChatAction')).toHaveLength(2);
    expect(telegram.botMessages(alice.id)[0]).toMatchObject({ text: 'Topped up: €68.40' });
    expect(telegram.botMessages(alice.id)[0]?.reply_markup).toBeUndefined();
  });

  it('edits the message even when Telegram refused the answer (deadline passed)', async () => {
    const { telegram } = await start();
    const message = await confirmation(h!);
    const { provider, entered } = slowAction({
      update: { text: 'Topped up: €68.40' },
      followUps: [{ text: 'Balance €68.40' }],
    });
    const mark = telegram.mark();
    telegram.press(alice, message, 'c:1');
    await entered.promise;
    // The bot was too slow to answer in time (a stalled event loop, a long GC): Telegram refuses it.
    telegram.expireCallbackQueries();
    await busy.advance(500);
    const answer = await telegram.waitForCall('answerCallbackQuery', () => true, { after: mark });
    expect(answer.response).toMatchObject({ ok: false, error_code: 400 });
    provider.open();
    const edit = await telegram.waitForCall('editMessageText', () => true, { after: mark });
    expect(edit.payload.text).toBe('Topped up: €68.40');
    await telegram.waitForCall('sendMessage', (c) => c.payload.text === 'Balance €68.40', { after: mark });
    expect(h!.logs.some((l) => l.msg === 'telegram: press answer failed')).toBe(true);
  });

  it('a quick refusal keeps its notice on the answer and edits nothing', async () => {
    const { telegram } = await start();
    const message = await confirmation(h!, group.id);
    core.onAction = () => ({ notice: 'Only Alice can confirm this.' });
    const mark = telegram.mark();
    telegram.press(bob, message, 'c:1');
    const answer = await telegram.waitForCall('answerCallbackQuery', () => true, { after: mark });
    expect(answer.payload.text).toBe('Only Alice can confirm this.');
    await busy.advance(10_000);
    expect(telegram.callsOf('answerCallbackQuery')).toHaveLength(1);
    expect(telegram.callsOf('editMessageText')).toHaveLength(0);
    expect(telegram.callsOf('sendChatAction')).toHaveLength(0);
  });

  it('a notice decided after the early answer is said in the chat', async () => {
    const notice = await lateNotice(alice.id);
    expect(Number(notice.payload.chat_id)).toBe(alice.id);
  });

  it('in a group, a notice decided after the early answer is shown to the presser alone, there, citing the press', async () => {
    const notice = await lateNotice(group.id);
    expect(Number(notice.payload.chat_id)).toBe(group.id);
    expect(notice.payload.ephemeral_message_parameters).toEqual({
      receiver_user_id: alice.id,
      callback_query_id: expect.stringMatching(/^cq/),
    });
    expect(h!.telegram.visibleTo(group.id, bob.id).map((m) => m.text)).not.toContain(EXPIRED);
    expect(h!.telegram.visibleTo(group.id, alice.id).map((m) => m.text)).toContain(EXPIRED);
  });

  it("in a group, once Telegram's time for the press is over, the notice is still shown to the presser alone, without the press", async () => {
    const notice = await lateNotice(group.id, () => h!.telegram.expireCallbackQueries());
    expect(notice.payload.ephemeral_message_parameters).toEqual({ receiver_user_id: alice.id });
    const refused = h!.telegram.callsOf('sendMessage').filter((c) => !c.response.ok);
    expect(refused.map((c) => c.response.description)).toEqual([
      'Bad Request: query is too old and response timeout expired or query ID is invalid',
    ]);
    expect(h!.telegram.visibleTo(group.id, bob.id).map((m) => m.text)).not.toContain(EXPIRED);
  });
});

const EXPIRED = 'This confirmation has expired.';

/**
 * Alice presses Confirm in `chat`; the core decides the notice after the early answer (`meanwhile`
 * runs before it does). Resolves with the accepted sendMessage carrying it.
 */
async function lateNotice(chat: number, meanwhile: () => void = () => undefined) {
  const { telegram } = await start();
  const message = await confirmation(h!, chat);
  const { provider, entered } = slowAction({ notice: EXPIRED });
  const mark = telegram.mark();
  telegram.press(alice, message, 'c:1');
  await entered.promise;
  await busy.advance(500);
  await telegram.waitForCall('answerCallbackQuery', () => true, { after: mark });
  meanwhile();
  provider.open();
  return telegram.waitForCall('sendMessage', (c) => c.payload.text === EXPIRED && c.response.ok, {
    after: mark,
  });
}

describe('typing while a command waits', () => {
  it('shows typing after a second of waiting, not before, and not after the reply', async () => {
    const { telegram } = await start();
    const provider = gate();
    const entered = gate();
    core.onText = async () => {
      entered.open();
      await provider.promise;
      return [{ text: 'Balance €18.40' }];
    };
    const mark = telegram.mark();
    telegram.message(alice, '/balance');
    await entered.promise;
    await busy.advance(999);
    expect(telegram.callsOf('sendChatAction')).toHaveLength(0);
    await busy.advance(1);
    const typing = await telegram.waitForCall('sendChatAction', () => true, { after: mark });
    expect(typing.payload).toMatchObject({ chat_id: alice.id, action: 'typing' });
    provider.open();
    const reply = await telegram.waitForCall('sendMessage', () => true, { after: mark });
    expect(typing.seq).toBeLessThan(reply.seq);
    await busy.advance(10_000);
    expect(telegram.callsOf('sendChatAction')).toHaveLength(1);
  });

  it('a group shows no typing: the answer may go privately (docs/architecture.md §8.3.3)', async () => {
    const { telegram } = await start();
    const provider = gate();
    const entered = gate();
    core.onText = async () => {
      entered.open();
      await provider.promise;
      return [{ text: 'Balance €18.40', audience: 'actor' }];
    };
    telegram.message(alice, '/balance', group);
    await entered.promise;
    await busy.advance(5_000);
    provider.open();
    await telegram.waitForCall('sendMessage');
    expect(telegram.callsOf('sendChatAction')).toHaveLength(0);
  });

  it('a quick command shows no typing', async () => {
    const { telegram } = await start();
    telegram.message(alice, '/balance');
    await telegram.waitForCall('sendMessage');
    await busy.advance(10_000);
    expect(telegram.callsOf('sendChatAction')).toHaveLength(0);
  });
});

describe('a press while the same chat’s command is still running', () => {
  it('is answered at once, not after the command (presses are not queued behind messages)', async () => {
    const { telegram } = await start();
    const message = await confirmation(h!);
    core.onAction = () => ({ notice: 'Done', update: { text: 'Topped up: €68.40' } });
    const release = core.hold();
    telegram.message(alice, '/balance');
    await core.entered(2);
    const mark = telegram.mark();
    telegram.press(alice, message, 'c:1');
    // The chat's command still waits on its provider; the press is answered and shown meanwhile.
    const answer = await telegram.waitForCall('answerCallbackQuery', () => true, { after: mark });
    expect(answer.payload.text).toBe('Done');
    await telegram.waitForCall('editMessageText', () => true, { after: mark });
    expect(core.texts).toHaveLength(2);
    release();
    // The command's own answer follows once its provider answers.
    await telegram.waitForCall('sendMessage', () => true, { after: mark });
  });
});
