import { afterEach, describe, expect, it } from 'vitest';
import { createProactive } from '../../../src/core/proactive/proactive.js';
import { createRecordingNotifier } from '../../helpers/recording-notifier.js';
import { seedWithCalls } from '../../helpers/seed-with-calls.js';
import { createTestStack } from '../../helpers/stack.js';
import { textOf } from '../core-harness.js';
import { type GuardHarness, money, startGuard } from './guard-harness.js';

/**
 * `/limit` (docs/money-guard.md §1, §2): spend from the call records in the user's zone, alerts at 50, 80
 * and 100 % once per crossing and again next period, and the bot refusing the calls it would start.
 * Every figure is the sandbox ledger's.
 */
describe('spend limits', () => {
  let h: GuardHarness;
  afterEach(async () => {
    await h?.close();
  });

  /** A call the bot starts and stops `minutes` later: the sandbox bills it into its ledger. */
  async function call(b: string, minutes: number) {
    expect(await h.send(`/call +4930111222 ${b}`)).toMatch(/Calling/i);
    h.clock.advance(minutes * 60_000 - 1000);
    expect(await h.send('/hangup')).toMatch(/stopped|ended|hung/i);
  }

  it('shows today’s and this month’s spend in the user’s zone, as the ledger has it', async () => {
    // 23:30 UTC on the 10th is already the 11th in Berlin: the 10th's call is yesterday there.
    h = await startGuard('console', '2026-11-10T23:30:00Z');
    await h.stack.linkDemo({ platform: 'console', tenant: '', user: 'alice' });
    await h.send('/timezone Europe/Berlin');
    const set = await h.send('/limit monthly 50');
    const month = h.ledgerSpend('demo', 'Europe/Berlin', 'month');
    expect(month.minor).toBeGreaterThan(0);
    expect(set).toContain('Monthly limit set to €50.00');
    expect(set).toContain(`Monthly limit: ${money(month)} of €50.00`);
    expect(set).toMatch(/cannot stop calls made outside the bot/);
    await h.send('/limit daily 5');
    const shown = await h.send('/limit');
    const today = h.ledgerSpend('demo', 'Europe/Berlin', 'day');
    expect(today.minor).toBe(0);
    expect(shown).toContain(`Daily limit: ${money(today)} of €5.00 (0 %)`);
    // In UTC the 10th's call is today.
    await h.send('/timezone UTC');
    await h.send('/limit daily 5');
    const utcToday = h.ledgerSpend('demo', 'UTC', 'day');
    expect(utcToday.minor).toBeGreaterThan(0);
    expect(await h.send('/limit')).toContain(`Daily limit: ${money(utcToday)} of €5.00`);
  });

  it('alerts at 50, 80 and 100 % once per crossing, re-armed the next day, and refuses /call at the limit', async () => {
    h = await startGuard('console', '2026-11-20T08:00:00Z');
    await h.stack.linkDemo({ platform: 'console', tenant: '', user: 'alice' });
    // Germany Mobile, €0.089 a started minute: 5 minutes €0.445, the daily limit €1.00.
    await h.send('/limit daily 1.00');
    expect((await h.stack.proactive.sweepLimits()).alerted).toBe(0);
    await call('+4917612345678', 6);
    const sweep = await h.stack.proactive.sweepLimits();
    const spent = h.ledgerSpend('demo', 'UTC', 'day');
    expect(spent).toEqual({ minor: 5340, scale: 4, currency: 'EUR' });
    expect(sweep.alerted).toBe(1);
    const first = h.notifier.sent.at(-1)!.reply;
    expect(first.title).toBe('Spend at 50 % of the limit');
    expect(first.text).toContain(`daily limit spend is ${money(spent)} of €1.00 (53 %)`);
    expect((await h.stack.proactive.sweepLimits()).alerted, 'once per crossing').toBe(0);
    await call('+4917612345678', 3);
    expect((await h.stack.proactive.sweepLimits()).alerted).toBe(1);
    expect(h.notifier.sent.at(-1)!.reply.title).toBe('Spend at 80 % of the limit');
    await call('+4917612345678', 3);
    expect((await h.stack.proactive.sweepLimits()).alerted).toBe(1);
    const full = h.notifier.sent.at(-1)!.reply;
    const total = h.ledgerSpend('demo', 'UTC', 'day');
    expect(full.title).toBe('Spend at 100 % of the limit');
    expect(full.text).toContain(money(total));
    expect(full.text).toMatch(/refuses new calls/);
    expect(h.notifier.sent).toHaveLength(3);
    // At the limit the bot starts no call: nothing reaches the provider.
    const before = h.stack.sandbox.stats().received['webcallback.trycallback'] ?? 0;
    const refused = await h.send('/call +4930111222 +4930555666');
    expect(refused).toContain(`daily limit of €1.00 is reached (${money(total)} spent)`);
    expect(h.stack.sandbox.stats().received['webcallback.trycallback'] ?? 0).toBe(before);
    // The next day starts from nothing: the levels re-arm.
    h.clock.set('2026-11-21T08:00:00Z');
    expect((await h.stack.proactive.sweepLimits()).alerted).toBe(0);
    await call('+4917612345678', 6);
    expect((await h.stack.proactive.sweepLimits()).alerted).toBe(1);
    expect(h.notifier.sent.at(-1)!.reply.title).toBe('Spend at 50 % of the limit');
  });

  it('two instances sweeping at once alert once per crossing', async () => {
    h = await startGuard('console', '2026-11-20T08:00:00Z');
    await h.stack.linkDemo({ platform: 'console', tenant: '', user: 'alice' });
    const other = createProactive({
      stores: h.stack.stores,
      clientFactory: h.stack.clientFactory,
      clock: h.clock.now,
    });
    const otherNotifier = createRecordingNotifier('console');
    other.attach(otherNotifier);
    await h.send('/limit daily 1.00');
    await call('+4917612345678', 6);
    const [a, b] = await Promise.all([h.stack.proactive.sweepLimits(), other.sweepLimits()]);
    expect(a.alerted + b.alerted).toBe(1);
    expect(h.notifier.sent.length + otherNotifier.sent.length).toBe(1);
  });

  it('a price ceiling refuses a call above it before anything is sent, naming rate and ceiling', async () => {
    h = await startGuard('console', '2026-11-20T08:00:00Z');
    await h.stack.linkDemo({ platform: 'console', tenant: '', user: 'alice' });
    expect(await h.send('/limit price 0.05')).toContain('Price ceiling set to €0.05 per minute');
    const refused = await h.send('/call +4930111222 +4917612345678');
    expect(refused).toContain('Germany Mobile costs €0.089 per minute, above the price ceiling of €0.05');
    expect(h.stack.sandbox.stats().received['webcallback.trycallback'] ?? 0).toBe(0);
    expect(await h.send('/call +4930111222 +4930555666')).toMatch(/Calling/i);
    expect(h.stack.sandbox.stats().received['webcallback.trycallback']).toBe(1);
    expect(await h.send('/limit off')).toMatch(/switched off/);
    expect(await h.send('/limit')).toMatch(/No spend limit/);
  });

  it('bad input names the fix and sends nothing; German words', async () => {
    h = await startGuard('console', '2026-11-20T08:00:00Z');
    await h.stack.linkDemo({ platform: 'console', tenant: '', user: 'alice' });
    expect(await h.send('/limit weekly 5')).toMatch(
      /Say daily, monthly or price and an amount, e\.g\. \/limit daily 5\.00/,
    );
    expect(await h.send('/limit daily 1.234')).toMatch(/\/limit daily 5\.00/);
    expect(h.stack.sandbox.stats().received.cdrs ?? 0).toBe(0);
    await h.send('/language de');
    expect(await h.send('/limit daily 2,50')).toMatch(/Tageslimit auf 2,50\s€ gesetzt/);
  });

  it('says "at least" when the period holds more records than one read returns', async () => {
    // 1,200 calls on the 20th, read at its end: one read (up to 1,000 records) cannot hold them all.
    // A fixed clock: with calls around the real now, the read's day bound made this depend on the hour.
    const now = new Date('2026-11-20T23:00:00Z');
    const first = Date.parse('2026-11-20T01:00:00Z');
    const stack = await createTestStack({ clock: () => now, sandbox: { data: seedWithCalls(1200, first) } });
    try {
      const identity = { platform: 'console' as const, tenant: '', user: 'alice' };
      const chat = { id: 'dm', kind: 'private' as const };
      await stack.linkDemo(identity);
      const say = async (text: string) => textOf(await stack.core.handleText({ identity, chat, text }));
      expect(await say('/limit monthly 5000')).toMatch(/Monthly limit: at least €[\d,.]+ of €5,000\.00/);
    } finally {
      await stack.close();
    }
  });
});
