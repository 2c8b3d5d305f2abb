import { afterEach, describe, expect, it } from 'vitest';
import { type CoreHarness, startCore } from './core-harness.js';

/**
 * Fewer calls per command beat any queue (docs/operations.md §7): what `/balance` reads only to
 * label its answer (the account names of spec 4.4) is remembered briefly, so repeated `/balance`
 * costs one provider call each; the balance itself is read every time.
 */
let h: CoreHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('/balance under load', () => {
  it('reads the names once a minute and the balance every time, and shows a balance that changed', async () => {
    h = await startCore();
    const { sandbox } = h.stack;
    sandbox.resetStats();
    for (let i = 0; i < 5; i++) expect((await h.send('/balance')).text).toMatch(/€18\.40/);
    expect(sandbox.stats().received.account).toBe(1);
    expect(sandbox.stats().received.onlinecallthrough).toBe(5);
    await fetch(`${sandbox.adminUrl}/accounts/demo/balance`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ balance: '4,20' }),
    });
    expect((await h.send('/balance')).text).toMatch(/€4\.20/);
  });
});
