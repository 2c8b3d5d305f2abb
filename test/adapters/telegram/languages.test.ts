import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { de, en } from '../../../src/core/messages.js';
import type { FakeCall, FakeUser } from '../../helpers/fake-telegram.js';
import { createTestStack, type TestStack } from '../../helpers/stack.js';
import { group, type Harness, startHarness } from './harness.js';

/**
 * docs/language.md §1.3 on Telegram: the command menus per language (setMyCommands with language_code, private
 * and group scopes), a German app gets German replies and German notices from the adapter itself,
 * and `/language` wins over the app's language.
 */

let stack: TestStack;
let h: Harness;

const greta: FakeUser = { id: 3001, first_name: 'Greta', username: 'greta', language_code: 'de' };

beforeEach(async () => {
  stack = await createTestStack();
  h = await startHarness(stack.core, { dedupe: stack.stores.dedupe });
  await stack.linkDemo({ platform: 'telegram', tenant: '', user: String(greta.id) });
});

afterEach(async () => {
  await h.close();
  await stack.close();
});

const inChat = (chatId: number) => (c: FakeCall) => Number(c.payload.chat_id) === chatId;

async function ask(text: string, chatId = greta.id, chat?: typeof group) {
  const mark = h.telegram.mark();
  h.telegram.message(greta, text, chat);
  const call = await h.telegram.waitForCall('sendMessage', inChat(chatId), { after: mark });
  return String(call.payload.text);
}

describe('command menus', () => {
  it('are registered in English and, with language_code de, in German, for private chats and groups', () => {
    const menus = h.telegram.callsOf('setMyCommands');
    const german = menus.filter((c) => c.payload.language_code === 'de');
    expect(german.map((c) => c.payload.scope)).toEqual([
      { type: 'all_private_chats' },
      { type: 'all_group_chats' },
    ]);
    const privateDe = german[0]!.payload.commands as { command: string; description: string }[];
    expect(privateDe).toEqual(stack.core.menu('private', 'de'));
    expect(privateDe.find((c) => c.command === 'balance')?.description).toBe(de.cmd.balance.summary);
    expect(privateDe.find((c) => c.command === 'timezone')?.description).toBe(de.cmd.timezone.summary);
    const privateEn = menus.find((c) => c.payload.language_code === undefined)!.payload.commands as {
      command: string;
      description: string;
    }[];
    expect(privateEn.find((c) => c.command === 'balance')?.description).toBe(en.cmd.balance.summary);
    // Group menus leave out private-only commands (link, topup, lines).
    const groupDe = german[1]!.payload.commands as { command: string }[];
    expect(groupDe.map((c) => c.command)).not.toContain('topup');
    expect(groupDe.map((c) => c.command)).toContain('groupdata');
  });
});

describe('a German app', () => {
  it('gets German replies, German money and a German notice in a group', async () => {
    expect(await ask('/balance')).toMatch(/<b>Guthaben<\/b>[\s\S]*Guthaben: <code>18,40\s€<\/code>/);
    // In a group the balance is Greta's alone; where Telegram refuses to show it to her there (she
    // left), it goes privately, and the adapter's own notice is German too.
    const mark = h.telegram.mark();
    h.telegram.message(greta, '/balance', group);
    h.telegram.leave(group.id, greta.id);
    const notice = await h.telegram.waitForCall('sendMessage', (c) => inChat(group.id)(c) && c.response.ok, {
      after: mark,
    });
    expect(String(notice.payload.text)).toContain('ich habe die Antwort in unseren privaten Chat geschickt.');
  });

  it('/language en wins over the app language, for replies and for the adapter’s notices', async () => {
    expect(await ask('/language en')).toContain('I will speak English with you from now on.');
    expect(await ask('/balance')).toContain('Balance: <code>€18.40</code>');
    const mark = h.telegram.mark();
    h.telegram.message(greta, '/balance', group);
    h.telegram.leave(group.id, greta.id);
    const notice = await h.telegram.waitForCall('sendMessage', (c) => inChat(group.id)(c) && c.response.ok, {
      after: mark,
    });
    expect(String(notice.payload.text)).toContain('I sent the answer to our private chat.');
  });
});
