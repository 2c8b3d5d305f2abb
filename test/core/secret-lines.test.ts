import { afterEach, describe, expect, it } from 'vitest';
import type { Reply } from '../../src/core/reply.js';
import { type CoreHarness, startCore } from './core-harness.js';

/**
 * docs/privacy.md §2.2: the message holding the password (the /link conversation) or a PIN is deleted
 * on every path, not only on success and a wrong password: a provider failure, a timeout, a bug,
 * and a line refused by the rate limit before it was read. The core decides (`deleteIncoming` on
 * the first reply); the adapters' suites check that they obey it.
 */
let h: CoreHarness;
afterEach(async () => {
  await h?.close();
});

const deletes = (replies: Reply[]) => replies[0]?.deleteIncoming === true;

async function passwordAnswer(password = 'demo'): Promise<Reply[]> {
  const asked = await h.send('/link demo');
  expect(asked.text).toMatch(/password/i);
  return (await h.send(password)).replies;
}

describe('secret-bearing lines are deleted on every path', () => {
  it('success and a wrong password (as before)', async () => {
    h = await startCore({ link: false });
    expect(deletes(await passwordAnswer('demo'))).toBe(true);
    expect(deletes(await passwordAnswer('wrong'))).toBe(true);
  });

  it('a provider failure (5xx that lasts)', async () => {
    h = await startCore({ link: false });
    h.stack.sandbox.setFaults({ global: { serverErrorProbability: 1 } });
    const replies = await passwordAnswer();
    expect(deletes(replies)).toBe(true);
    expect(replies.map((r) => r.text).join('\n')).toMatch(/not answering/);
  });

  it('a timeout', async () => {
    h = await startCore({ link: false, env: { TELEPHONY_TIMEOUT_MS: '500' } });
    h.stack.sandbox.setFaults({ global: { latencyMs: 2000 } });
    const replies = await passwordAnswer();
    expect(deletes(replies)).toBe(true);
  });

  it('an unexpected failure (a bug on our side)', async () => {
    h = await startCore({ link: false });
    h.stack.stores.credentials.set = async () => {
      throw new Error('disk on fire');
    };
    const replies = await passwordAnswer();
    expect(deletes(replies)).toBe(true);
    expect(replies.map((r) => r.text).join('\n')).toMatch(/Something went wrong on my side/);
  });

  it('the password, or a /topup PIN, sent while over the rate limit', async () => {
    h = await startCore({ link: false, env: { RATE_LIMIT_PER_MINUTE: '1' } });
    await h.send('/link demo');
    const limited = (await h.send('demo')).replies;
    expect(limited[0]?.text).toMatch(/faster than I can take them/);
    expect(deletes(limited)).toBe(true);
    const pin = (await h.send('/topup 1000000001')).replies;
    expect(deletes(pin)).toBe(true);
    // An ordinary command over the limit is not deleted.
    expect(deletes((await h.send('/balance')).replies)).toBe(false);
  });
});
