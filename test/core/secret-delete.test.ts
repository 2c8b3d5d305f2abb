import { afterEach, describe, expect, it } from 'vitest';
import { TELEGRAM_CAN } from '../../src/adapters/telegram/deliver.js';
import type { Identity } from '../../src/core/identity.js';
import { alice, type CoreHarness, startCore } from './core-harness.js';

/**
 * The delete-after time of secrets is the core's rule, configured once (SECRET_DELETE_MINUTES).
 * Only Telegram's adapter deletes messages, so only there is a deletion promised.
 */
let h: CoreHarness;
afterEach(async () => {
  await h.close();
});

const telegramUser: Identity = { platform: 'telegram', tenant: '', user: '1001' };
// What Telegram's adapter declares (TELEGRAM_CAN): the core promises a deletion only where the channel says it deletes.
const telegram = { as: telegramUser, can: TELEGRAM_CAN };

describe('secrets are deleted after a configurable time', () => {
  it('defaults to 10 minutes, as spoilers, only on the secret reply', async () => {
    h = await startCore();
    await h.stack.linkDemo(telegramUser);
    const { replies } = await h.send('/lines', telegram);
    const [table, secret] = replies;
    expect(table?.deleteAfterMs).toBeUndefined();
    expect(secret?.deleteAfterMs).toBe(10 * 60_000);
    expect(secret?.fields?.every((f) => f.spoiler)).toBe(true);
    expect(secret?.text).toBe('I delete this message in 10 minutes.');
  });

  it('SECRET_DELETE_MINUTES changes it', async () => {
    h = await startCore({ env: { SECRET_DELETE_MINUTES: '3' } });
    await h.stack.linkDemo(telegramUser);
    const { replies } = await h.send('/card show +4917012345678', telegram);
    const secret = replies.find((r) => r.visibility === 'secret');
    expect(secret?.deleteAfterMs).toBe(3 * 60_000);
    expect(secret?.text).toBe('I delete this message in 3 minutes.');
  });

  it.each([
    ['the console', alice],
    ['Slack', { platform: 'slack', tenant: 'T1', user: 'U1' } as Identity],
  ])('on %s, which cannot delete, a secret is a spoiler and no deletion is promised', async (_, who) => {
    h = await startCore();
    await h.stack.linkDemo(who);
    const { replies, text } = await h.send('/lines', { as: who });
    const secret = replies.find((r) => r.visibility === 'secret');
    expect(secret?.fields?.every((f) => f.spoiler)).toBe(true);
    expect(secret?.deleteAfterMs).toBeUndefined();
    expect(text).not.toMatch(/delete this message/);
  });
});
