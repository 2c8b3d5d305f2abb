import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { en } from '../../src/core/messages.js';
import { type CoreHarness, startCore } from './core-harness.js';

/**
 * `/use` with a label `/accounts` lists (docs/accounts.md §1.1): a card (PIN-creation) login is
 * listed too, so naming it is no "unknown account": the answer says what it is for and which labels
 * `/use` takes.
 */
let h: CoreHarness;

beforeEach(async () => {
  h = await startCore();
});

afterEach(async () => {
  await h.close();
});

describe('/use with a card login’s label', () => {
  it('says it is the card login, used by card commands on their own, and names the accounts to pick', async () => {
    expect((await h.send('/accounts')).text).toContain('demo-cards');
    const { text } = await h.send('/use demo-cards');
    expect(text).toBe(en.useCard('demo-cards', 'demo'));
    expect(text).not.toContain('no linked account');
  });
});
