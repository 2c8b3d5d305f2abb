import { afterEach, describe, expect, it } from 'vitest';
import type { Conversation } from '../../src/core/ports/channel.js';
import type { PlacedOutcome } from '../../src/core/reply.js';
import { alice, type CoreHarness, privateChat, startCore } from './core-harness.js';

/**
 * What a decision did (`PlacedOutcome.changedState`, src/core/dispatch/changed-state.ts,
 * docs/privacy.md §2.2), as a channel sees it through the door: from what ran, never from the
 * words of the answer. The real core over the sandbox.
 */
let h: CoreHarness;

afterEach(async () => {
  await h?.close();
});

const quiet: Conversation = {
  platform: 'console',
  can: {} as Conversation['can'],
  kind: 'private',
  post: async () => undefined,
  showToActor: async () => false,
  postPrivately: async () => undefined,
  editPressed: async () => false,
  deleteIncoming: async () => true,
  upload: async () => undefined,
};

/** The decision of one typed line, as the door hands it to the channel's `meanwhile`. */
async function decided(text: string, chat = privateChat): Promise<PlacedOutcome | undefined> {
  const door = h.stack.core.register({
    name: 'test',
    logger: { debug() {}, info() {}, warn() {}, error() {} },
  });
  let decision: Promise<unknown> | undefined;
  await door.receive({
    conversation: quiet,
    enrich: async () => ({ text: { identity: alice, chat, text } }),
    meanwhile: (work) => {
      decision = work;
    },
  });
  return (await decision) as PlacedOutcome | undefined;
}

describe('changedState', () => {
  it('is false for a read, a parse failure, a refusal by a step, a question and a confirm prompt', async () => {
    h = await startCore();
    for (const line of [
      '/balance',
      '/topup 12',
      '/groupdata on',
      '/topup',
      '/topup 12345678901234',
      '/limit',
    ])
      expect([line, (await decided(line))?.changedState]).toEqual([line, false]);
  });

  it('is true for a write that ran, and for one whose outcome is unknown (answered in error words)', async () => {
    h = await startCore();
    expect((await decided('/limit daily 5'))?.changedState).toBe(true);
    h.stack.sandbox.setFaults({ routes: { trycallback: { dropProbability: 1 } } });
    const unknown = await decided('/call +49 30 1234567 +49 176 1234567');
    expect(unknown?.followUps?.[0]?.tone).toBe('error');
    expect(unknown?.changedState).toBe(true);
  });
});
