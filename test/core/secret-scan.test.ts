import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Reply } from '../../src/core/reply.js';
import { md5Hex } from '../../src/telephony/signature.js';
import { type ConsoleHarness, startConsole } from '../adapters/console/console-harness.js';
import { PASSWORD, seedWithScanUser as seed, TOPUP_PIN } from '../helpers/scan-seed.js';
import { actionOf, bob, group, textOf } from './core-harness.js';

/**
 * The secret scan (docs/privacy.md §2.5): everything printed by the console and logged by the bot (pino at
 * debug) and the sandbox during a run that links an account with a known password, tops up with
 * a known PIN, lists SIP lines and creates a card in a shared chat, holds none of the secrets; and
 * the shared chat only ever gets them in replies marked for private delivery.
 */

let h: ConsoleHarness;
const logged: string[] = [];
const shared: Reply[] = [];
const privately: Reply[] = [];
let cardPin = '';

beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _enc, done) {
      logged.push(String(chunk));
      done();
    },
  });
  h = await startConsole({
    link: false,
    logger: pino({ level: 'debug' }, sink),
    sandbox: { data: seed(), logger: (line) => logged.push(line) },
  });
  // The console user links with the known password, then tops up with the known PIN.
  await h.say('/link');
  await h.say('scanuser');
  await h.say(PASSWORD);
  await h.say(`/topup ${TOPUP_PIN}`);
  await h.say('1');
  await h.say('/balance');
  // Bob works in a shared chat through the core: SIP lines and a new card.
  await h.stack.linkDemo(bob);
  const inGroup = async (text: string, inputIsPrivate = false) => {
    const replies = await h.stack.core.handleText({ identity: bob, chat: group, text, inputIsPrivate });
    for (const r of replies) (r.audience === 'chat' ? shared : privately).push(r);
    return replies;
  };
  await inGroup('/lines');
  await inGroup('/lines', true);
  // Creating a card charges the account: it asks first, and the PIN comes with the outcome.
  const asked = await inGroup('/card create +4917088888888 5.00 Scan Test');
  const outcome = await h.stack.core.handleAction({
    identity: bob,
    chat: group,
    actionId: actionOf(asked, 'Confirm'),
  });
  const created = [...(outcome.update ? [outcome.update] : []), ...(outcome.followUps ?? [])];
  for (const r of created) (r.audience === 'chat' ? shared : privately).push(r);
  cardPin = created.flatMap((r) => r.fields ?? []).find((f) => f.label === 'PIN')?.value ?? '';
  await inGroup('/card show +4917012345678');
  await inGroup(`/topup ${TOPUP_PIN}`);
  const block = await inGroup('/card block +4917088888888');
  await h.stack.core.handleAction({ identity: bob, chat: group, actionId: actionOf(block, 'Confirm') });
}, 60_000);

afterAll(async () => {
  await h.close();
});

const secrets = () => ({
  password: PASSWORD,
  'md5 of the password': md5Hex(PASSWORD),
  'md5 of the demo password': md5Hex('demo'),
  'md5 of the card password': md5Hex('cards'),
  'top-up PIN': TOPUP_PIN,
  'SIP password 1': 'sip-demo-1',
  'SIP password 2': 'sip-demo-2',
  'new card PIN': cardPin,
});

describe('secret scan', () => {
  it('the run did what it should (so the scan has something to find)', () => {
    expect(h.transcript()).toContain('Linked "scanuser"');
    expect(h.transcript()).toContain('Topped up.');
    expect(h.stack.sandbox.stats().handled.topup).toBe(1);
    expect(textOf(privately)).toContain('sip-demo-1');
    expect(cardPin).toMatch(/^\d{4,}$/);
    expect(logged.length).toBeGreaterThan(10);
    expect(logged.join('')).toContain('"level":20'); // debug lines were on
  });

  it('no secret in any log line', () => {
    const all = logged.join('\n');
    for (const [what, value] of Object.entries(secrets())) expect(all.includes(value), what).toBe(false);
  });

  it('the console never prints the password, its md5 or the top-up PIN', () => {
    const out = h.transcript();
    for (const value of [PASSWORD, md5Hex(PASSWORD), TOPUP_PIN]) expect(out).not.toContain(value);
  });

  it('replies shown in the shared chat hold no secret', () => {
    const text = textOf(shared);
    expect(shared.length).toBeGreaterThan(0);
    for (const [what, value] of Object.entries(secrets())) expect(text.includes(value), what).toBe(false);
  });

  it('secrets reach the shared-chat user only in private replies marked secret or personal', () => {
    const values = Object.values(secrets());
    const holding = privately.filter((r) => values.some((v) => textOf([r]).includes(v)));
    expect(holding.length).toBeGreaterThan(0);
    for (const r of holding) {
      expect(r.audience).not.toBe('chat');
      expect(['secret', 'personal']).toContain(r.visibility);
    }
  });
});
