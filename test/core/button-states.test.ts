import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PRIVATE_CHAT } from '../../src/core/delivery/capabilities.js';
import { en } from '../../src/core/messages.js';
import { createMemoryKeyValueStore } from '../../src/store/memory-key-value-store.js';
import { actionOf, alice, type CoreHarness, group, privateChat, startCore } from './core-harness.js';

/**
 * What a button says once it can no longer do what it says (docs/interface.md §2.3): each state in
 * its own words, from one function (menu/button-state.ts), at once, and never by destroying the
 * message it sits on.
 */
let h: CoreHarness;
let now: number;

beforeEach(async () => {
  now = Date.now();
  h = await startCore({ clock: () => new Date(now) });
});

afterEach(async () => {
  await h.close();
});

const press = (actionId: string, chat = privateChat) =>
  h.stack.core.handleAction({ identity: alice, chat, actionId });

describe('button states', () => {
  it('a second press on Confirm while the first runs says it is running, and runs nothing twice', async () => {
    // The interleaving is forced: the second press comes, and is answered, right after the first
    // took the confirmation (it deletes the pending action) and before it goes on to run.
    const kv = createMemoryKeyValueStore();
    let during: (() => Promise<void>) | undefined;
    const hooked = {
      ...kv,
      async delete(key: string) {
        const done = await kv.delete(key);
        const then = during;
        during = undefined;
        await then?.();
        return done;
      },
    };
    await h.close();
    h = await startCore({ clock: () => new Date(now), kv: hooked });
    const { replies } = await h.send('/topup 1000000005');
    const id = actionOf(replies, 'Confirm');
    let second: Awaited<ReturnType<typeof press>> | undefined;
    during = async () => {
      second = await press(id);
    };
    const first = await press(id);
    expect(first.update?.text).toBe('Topped up.');
    expect(second?.notice).toBe(en.buttonRunning);
    expect(h.stack.sandbox.stats().received.topup).toBe(1);
  });

  it('/cancel with a live confirmation cancels it: its Confirm no longer works', async () => {
    const { replies } = await h.send('/card block +4917012345678');
    const { text } = await h.send('/cancel');
    expect(text).toBe(en.confirmCancelled);
    const late = await press(actionOf(replies, 'Confirm'));
    expect(late.notice).toContain('expired or was already used');
    expect(h.stack.sandbox.state.card('4917012345678')?.state).toBe('active');
    expect((await h.send('/cancel')).text).toBe(en.cancelNothing);
  });

  it('a week-old Hang up answers without replacing the call card', async () => {
    const { replies } = await h.send('/call +49 30 1234567 +49 176 1234567');
    const hangup = actionOf(replies, 'Hang up');
    now += 7 * 24 * 3_600_000;
    const outcome = await press(hangup);
    expect(outcome.notice).toBe(en.buttonExpired);
    expect(outcome.update).toBeUndefined();
  });

  it('an expired confirmation says expired, on its own message', async () => {
    const { replies } = await h.send('/topup 1000000006');
    now += 60 * 60_000;
    const outcome = await press(actionOf(replies, 'Confirm'));
    expect(outcome.notice).toBe(en.confirmExpired);
    expect(outcome.update?.text).toBe(en.confirmExpired);
  });
});

describe('a confirmation’s outcome in a group', () => {
  it('says where the result went: shown to the presser alone here, not "sent privately"', async () => {
    const replies = await h.stack.core.handleText({
      identity: alice,
      chat: group,
      text: '/topup 1000000003',
      // A Slack slash command: its text reaches the bot alone.
      inputIsPrivate: true,
    });
    const outcome = await h.stack.core.handleAction({
      identity: alice,
      chat: group,
      actionId: actionOf(replies, 'Confirm'),
      can: {
        showToOne: true,
        deleteIncoming: false,
        deleteLater: false,
        secretForm: false,
        hiddenInput: false,
        edit: true,
        privateWords: PRIVATE_CHAT,
      },
    });
    expect(outcome.update?.text).toBe(en.confirmDoneShownToYou);
  });
});
