import { describe, expect, it } from 'vitest';
import type { Reply } from '../../../src/core/reply.js';
import type { FakeCore } from '../../helpers/fake-core.js';
import type { FakeCall, FakeTelegram } from '../../helpers/fake-telegram.js';
import { alice, bob, group } from './harness.js';
import { telegramPerTest } from './per-test.js';

/**
 * What each send reports, and what follows from it (docs/reliability.md §2.4): an older
 * Bot API server (404 for the methods it lacks, unknown parameters ignored), 429 on any method, and
 * a 5xx after which nothing is sent again. Real grammY over HTTP against the fake Bot API.
 */

const perTest = telegramPerTest();
let core: FakeCore;

async function start(fake: { older?: boolean } = {}, overrides = {}) {
  const started = await perTest.onFakeCore(fake, overrides);
  core = started.core;
  return started;
}

const TABLE: Reply = {
  title: 'Lines',
  table: { columns: ['Line', 'Number'], rows: [['1', '+49301234567']] },
  visibility: 'personal',
};
const BALANCE: Reply = { text: 'Balance 12,00 EUR', visibility: 'personal', audience: 'actor' };

const to = (chatId: number) => (c: FakeCall) => Number(c.payload.chat_id) === chatId;
const texts = (fake: FakeTelegram, chatId: number) =>
  fake
    .messages(chatId)
    .filter((m) => !m.deleted)
    .map((m) => m.text ?? '');

describe('an older Bot API server (404 for sendRichMessage and the ephemeral methods)', () => {
  it('a table command still gets its answer, as text, when sendRichMessage answers 404', async () => {
    const { telegram } = await start({ older: true });
    core.onText = () => [{ ...TABLE, audience: 'chat' }];
    telegram.message(alice, '/lines');
    const text = await telegram.waitForCall('sendMessage', to(alice.id));
    expect(String(text.payload.text)).toContain('+49301234567');
    expect(telegram.callsOf('sendRichMessage').map((c) => c.response.error_code)).toEqual([404]);
  });

  it('a personal answer asked in a group never reaches the group: it goes privately, with a note', async () => {
    const { telegram } = await start({ older: true });
    core.onText = () => [BALANCE];
    telegram.message(alice, '/balance', group);
    await telegram.waitForCall('sendMessage', to(alice.id));
    await telegram.waitForCall('sendMessage', to(group.id));
    expect(texts(telegram, alice.id)).toEqual(['Balance 12,00 EUR']);
    // The group sees the question and a note that the answer went privately, never the balance.
    expect(texts(telegram, group.id).some((t) => t.includes('12,00'))).toBe(false);
    expect(texts(telegram, group.id).join('\n')).toMatch(/private chat/);
  });

  it('learns at start that the server has no ephemeral messages (probe answered 404) and keeps them off', async () => {
    const { telegram } = await start({ older: true });
    const probe = telegram.callsOf('editEphemeralMessageText');
    expect(probe.map((c) => c.response.error_code)).toEqual([404]);
    core.onText = () => [BALANCE];
    telegram.message(alice, '/balance', group);
    await telegram.waitForCall('sendMessage', to(group.id));
    // No ephemeral send was even tried.
    expect(telegram.calls.some((c) => c.payload.ephemeral_message_parameters !== undefined)).toBe(false);
  });

  it('TELEGRAM_EPHEMERAL=on on such a server: an answer that comes back for everyone is deleted at once and the capability goes off', async () => {
    const { telegram, h } = await start({ older: true }, { ephemeral: 'on' });
    core.onText = () => [BALANCE];
    telegram.message(alice, '/balance', group);
    const leaked = await telegram.waitForCall(
      'sendMessage',
      (c) => c.payload.ephemeral_message_parameters !== undefined,
    );
    const deleted = await telegram.waitForCall('deleteMessage', to(group.id), { after: leaked.seq });
    expect(deleted.payload.message_id).toBe((leaked.response.result as { message_id: number }).message_id);
    await telegram.waitForCall('sendMessage', to(alice.id), { after: leaked.seq });
    expect(texts(telegram, group.id).some((t) => t.includes('12,00'))).toBe(false);
    expect(h.logs.map((l) => l.msg)).toContain(
      'telegram: an ephemeral message came back for everyone; deleted, ephemeral messages off',
    );
    // The next one is not tried ephemerally at all.
    const mark = telegram.mark();
    telegram.message(alice, '/balance', group);
    await telegram.waitForCall('sendMessage', to(alice.id), { after: mark });
    expect(telegram.calls.slice(mark).some((c) => c.payload.ephemeral_message_parameters !== undefined)).toBe(
      false,
    );
  });

  it('a 10.2 server (probe answered 400) shows personal answers to their asker alone', async () => {
    const { telegram } = await start();
    expect(telegram.callsOf('editEphemeralMessageText').map((c) => c.response.error_code)).toEqual([400]);
    core.onText = () => [BALANCE];
    telegram.message(bob, '/balance', group);
    const one = await telegram.waitForCall('sendMessage', to(group.id));
    expect(one.payload.ephemeral_message_parameters).toEqual({ receiver_user_id: bob.id });
  });

  it('TELEGRAM_EPHEMERAL=off: never tried, no probe', async () => {
    const { telegram } = await start({}, { ephemeral: 'off' });
    expect(telegram.callsOf('editEphemeralMessageText')).toEqual([]);
    core.onText = () => [BALANCE];
    telegram.message(bob, '/balance', group);
    await telegram.waitForCall('sendMessage', to(bob.id));
    expect(telegram.calls.some((c) => c.payload.ephemeral_message_parameters !== undefined)).toBe(false);
  });
});

