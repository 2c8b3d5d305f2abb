import { afterEach, describe, expect, it } from 'vitest';
import { type GuardHarness, startGuard } from './guard-harness.js';

/**
 * A spend limit holds under races (docs/money-guard.md §1.5): a `/call` reserves `rate × allowed minutes` in one
 * step per account, so three `/call`s sent at once (they all read the spend before any of them is
 * placed) cannot together pass the limit; the bot cuts the call it started when its allowed time
 * runs out, and the call's record, once in, counts once: never beside its own reservation.
 */
describe('a spend limit under races', () => {
  let h: GuardHarness;
  afterEach(async () => {
    await h?.close();
  });
  const calls = () => h.stack.sandbox.stats().handled['webcallback.trycallback'] ?? 0;
  const alice = { platform: 'console' as const, tenant: '', user: 'alice' };

  it('three /call at once on a €0.05 daily limit: one is placed for 3 minutes, the others refused; the bot cuts it in time', async () => {
    h = await startGuard('console', '2026-11-20T08:00:00Z');
    await h.stack.linkDemo(alice);
    // Berlin, €0.015 a started minute: €0.05 allows 3 minutes (€0.045); what is left is less than one.
    await h.send('/limit daily 0.05');
    const answers = await Promise.all([1, 2, 3].map(() => h.send('/call +4930111222 +4930555666')));
    expect(answers.filter((a) => /^Calling/.test(a))).toHaveLength(1);
    expect(calls()).toBe(1);
    const refused = answers.filter((a) => !/^Calling/.test(a));
    expect(refused).toHaveLength(2);
    for (const r of refused) expect(r).toMatch(/less than one minute/);
    expect(answers.find((a) => /^Calling/.test(a))).toMatch(/3 minutes/);
    // Nobody hangs up: the bot's own cut-off job does, before the third minute is over.
    h.clock.advance(60_000);
    expect((await h.stack.proactive.cutOffCalls()).cut).toBe(0);
    h.clock.advance(90_000);
    expect((await h.stack.proactive.cutOffCalls()).cut).toBe(1);
    expect(h.stack.sandbox.stats().activeCalls).toBe(0);
    const spent = h.ledgerSpend('demo', 'UTC', 'day');
    expect(spent.minor).toBeLessThanOrEqual(500);
    expect(spent.minor).toBeGreaterThan(0);
    // Its record is in now: it counts once. €0.10 leaves €0.10 − spent, three minutes more; counted
    // twice (record and reservation) it would leave less than one.
    await h.send('/limit daily 0.10');
    expect(await h.send('/call +4930111222 +4930555666')).toMatch(/^Calling/);
    expect(calls()).toBe(2);
  });

  it('a /call the provider refuses gives its reservation back: the next one is allowed the same minutes', async () => {
    h = await startGuard('console', '2026-11-20T08:00:00Z');
    await h.stack.linkDemo(alice);
    await h.send('/limit daily 0.05');
    // A 429 is a refusal before the provider acted (nothing placed), not an unknown outcome.
    h.stack.sandbox.setFaults({ routes: { trycallback: { tooManyRequestsProbability: 1, times: 1 } } });
    expect(await h.send('/call +4930111222 +4930555666')).toMatch(/busy/);
    expect(calls()).toBe(0);
    expect(await h.send('/call +4930111222 +4930555666')).toMatch(/^Calling[\s\S]*3 minutes/);
    expect(calls()).toBe(1);
  });
});
