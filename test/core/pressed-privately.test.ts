import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedWithCalls } from '../helpers/seed-with-calls.js';
import { actionOf, alice, type CoreHarness, group, startCore } from './core-harness.js';

/**
 * A button on a message only its presser sees (an ephemeral message in a shared chat): the page or
 * screen placed for them alone replaces that message; on a message the chat sees, it follows
 * apart and the chat's message stays as it was.
 */
let h: CoreHarness;

beforeEach(async () => {
  h = await startCore({ sandbox: { data: seedWithCalls(45) } });
});

afterEach(async () => {
  await h.close();
});

const turn = (actionId: string, pressedPrivately?: boolean) =>
  h.stack.core.handleAction({
    identity: alice,
    chat: group,
    actionId,
    ...(pressedPrivately !== undefined ? { pressedPrivately } : {}),
  });

describe('a page turned in a shared chat', () => {
  it('replaces the pressed message when only the presser sees it', async () => {
    const { replies } = await h.send('/cdrs 7d today 500', { chat: group });
    expect(replies[0]?.audience).toBe('actor');
    const outcome = await turn(actionOf(replies, '▶'), true);
    expect(outcome.update?.audience).toBe('actor');
    expect(outcome.update?.table?.caption).toBe('Times in UTC. Page 2 of 3');
    expect(outcome.followUps ?? []).toEqual([]);
  });

  it("leaves the chat's message as it was, and sends the page apart, when the chat sees that message", async () => {
    const { replies } = await h.send('/cdrs 7d today 500', { chat: group });
    const outcome = await turn(actionOf(replies, '▶'));
    expect(outcome.update).toBeUndefined();
    expect(outcome.followUps?.[0]?.table?.caption).toBe('Times in UTC. Page 2 of 3');
  });
});
