import { afterEach, describe, expect, it } from 'vitest';
import { actionOf, type CoreHarness, privateChat, startCore } from './core-harness.js';

/** Provider failures in plain words (docs/reliability.md §3.6), injected with the sandbox faults (provider-notes D9). */

let h: CoreHarness;

afterEach(async () => {
  await h?.close();
});

const confirm = async (line: string) => {
  const { replies } = await h.send(line);
  return h.stack.core.handleAction({
    identity: { platform: 'console', tenant: '', user: 'alice' },
    chat: privateChat,
    actionId: actionOf(replies, 'Confirm'),
  });
};

describe('provider failures', () => {
  it('a top-up without an answer is outcome-unknown, never retried', async () => {
    h = await startCore({ env: { TELEPHONY_TIMEOUT_MS: '1000' } });
    h.stack.sandbox.setFaults({ routes: { topup: { latencyMs: 3000 } } });
    const outcome = await confirm('/topup 1000000001');
    expect(outcome.update?.text).toBe(
      'The provider did not answer, so I do not know whether it happened; I did not retry. Check /balance before trying again.',
    );
    expect(h.stack.sandbox.stats().handled.topup).toBe(1);
    expect(h.stack.sandbox.stats().received.topup).toBe(1);
    // It did go through: that is why the message sends the user to /balance.
    expect(h.stack.sandbox.state.balance('demo')!.minor).toBe(284_000);
  });

  it('a call start without an answer is outcome-unknown too', async () => {
    h = await startCore({ env: { TELEPHONY_TIMEOUT_MS: '1000' } });
    h.stack.sandbox.setFaults({ routes: { trycallback: { latencyMs: 3000 } } });
    const { text } = await h.send('/call +49 30 1234567 +49 176 1234567');
    expect(text).toBe(
      'The provider did not answer, so I do not know whether the call to +491761234567 started; I did not retry. If a phone rings, /hangup tries to stop it; /cdrs shows the call once it ended.',
    );
    expect(h.stack.sandbox.stats().received['webcallback.trycallback']).toBe(1);
  });

  it('a passing 5xx on a balance read is retried and answered normally', async () => {
    h = await startCore();
    h.stack.sandbox.setFaults({ routes: { account: { serverErrorProbability: 1, times: 1 } } });
    const { text } = await h.send('/balance');
    expect(text).toContain('€18.40');
    expect(h.stack.sandbox.stats().received.account).toBe(2);
    expect(h.stack.sandbox.stats().handled.account).toBe(1);
  });

  it('a lasting 5xx on a balance read is answered in plain words', async () => {
    h = await startCore();
    h.stack.sandbox.setFaults({ routes: { account: { serverErrorProbability: 1, faultBody: 'text' } } });
    const { text, replies } = await h.send('/balance');
    expect(text).toBe(
      'The provider is not answering right now. Nothing was changed; please try again in a moment.',
    );
    expect(replies[0]?.tone).toBe('error');
    expect(h.stack.sandbox.stats().received.account).toBeGreaterThan(1);
    expect(h.stack.sandbox.stats().handled.account).toBeUndefined();
  });

  it('malformed JSON is answered in plain words', async () => {
    h = await startCore();
    h.stack.sandbox.setFaults({ routes: { rates: { malformedJsonProbability: 1 } } });
    const { text } = await h.send('/rate +49 30 1234567');
    // The client reads a cut-off body as a broken answer in transit (a read: retried, then given up).
    expect([
      'The provider sent an answer I cannot read. Please try again later; if it keeps happening, tell support.',
      'The provider is not answering right now. Nothing was changed; please try again in a moment.',
    ]).toContain(text);
    expect(h.stack.sandbox.stats().handled.rates).toBeGreaterThanOrEqual(1);
  });

  it('malformed JSON after a top-up is outcome-unknown, not "try again"', async () => {
    h = await startCore();
    h.stack.sandbox.setFaults({ routes: { topup: { malformedJsonProbability: 1 } } });
    const outcome = await confirm('/topup 1000000002');
    expect(outcome.update?.text).toMatch(/did not answer|cannot read/);
    expect(outcome.update?.text).not.toContain('Something went wrong');
    expect(h.stack.sandbox.stats().received.topup).toBe(1);
  });

  it('refused credentials ask to link again', async () => {
    h = await startCore({ link: false });
    await h.stack.stores.credentials.set('console::alice', {
      credentials: [
        {
          label: 'x',
          kind: 'account',
          username: 'demo',
          md5: '0'.repeat(32),
          linkedAt: '2026-01-01T00:00:00Z',
        },
      ],
      active: 'x',
    });
    const { text } = await h.send('/balance');
    expect(text).toBe(
      'The provider refused the stored credentials; the password may have changed. Link the account again with /link.',
    );
  });
});
