import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatRef, Identity } from '../../src/core/identity.js';
import { createMemoryKeyValueStore } from '../../src/store/memory-key-value-store.js';
import { createTestStack, type TestStack } from '../helpers/stack.js';
import { textOf } from './core-harness.js';
import { testClock } from './guard/guard-harness.js';

/**
 * docs/reliability.md §5.6, requests from before a detected data loss: after a `FLUSHALL` the claims that kept a
 * redelivered `/call` from running twice are gone, so a never-retry request sent before the loss
 * was found is not carried out (its platform sent time says so), and where the platform gives no
 * sent time, one arriving within the command age limit after the finding is refused; the user is
 * told why and how to check. The loss is forced: every key is deleted, as `FLUSHALL` does.
 */
describe('requests from before a detected data loss', () => {
  let stack: TestStack;
  afterEach(async () => {
    await stack?.close();
  });
  const alice: Identity = { platform: 'telegram', tenant: '', user: '42', displayName: 'Alice' };
  const chat: ChatRef = { id: '42', kind: 'private' };
  const calls = () => stack.sandbox.stats().handled['webcallback.trycallback'] ?? 0;

  async function lostAndRelinked(clock: ReturnType<typeof testClock>): Promise<Date> {
    // A shared store (not single-process), as Redis is: its data marker is watched.
    const kv = { ...createMemoryKeyValueStore(), singleProcess: false };
    stack = await createTestStack({
      kv,
      clock: clock.now,
      sandbox: { clock: clock.now },
      dataCheckEveryMs: 5,
    });
    await stack.linkDemo(alice);
    await vi.waitFor(async () => expect(await kv.get('store-marker')).toBeDefined());
    for await (const key of kv.keys('')) await kv.delete(key);
    await vi.waitFor(() => expect(stack.stores.dataLostAt?.()).toBeDefined());
    await stack.linkDemo(alice);
    return stack.stores.dataLostAt!()!;
  }

  it('a /call sent before the loss was found is not carried out, the user told why and how to check', async () => {
    const clock = testClock('2026-11-20T08:00:00Z');
    const lostAt = await lostAndRelinked(clock);
    clock.advance(2_000);
    const sentAt = new Date(lostAt.getTime() - 1_000);
    const text = '/call +4930111222 +4930555666';
    const refused = textOf(await stack.core.handleText({ identity: alice, chat, text, sentAt }));
    expect(refused).toMatch(/lost its data/);
    expect(refused).toMatch(/\/cdrs/);
    expect(calls()).toBe(0);
    // German words.
    const de = { ...alice, user: '43' };
    await stack.linkDemo(de);
    const german = textOf(
      await stack.core.handleText({
        identity: de,
        chat: { id: '43', kind: 'private' },
        text,
        sentAt,
        locale: 'de',
      }),
    );
    expect(german).toMatch(/Daten verloren/);
    // Sent after the finding: carried out.
    const fresh = textOf(await stack.core.handleText({ identity: alice, chat, text, sentAt: clock.now() }));
    expect(fresh).toMatch(/^Calling/);
    expect(calls()).toBe(1);
  });

  it('without a sent time: refused within the command age limit after the finding, run after it; reads always run', async () => {
    const clock = testClock('2026-11-20T08:00:00Z');
    await lostAndRelinked(clock);
    clock.advance(5_000);
    const text = '/call +4930111222 +4930555666';
    expect(textOf(await stack.core.handleText({ identity: alice, chat, text }))).toMatch(/lost its data/);
    expect(textOf(await stack.core.handleText({ identity: alice, chat, text: '/balance' }))).toMatch(
      /18[.,]40/,
    );
    expect(calls()).toBe(0);
    clock.advance(30_000);
    expect(textOf(await stack.core.handleText({ identity: alice, chat, text }))).toMatch(/^Calling/);
    expect(calls()).toBe(1);
  });
});
