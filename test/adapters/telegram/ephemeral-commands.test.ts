import { afterEach, describe, expect, it } from 'vitest';
import { type FakeCall, FakeTelegram, SENDS } from '../../helpers/fake-telegram.js';
import { createTestStack, type TestStack } from '../../helpers/stack.js';
import { alice, bob, group, type Harness, startHarness } from './harness.js';

/**
 * Private commands declared as such (Bot API 10.2 `BotCommand.is_ephemeral`, docs/channels.md §1.1):
 * the group menu marks the commands whose answers are personal, from the command table's `output`;
 * such a command typed in a group reaches the bot alone, so a secret in it needs no deletion and
 * the private-only rule does not send it away. An older server ignores the field: the command is
 * an ordinary message again, and its secret is deleted as before (docs/privacy.md §2.2).
 */

let stack: TestStack | undefined;
let h: Harness | undefined;
let telegram: FakeTelegram | undefined;

afterEach(async () => {
  await h?.close();
  await telegram?.close();
  await stack?.close();
  h = telegram = stack = undefined;
});

async function start(older = false) {
  stack = await createTestStack();
  telegram = await FakeTelegram.start({ older });
  h = await startHarness(stack.core, { dedupe: stack.stores.dedupe }, { telegram });
  await stack.linkDemo({ platform: 'telegram', tenant: '', user: String(alice.id) });
  return { telegram, stack };
}

type Menu = { command: string; is_ephemeral?: boolean }[];
const menuOf = (fake: FakeTelegram, scope: string, code?: string): Menu =>
  fake
    .callsOf('setMyCommands')
    .find((c) => (c.payload.scope as { type: string }).type === scope && c.payload.language_code === code)!
    .payload.commands as Menu;

const SERIAL = '4711';
const PIN = '98765432109876';
const after = (mark: number) => (c: FakeCall) => c.seq > mark;

describe('the group menu declares the personal commands ephemeral', () => {
  it('marks balance and card (personal answers), not groupdata (public); the private menu carries no flag', async () => {
    const { telegram } = await start();
    const groupMenu = menuOf(telegram, 'all_group_chats');
    expect(groupMenu.find((c) => c.command === 'balance')?.is_ephemeral).toBe(true);
    expect(groupMenu.find((c) => c.command === 'groupdata')?.is_ephemeral).toBeUndefined();
    expect(menuOf(telegram, 'all_group_chats', 'de').find((c) => c.command === 'balance')?.is_ephemeral).toBe(
      true,
    );
    expect(menuOf(telegram, 'all_private_chats').some((c) => c.is_ephemeral !== undefined)).toBe(false);
    expect(telegram.declared.ephemeralInGroups('balance')).toBe(true);
  });
});

describe('a secret typed with such a command in a group', () => {
  it('reaches the bot alone: no deletion is tried, the group never reads it, and it is not sent away as private-only', async () => {
    const { telegram } = await start();
    const mark = telegram.mark();
    expect(telegram.declared.ephemeralInGroups('card')).toBe(true);
    telegram.command(alice, `/card activate ${SERIAL} ${PIN}`, group);
    await telegram.waitForCall(SENDS, after(mark), { after: mark });
    // The PIN message is seen by Alice and the bot only; Bob reads nothing of it.
    expect(telegram.visibleTo(group.id, bob.id).some((m) => (m.text ?? '').includes(PIN))).toBe(false);
    expect(telegram.visibleTo(group.id, alice.id).some((m) => (m.text ?? '').includes(PIN))).toBe(true);
    expect(telegram.calls.filter((c) => c.seq > mark && c.method === 'deleteMessage')).toEqual([]);
  });

  it('an older server ignores is_ephemeral: the command is an ordinary message, and it is deleted as before', async () => {
    const { telegram } = await start(true);
    expect(telegram.declared.ephemeralInGroups('card')).toBe(false);
    const mark = telegram.mark();
    const update = telegram.command(alice, `/card activate ${SERIAL} ${PIN}`, group);
    const id = (update.message as { message_id: number }).message_id;
    expect(id).toBeGreaterThan(0);
    const deleted = await telegram.waitForCall('deleteMessage', () => true, { after: mark });
    expect(deleted.payload).toEqual({ chat_id: group.id, message_id: id });
  });
});
