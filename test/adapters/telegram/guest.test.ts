import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Identity } from '../../../src/core/identity.js';
import type { FakeCall, FakeTelegram } from '../../helpers/fake-telegram.js';
import { alice, bob } from './harness.js';
import { telegramPerTest } from './per-test.js';

/**
 * Guest mode (docs/channels.md §1.2): `@bot <number>` in a chat the bot is not a member of answers
 * the rate and the number check through the caller's own linked account, by `answerGuestQuery`.
 * Real grammY ↔ the fake Bot API over HTTP, the real core, the real client ↔ the sandbox.
 */

const perTest = telegramPerTest();

/** A chat the bot was never added to. */
const foreign = { id: -5001, type: 'supergroup' as const, title: 'Friends' };
const carol = { id: 1003, first_name: 'Carol', username: 'carol', language_code: 'en' };
const tg = (u: { id: number }): Identity => ({ platform: 'telegram', tenant: '', user: String(u.id) });

async function start(older = false) {
  const { stack, telegram, h } = await perTest.onStack({ telegram: { older } });
  const linked = await stack.core.link({
    identity: tg(bob),
    chat: { id: String(bob.id), kind: 'private' },
    username: 'swiss',
    password: 'swiss',
    kind: 'account',
  });
  expect(linked.tone).not.toBe('error');
  return { telegram, stack, h };
}

/** `from` summons the bot in the foreign chat; resolves with the answer call. */
async function summon(telegram: FakeTelegram, from: typeof alice, text: string) {
  const mark = telegram.mark();
  const update = telegram.guests.summon(telegram, from, text, foreign);
  const call = await telegram.waitForCall('answerGuestQuery', () => true, { after: mark });
  return { update, call, text: plain(call) };
}

const plain = (call: FakeCall) =>
  String(
    (call.payload.result as { input_message_content: { message_text: string } }).input_message_content
      .message_text,
  )
    .replace(/<[^>]+>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

const payloads: string[] = [];

describe('guest mode', () => {
  it('a linked caller gets the rate and the number check with the sandbox figures of their own account', async () => {
    const { telegram } = await start();
    const { update, call, text } = await summon(telegram, alice, '@tel_test_bot +49 30 1234567');
    expect(call.response.ok).toBe(true);
    // demo-data.yaml: 4930 Germany Berlin at 0,0150 EUR a minute; the demo account is in EUR.
    expect(text).toContain('Germany Berlin');
    expect(text).toMatch(/0[.,]015/);
    expect(text).toContain('+4930');
    expect(text).not.toContain('CHF');
    expect(telegram.guests.answers).toHaveLength(1);
    expect(telegram.guests.answers[0]).toMatchObject({ chatId: foreign.id, callerId: alice.id });
    // Nothing was posted in any chat: the answer is the guest message.
    expect(telegram.callsOf('sendMessage')).toHaveLength(0);
    payloads.push(
      '## A linked caller (update in, answer out)',
      '```json',
      JSON.stringify(update, null, 2),
      '```',
      '```json',
      JSON.stringify(call.payload, null, 2),
      '```',
    );
  });

  it('the same query from a caller linked to another account shows that account only (never A to B)', async () => {
    const { telegram } = await start();
    const a = await summon(telegram, alice, '@tel_test_bot +49 30 1234567');
    const b = await summon(telegram, bob, '@tel_test_bot +49 30 1234567');
    expect(b.text).toContain('CHF');
    expect(a.text).not.toContain('CHF');
    expect(b.text).not.toMatch(/€|EUR/);
  });

  it('an unlinked caller gets a deep link to link first, never someone else’s account', async () => {
    const { telegram } = await start();
    const { call, text } = await summon(telegram, carol, '@tel_test_bot +49 30 1234567');
    expect(text).not.toContain('Germany Berlin');
    const markup = (call.payload.result as { reply_markup?: { inline_keyboard: { url?: string }[][] } })
      .reply_markup;
    const urls = (markup?.inline_keyboard ?? []).flat().map((b) => b.url);
    expect(urls).toContain('https://t.me/tel_test_bot?start=link');
    payloads.push(
      '## An unlinked caller (answer out)',
      '```json',
      JSON.stringify(call.payload, null, 2),
      '```',
    );
  });

  it('a malformed number gets the fix with an example', async () => {
    const { telegram } = await start();
    const { text } = await summon(telegram, alice, '@tel_test_bot 12ab');
    expect(text).not.toContain('Germany Berlin');
    // The rate's own fix, in words, with an example (the check is not asked again).
    expect(text).toContain('"12ab"');
    expect(text).toContain('Example: /rate +49 30 1234567');
    payloads.push('## A malformed number (answer text)', '```', text, '```');
  });

  it('a redelivered guest update is answered once (claimed at the door)', async () => {
    const { telegram, h } = await start();
    const { update } = await summon(telegram, alice, '@tel_test_bot +49 30 1234567');
    telegram.redeliver(update!);
    // The same chat's updates run in order: once the next query is answered, the redelivery was handled.
    await summon(telegram, alice, '@tel_test_bot +49 30 7654321');
    expect(telegram.callsOf('answerGuestQuery')).toHaveLength(2);
    expect(h.logs.some((l) => /dropped a redelivered request/.test(l.msg ?? ''))).toBe(true);
  });

  it('an older server: no guest updates, and a 404 on answerGuestQuery sends the answer to the private chat', async () => {
    const { telegram } = await start(true);
    expect(telegram.guests.summon(telegram, alice, '@tel_test_bot +49 30 1234567', foreign)).toBeUndefined();
    // A server that does send the update but lacks the method (answers 404): nothing is lost.
    telegram.older = false;
    const update = telegram.guests.summon(telegram, alice, '@tel_test_bot +49 30 1234567', foreign);
    telegram.older = true;
    expect(update).toBeDefined();
    const sent = await telegram.waitForCall('sendMessage', (c) => Number(c.payload.chat_id) === alice.id);
    expect(telegram.callsOf('answerGuestQuery').map((c) => c.response.error_code)).toEqual([404]);
    expect(String(sent.payload.text)).toContain('Germany Berlin');
    // The everyday road still works on that server.
    telegram.message(alice, '/help');
    await telegram.waitForCall('sendMessage', (c) => Number(c.payload.chat_id) === alice.id, {
      after: telegram.calls.indexOf(sent) + 1,
    });
  });

  it('saves the payloads', () => {
    writeFileSync(
      '/work/briefs/guest-payloads.md',
      ['# Guest mode: payloads (test/adapters/telegram/guest.test.ts)', '', ...payloads, ''].join('\n'),
    );
    expect(payloads.length).toBeGreaterThan(0);
  });
});
