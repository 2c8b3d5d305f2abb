import { afterEach, describe, expect, it } from 'vitest';
import { type CoreHarness, startCore } from './core-harness.js';

/** The delete-after time of secrets is the core's rule, configured once (SECRET_DELETE_MINUTES). */
let h: CoreHarness;
afterEach(async () => {
  await h.close();
});

describe('secrets are deleted after a configurable time', () => {
  it('defaults to 10 minutes, as spoilers, only on the secret reply', async () => {
    h = await startCore();
    const { replies } = await h.send('/lines');
    const [table, secret] = replies;
    expect(table?.deleteAfterMs).toBeUndefined();
    expect(secret?.deleteAfterMs).toBe(10 * 60_000);
    expect(secret?.fields?.every((f) => f.spoiler)).toBe(true);
    expect(secret?.text).toBe('I delete this message in 10 minutes.');
  });

  it('SECRET_DELETE_MINUTES changes it', async () => {
    h = await startCore({ env: { SECRET_DELETE_MINUTES: '3' } });
    const { replies } = await h.send('/card show +4917012345678');
    const secret = replies.find((r) => r.visibility === 'secret');
    expect(secret?.deleteAfterMs).toBe(3 * 60_000);
    expect(secret?.text).toBe('I delete this message in 3 minutes.');
  });
});
