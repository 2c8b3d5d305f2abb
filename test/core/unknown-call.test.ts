import { afterEach, describe, expect, it } from 'vitest';
import { type CoreHarness, startCore } from './core-harness.js';

/**
 * docs/reliability.md §3.5: an unknown outcome keeps a handle. A `/call` whose start got no answer leaves
 * no call id; `/hangup` then still helps: it reads the call records and says whether the call ended,
 * or that it may be ringing and how to end it, instead of "You have no call to stop".
 */
let h: CoreHarness;
afterEach(async () => {
  await h?.close();
});

describe('after an unknown /call, /hangup still has a handle', () => {
  it('says the call may be ringing, then finds it in the records once it ended', async () => {
    h = await startCore({ env: { TELEPHONY_TIMEOUT_MS: '500' } });
    h.stack.sandbox.setFaults({ routes: { trycallback: { latencyMs: 1500 } } });
    const started = await h.send('/call +49 30 1234567 +49 176 1234567');
    expect(started.text).toMatch(/I do not know whether the call to \+491761234567 started/);
    expect(started.text).toMatch(/\/hangup/);
    h.stack.sandbox.clearFaults();
    // The call did start at the provider (its answer came too late): wait for the sandbox to run it.
    while (h.stack.sandbox.state.calls().length === 0) await new Promise((r) => setTimeout(r, 20));
    const active = h.stack.sandbox.state.calls().filter((c) => !c.end);
    expect(active).toHaveLength(1);

    const ringing = await h.send('/hangup');
    expect(ringing.text).toMatch(/may still be ringing/);
    expect(ringing.text).not.toMatch(/You have no call to stop/);

    // It ends (here: stopped from elsewhere); /hangup now finds it in the call records.
    const callId = active[0]!.callId;
    expect((await h.send(`/hangup ${callId}`)).text).toMatch(/The call was stopped/);
    const ended = await h.send('/hangup');
    expect(ended.text).toMatch(/has ended; it is in \/cdrs/);
    // Told once: the handle is cleared.
    expect((await h.send('/hangup')).text).toMatch(/You have no call to stop/);
  });

  it('a call that started is reported as started even when the store fails right after (an outage)', async () => {
    h = await startCore();
    const down = () => {
      throw Object.assign(new Error('store down'), { code: 'ERR_STORE_UNAVAILABLE' });
    };
    h.stack.stores.pending.put = async () => down();
    h.stack.stores.settings.updateUser = async () => down();
    const { text } = await h.send('/call +49 30 1234567 +49 176 1234567');
    // Told "temporarily unavailable, I did not do that", the user would call again: two calls ringing.
    expect(text).toMatch(/Calling \+4930/);
    expect(h.stack.sandbox.state.calls()).toHaveLength(1);
  });

  it('a call that was stopped is reported as stopped even when the store fails right after', async () => {
    h = await startCore();
    await h.send('/call +49 30 1234567 +49 176 1234567');
    h.stack.stores.settings.updateUser = async () => {
      throw Object.assign(new Error('store down'), { code: 'ERR_STORE_UNAVAILABLE' });
    };
    expect((await h.send('/hangup')).text).toMatch(/The call was stopped/);
    expect(h.stack.sandbox.state.calls().filter((c) => !c.end)).toHaveLength(0);
  });
});
