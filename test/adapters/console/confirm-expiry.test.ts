import { afterEach, describe, expect, it } from 'vitest';
import { confirmationLanded } from '../../helpers/confirm-landed.js';
import { type ConsoleHarness, startConsole } from './console-harness.js';

/**
 * The console prints a confirmation's expiry as a line (docs/interface.md §2.6): the update to the
 * message that asked, its prompt, the expiry words and the disabled label, with no number to type.
 */
let h: ConsoleHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('an expired confirmation on the console', () => {
  it('is printed as an update at expiry, once, with the disabled label and nothing to type', async () => {
    let now = Date.parse('2026-01-05T10:00:00Z');
    h = await startConsole({ clock: () => new Date(now) });
    const ask = await h.say('/target +49 170 1234567 +43 1 234567');
    expect(ask).toContain('[1] Confirm');
    await confirmationLanded(h.stack.stores);
    now += 5 * 60_000 + 1;
    expect(await h.stack.proactive.expireConfirmations()).toEqual({ edited: 1 });
    const update = h.transcript().split('(update to message').at(-1) ?? '';
    expect(update).toContain('+491701234567');
    expect(update).toMatch(/expired/i);
    expect(update).toContain('(Expired)');
    expect(update).not.toContain('[1]');
    await h.stack.proactive.expireConfirmations();
    expect(h.transcript().split('(update to message')).toHaveLength(2);
    expect(h.stack.sandbox.stats().handled.store ?? 0).toBe(0);
  });
});
