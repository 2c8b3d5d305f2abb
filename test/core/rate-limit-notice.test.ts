import { afterEach, expect, it } from 'vitest';
import { type CoreHarness, startCore } from './core-harness.js';

/** Over the rate limit, the user is told once per window, not once per message (docs/architecture.md §8.3.3). */
let h: CoreHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

it('says "slow down" once per window; the lines after it in that window get no answer', async () => {
  h = await startCore({ env: { RATE_LIMIT_PER_MINUTE: '3' } });
  const texts: string[] = [];
  for (let i = 0; i < 10; i++) texts.push((await h.send('/help')).text);
  const notices = texts.filter((t) => /too many|slow down|wait/i.test(t));
  expect(texts.slice(0, 3).every((t) => t.length > 0)).toBe(true);
  expect(notices).toHaveLength(1);
  expect(texts.slice(4).every((t) => t === '')).toBe(true);
});

it('a silenced line that held a secret is still deleted', async () => {
  h = await startCore({ env: { RATE_LIMIT_PER_MINUTE: '1' } });
  await h.send('/help');
  await h.send('/help');
  const { replies } = await h.send('/topup 1234567890');
  expect(replies.some((r) => r.deleteIncoming)).toBe(true);
});
