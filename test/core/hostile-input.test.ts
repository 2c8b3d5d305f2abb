import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CoreHarness, startCore } from './core-harness.js';

/**
 * docs/reliability.md §4.1 through the core: a username that cannot travel in an HTTP header is refused at /link
 * with a fix in plain words, and free text with control characters never reaches the provider.
 */

let h: CoreHarness;
beforeAll(async () => {
  h = await startCore();
});
afterAll(() => h.close());

const received = () => Object.values(h.stack.sandbox.stats().received).reduce((a, b) => a + b, 0);

describe('/link with a username that cannot be sent', () => {
  it.each(['dım', 'ბ', 'al\u0007ice'])(
    '/link %j names the fix with an example and calls nothing',
    async (name) => {
      const before = received();
      const { text, replies } = await h.send(`/link ${name}`);
      expect(text).toContain('A username has only unaccented letters, digits and signs such as . _ @ -');
      expect(text).toContain('e.g. alice.smith');
      expect(replies[0]?.tone).toBe('error');
      expect(received()).toBe(before);
    },
  );

  it('typed at the username step, it is refused and the username is asked again', async () => {
    const before = received();
    expect((await h.send('/link')).text).toMatch(/username/i);
    const refused = await h.send('dım');
    expect(refused.text).toContain('e.g. alice.smith');
    expect(refused.replies[0]?.tone).toBe('error');
    const next = await h.send('demo');
    expect(next.text).toContain('demo');
    expect(next.text).toMatch(/password/i);
    await h.send('/cancel');
    expect(received()).toBe(before);
  });
});

describe('free text with control characters', () => {
  it('/card create with an escape sequence in the customer name is refused, nothing sent', async () => {
    const before = received();
    const { text, replies } = await h.send('/card create +4917099887767 5 \u0000\u0007\u001b[31m evil');
    expect(text).toContain('The customer name has control characters; use plain text, e.g. Anna Schmidt');
    expect(replies[0]?.tone).toBe('error');
    expect(received()).toBe(before);
  });

  it('/card create with an over-long customer name is refused rather than cut, nothing sent', async () => {
    const before = received();
    const { text } = await h.send(`/card create +4917099887767 5 ${'Name '.repeat(30)}`);
    expect(text).toContain('The customer name has at most 100 characters');
    expect(received()).toBe(before);
  });
});
