import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bob, type CoreHarness, group, groupAsAdmin, privateChat, startCore } from './core-harness.js';

/** `/groupdata` and `/audit` through the core, in one shared chat. */

let h: CoreHarness;

beforeEach(async () => {
  h = await startCore();
});

afterEach(async () => {
  await h.close();
});

describe('/groupdata', () => {
  it('personal data goes privately until a group admin allows it', async () => {
    const before = await h.send('/balance', { chat: group });
    expect(before.replies[0]?.audience).toBe('actor');
    const on = await h.send('/groupdata on', { chat: groupAsAdmin });
    expect(on.text).toBe('Balance, calls and other personal data may now be shown in this group.');
    const after = await h.send('/balance', { chat: group });
    expect(after.text).toContain('€18.40');
    expect(after.replies[0]?.audience).toBe('chat');
    expect((await h.send('/groupdata off', { chat: groupAsAdmin })).text).toBe(
      'Personal data is now sent privately instead of to this group.',
    );
    expect((await h.send('/balance', { chat: group })).replies[0]?.audience).toBe('actor');
  });

  it('is refused for a non-admin and in a private chat', async () => {
    expect((await h.send('/groupdata on', { chat: group })).text).toBe('Only a group admin can change this.');
    expect((await h.send('/groupdata on')).text).toBe('/groupdata is a group setting; use it in the group.');
    expect((await h.stack.stores.settings.chat('console::g1')).showPersonalData).toBeUndefined();
  });
});

describe('/audit', () => {
  it('lists the audited actions of this chat for an admin', async () => {
    await h.send('/groupdata on', { chat: groupAsAdmin });
    await h.send('/groupdata off', { chat: groupAsAdmin });
    const out = await h.send('/audit 5', { chat: groupAsAdmin });
    expect(out.text).toContain('Audit log');
    expect(out.text).toMatch(/Alice \| groupdata on \| {2}\| done/);
    expect(out.text).toMatch(/Alice \| groupdata off \| {2}\| done/);
  });

  it('shows only this chat, and says when there is nothing', async () => {
    await h.send('/target +49 170 1234567 +43 1 234567');
    expect((await h.send('/audit', { chat: groupAsAdmin })).text).toBe('No audited actions yet.');
  });

  it('is refused for a plain member and in a private chat', async () => {
    await h.stack.linkDemo(bob);
    expect((await h.send('/audit', { as: bob, chat: group })).text).toBe(
      'You are not allowed to run /audit here.',
    );
    expect((await h.send('/audit', { chat: privateChat })).text).toBe(
      'You are not allowed to run /audit here.',
    );
  });
});
