import { beforeEach, describe, expect, it } from 'vitest';
import type { FakeCall } from '../../helpers/fake-telegram.js';
import { ManualScheduler } from '../../helpers/manual-scheduler.js';
import type { TestStack } from '../../helpers/stack.js';
import { alice, type Harness } from './harness.js';
import { telegramPerTest } from './per-test.js';

/**
 * An edit runs as a new command only if the original changed nothing (docs/privacy.md §2.2): the
 * core says what the original's decision did (`changedState`), never a guess from its words. Real
 * grammY, the fake Bot API, the real core over the sandbox.
 */
let stack: TestStack;
let h: Harness;

const telegram = telegramPerTest();
beforeEach(async () => {
  ({ stack, h } = await telegram.onStack({ channel: { scheduler: new ManualScheduler() } }));
});

const toAlice = (c: FakeCall) => Number(c.payload.chat_id) === alice.id;
type Sent = { message: { message_id: number; chat: { id: number; type: 'private' } } };
const ALREADY = /already carried out; I did not run the edit/;

/** Sends `text`, waits for the answer, and returns the user's message (to edit later) and the answer. */
async function said(text: string) {
  const mark = h.telegram.mark();
  const update = h.telegram.message(alice, text) as unknown as Sent;
  const answer = await h.telegram.waitForCall(['sendMessage', 'sendRichMessage'], toAlice, { after: mark });
  return { message: update.message, answer: String(answer.payload.text) };
}

/** The daily limits set, in whole units (Money is minor units at a scale). */
async function dailyLimits(): Promise<number[]> {
  const out: number[] = [];
  for await (const l of stack.stores.guard.limits.list())
    if (l.daily) out.push(l.daily.minor / 10 ** l.daily.scale);
  return out;
}

/** Edits `message` into `text` and returns the first answer to it. */
async function edited(message: Sent['message'], text: string) {
  const mark = h.telegram.mark();
  h.telegram.edit(alice, message, text);
  const answer = await h.telegram.waitForCall(['sendMessage', 'sendRichMessage'], toAlice, { after: mark });
  return { answer: String(answer.payload.text), calls: () => h.telegram.calls.slice(mark) };
}

describe('an edit runs as a new command when the original changed nothing', () => {
  it('a /balance (a read) edited: runs', async () => {
    const { message } = await said('/balance');
    const { answer } = await edited(message, '/balance');
    expect(answer).toContain('€18.40');
  });

  it('a /topup refused for its PIN format, edited into a good PIN: the PIN is deleted and a fresh confirmation asked', async () => {
    const { message, answer: refused } = await said('/topup 12');
    expect(refused).not.toMatch(/Top up your account with this PIN\?/);
    const { answer, calls } = await edited(message, '/topup 12345678901234');
    expect(answer).toMatch(/Top up your account with this PIN\?/);
    expect(
      calls().some((c) => c.method === 'deleteMessage' && c.payload.message_id === message.message_id),
    ).toBe(true);
  });

  it('a confirm prompt (nothing ran yet), edited: runs and asks its own fresh confirmation; nothing is topped up', async () => {
    const { message, answer: prompt } = await said('/topup 12345678901234');
    expect(prompt).toMatch(/Top up your account with this PIN\?/);
    const { answer } = await edited(message, '/topup 10000000011234');
    expect(answer).toMatch(/Top up your account with this PIN\?/);
    expect(stack.sandbox.stats().received.topup ?? 0).toBe(0);
  });
});

describe('a never-retry command from an edit asks for a fresh confirmation', () => {
  it('a /balance edited into /call (which asks nothing when typed): asks first, rings nobody until confirmed', async () => {
    const { message } = await said('/balance');
    const { answer } = await edited(message, '/call +49 30 1234567 +49 176 1234567');
    expect(answer).toMatch(/You edited an earlier message into \/call/);
    expect(stack.sandbox.stats().received['webcallback.trycallback'] ?? 0).toBe(0);
    // Confirmed, it runs as edited: once.
    const prompt = h.telegram.botMessages(alice.id).at(-1)!;
    const keyboard = prompt.reply_markup as { inline_keyboard: { callback_data: string }[][] };
    const mark = h.telegram.mark();
    h.telegram.press(alice, prompt, keyboard.inline_keyboard[0]![0]!.callback_data);
    await h.telegram.waitForCall(
      ['editMessageText', 'sendMessage'],
      (c) => /\+491761234567/.test(String(c.payload.text)),
      { after: mark },
    );
    expect(stack.sandbox.stats().received['webcallback.trycallback']).toBe(1);
  });
});

describe('an edit is not run when the original changed something', () => {
  it('a /limit set (a write that succeeded), edited: not run, and says so', async () => {
    const { message } = await said('/limit daily 5');
    const { answer } = await edited(message, '/limit daily 6');
    expect(answer).toMatch(ALREADY);
    expect(await dailyLimits()).toEqual([5]);
  });

  it('a read edited into a write (run), edited again: the second edit is not run, the write having happened', async () => {
    const { message } = await said('/balance');
    expect((await edited(message, '/limit daily 5')).answer).not.toMatch(ALREADY);
    expect((await edited(message, '/limit daily 6')).answer).toMatch(ALREADY);
    expect(await dailyLimits()).toEqual([5]);
  });

  it('a /call whose outcome is unknown (the phone may ring; an error-toned answer): the edit does not ring again', async () => {
    stack.sandbox.setFaults({ routes: { trycallback: { dropProbability: 1 } } });
    const { message, answer: unknown } = await said('/call +49 30 1234567 +49 176 1234567');
    expect(unknown).toMatch(/do not know whether the call/);
    stack.sandbox.setFaults({});
    const { answer } = await edited(message, '/call +49 30 1234567 +49 176 7654321');
    expect(answer).toMatch(ALREADY);
    expect(stack.sandbox.stats().received['webcallback.trycallback']).toBe(1);
  });

  it('a /limit shown (a setting sent bare only reads), edited into a change: runs', async () => {
    const { message } = await said('/limit');
    const { answer } = await edited(message, '/limit daily 5');
    expect(answer).not.toMatch(ALREADY);
    expect(await dailyLimits()).toEqual([5]);
  });
});