describe('429 with retry_after is waited out on every method', () => {
  const flood = {
    ok: false as const,
    error_code: 429,
    description: 'Too Many Requests: retry after 1',
    parameters: { retry_after: 1 },
  };

  it.each(['sendRichMessage', 'sendMessage'])('%s: the answer arrives after the wait', async (method) => {
    const { telegram } = await start();
    telegram.failNext(method, 1, flood);
    core.onText = () => [
      method === 'sendMessage' ? { text: 'Balance 12,00 EUR' } : { ...TABLE, audience: 'chat' },
    ];
    telegram.message(alice, '/lines');
    const sent = await telegram.waitForCall(method, (c) => to(alice.id)(c) && c.response.ok);
    expect(sent.method).toBe(method === 'sendMessage' ? 'sendMessage' : 'sendRichMessage');
  });

  it('sendRichMessage shown to one in a group: waited out, still for the asker alone', async () => {
    const { telegram } = await start();
    telegram.failNext('sendRichMessage', 1, flood);
    core.onText = () => [{ ...TABLE, audience: 'actor' }];
    telegram.message(bob, '/lines', group);
    const sent = await telegram.waitForCall('sendRichMessage', (c) => c.response.ok);
    expect(sent.payload.ephemeral_message_parameters).toEqual({ receiver_user_id: bob.id });
    expect(telegram.callsOf('sendRichMessage')).toHaveLength(2);
  });
});

describe('no answer (5xx): the same content is never sent again', () => {
  it('a 500 on sendMessage: one attempt, nothing resent, no failed update', async () => {
    const { telegram, h } = await start();
    telegram.failNext('sendMessage', 1, { ok: false, error_code: 500, description: 'Internal Server Error' });
    core.onText = () => [{ text: 'Balance 12,00 EUR' }];
    telegram.message(alice, '/balance');
    await telegram.waitForCall('sendMessage', to(alice.id));
    // The next update of the chat runs after the first has finished (one chat is in order).
    core.onText = () => [{ text: 'next' }];
    telegram.message(alice, '/help');
    await telegram.waitForCall('sendMessage', (c) => c.payload.text === 'next');
    const balance = telegram.calls.filter((c) => String(c.payload.text).includes('12,00'));
    expect(balance).toHaveLength(1);
    expect(h.logs.map((l) => l.msg)).not.toContain('telegram: update failed');
  });
});
