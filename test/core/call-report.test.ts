import { afterEach, describe, expect, it } from 'vitest';
import type { ChatRef, Identity } from '../../src/core/identity.js';
import { createProactive, type Proactive } from '../../src/core/proactive/proactive.js';
import type { Reply } from '../../src/core/reply.js';
import { createRecordingNotifier, type RecordingNotifier } from '../helpers/recording-notifier.js';
import { createTestStack, type TestStack } from '../helpers/stack.js';
import { textOf } from './core-harness.js';

const alice: Identity = { platform: 'console', tenant: '', user: 'alice', displayName: 'Alice' };
const dm: ChatRef = { id: 'dm', kind: 'private' };

describe('the call card reports how the call went (docs/proactive.md §2.1)', () => {
  let stack: TestStack;
  let proactive: Proactive;
  let notifier: RecordingNotifier;
  let now = Date.parse('2026-11-20T10:00:00Z');
  const clock = () => new Date(now);

  afterEach(async () => {
    await stack?.close();
  });

  async function start(maxCallSeconds = 3600) {
    stack = await createTestStack({ clock, sandbox: { clock, maxCallSeconds } });
    await stack.linkDemo(alice);
    proactive = createProactive({ stores: stack.stores, clientFactory: stack.clientFactory, clock });
    notifier = createRecordingNotifier('console');
    proactive.attach(notifier);
  }

  /** `/call`, then the adapter's report of where the card landed. */
  async function call(chat: ChatRef = dm, who: Identity = alice): Promise<Reply> {
    const [card] = await stack.core.handleText({
      identity: who,
      chat,
      text: '/call +49 30 1234567 +49 176 1234567',
    });
    expect(card?.track).toMatch(/^call:/);
    await stack.core.messageSent({
      track: card!.track!,
      message: { platform: 'console', tenant: '', chatId: chat.id, messageId: '77' },
    });
    return card!;
  }

  it('edits the card in place with destination, duration and cost from the CDR, once', async () => {
    await start();
    const card = await call();
    expect(card.actions?.[0]?.actionId).toMatch(/^h:/);
    now += 30_000;
    // The call is still running: nothing to report yet, and not due before the first check.
    expect(await proactive.checkCallReports()).toMatchObject({ reported: 0, waiting: 0 });
    now += 95_000;
    expect(textOf(await stack.core.handleText({ identity: alice, chat: dm, text: '/hangup' }))).toMatch(
      /stopped/i,
    );
    now += 10_000;
    const r = await proactive.checkCallReports();
    expect(r.reported).toBe(1);
    expect(notifier.edits).toHaveLength(1);
    const { message, reply } = notifier.edits[0]!;
    expect(message.messageId).toBe('77');
    // Nothing left to press: Hang up stays in view, disabled, as "Call ended" (docs/interface.md §2.6).
    expect(reply.actions).toEqual([{ label: 'Call ended', actionId: '', disabled: 'call-ended' }]);
    const fields = Object.fromEntries((reply.fields ?? []).map((f) => [f.label, f.value]));
    expect(fields.Duration).toBe('2:05');
    expect(fields.Destination).toBeTruthy();
    const cdr = stack.sandbox.state.account('demo')!.cdrs.at(-1)!;
    expect(cdr.seconds).toBe(125);
    expect(fields.Cost).toMatch(/^€\d+\.\d{2}/);
    now += 60_000;
    expect((await proactive.checkCallReports()).reported).toBe(0);
    expect(notifier.edits).toHaveLength(1);
  });

  it('says when no record appeared in time and how to check', async () => {
    // A provider whose calls outlive the report's patience (the sandbox bills at 1 h by default, D10).
    await start(6 * 3600);
    await call();
    for (let i = 0; i < 20; i++) {
      now += 10 * 60_000;
      await proactive.checkCallReports();
    }
    expect(notifier.edits).toHaveLength(1);
    expect(notifier.edits[0]!.reply.text).toMatch(
      /No call record appeared within 75 minutes\. Check with \/cdrs today\./,
    );
  });

  /** The runtime's own proactive side: the core edits the card through its outbox ("Hanging up…"). */
  async function startOwn(maxCallSeconds = 3600) {
    stack = await createTestStack({ clock, sandbox: { clock, maxCallSeconds } });
    await stack.linkDemo(alice);
    proactive = stack.proactive;
    notifier = createRecordingNotifier('console');
    proactive.attach(notifier);
  }

  const cardOf = (messageId: string) =>
    notifier.edits.filter((e) => e.message.messageId === messageId).at(-1)?.reply;
  const field = (r: Reply | undefined, label: string) => r?.fields?.find((f) => f.label === label)?.value;

  async function callAs(messageId: string, b = '+49 176 1234567'): Promise<string> {
    const [card] = await stack.core.handleText({
      identity: alice,
      chat: dm,
      text: `/call +49 30 1234567 ${b}`,
    });
    await stack.core.messageSent({
      track: card!.track!,
      message: { platform: 'console', tenant: '', chatId: 'dm', messageId },
    });
    return card!.track!.slice('call:'.length);
  }

  it('a redial to the same number within two minutes: each card its own duration and cost', async () => {
    await startOwn();
    const first = await callAs('1');
    now += 12_000;
    await stack.core.handleText({ identity: alice, chat: dm, text: `/hangup ${first}` });
    now += 48_000;
    const second = await callAs('2');
    now += 3_000;
    await stack.core.handleText({ identity: alice, chat: dm, text: `/hangup ${second}` });
    now += 10 * 60_000;
    for (let i = 0; i < 3; i++) await proactive.checkCallReports();
    expect([field(cardOf('1'), 'Duration'), field(cardOf('2'), 'Duration')]).toEqual(['0:12', '0:03']);
    const cdrs = stack.sandbox.state.cdrs('demo').slice(-2);
    expect(cdrs.map((r) => r.seconds)).toEqual([12, 3]);
  });

  it('"Hanging up…" at once after /hangup or Hang up, with no button to press again', async () => {
    await startOwn();
    const card = await stack.core.handleText({
      identity: alice,
      chat: dm,
      text: '/call +49 30 1234567 +49 176 1234567',
    });
    await stack.core.messageSent({
      track: card[0]!.track!,
      message: { platform: 'console', tenant: '', chatId: 'dm', messageId: '5' },
    });
    now += 20_000;
    const press = card[0]!.actions!.find((a) => a.actionId.startsWith('h:'))!;
    await stack.core.handleAction({ identity: alice, chat: dm, actionId: press.actionId });
    const [hangingUp] = notifier.edits;
    expect(hangingUp?.message.messageId).toBe('5');
    expect(hangingUp?.reply.text).toMatch(/Hanging up…$/);
    expect(hangingUp?.reply.actions ?? []).toEqual([]);
    now += 10_000;
    await proactive.checkCallReports();
    expect(field(cardOf('5'), 'Duration')).toBe('0:20');
  });

  it('a call nobody stops: the card says it ended at the provider’s 60-minute limit', async () => {
    await startOwn();
    await callAs('9');
    now += 65 * 60_000;
    await proactive.checkCallReports();
    const card = cardOf('9');
    expect(field(card, 'Duration')).toBe('1:00:00');
    expect(card?.text).toMatch(/It ended at the provider’s 60-minute limit\./);
  });

  it('/call A A is refused in the user’s language, naming the fix, before any API call', async () => {
    await startOwn();
    stack.sandbox.resetStats();
    const en = await stack.core.handleText({
      identity: alice,
      chat: dm,
      text: '/call +49 30 1234567 0049 30 1234567',
    });
    expect(textOf(en)).toMatch(
      /A and B are the same number \(\+49301234567\).*e\.g\. \/call \+49 30 1234567 \+49 176 1234567/s,
    );
    await stack.core.handleText({ identity: alice, chat: dm, text: '/language de' });
    const de = await stack.core.handleText({
      identity: alice,
      chat: dm,
      text: '/call +49 30 1234567 +49 30 1234567',
    });
    expect(textOf(de)).toMatch(/A und B sind dieselbe Nummer/);
    expect(stack.sandbox.stats().received).toEqual({});
  });
});
