import fc from 'fast-check';
import type { ChatRef, Identity } from '../../src/core/identity.js';
import type { Reply } from '../../src/core/reply.js';
import { createRecordingNotifier, type RecordingNotifier } from '../helpers/recording-notifier.js';
import { createTestStack, type TestStack } from '../helpers/stack.js';
import { type PastCall, truthSeed } from './ledger.js';

/** One thing that happens in a history. */
export type Step =
  | { kind: 'call'; b: number }
  | { kind: 'hangup'; which: number }
  | { kind: 'wait'; ms: number }
  | { kind: 'reports' }
  | { kind: 'topup' }
  | { kind: 'card'; op: 'block' | 'unblock' }
  | { kind: 'look' }
  | { kind: 'digests' };

export interface History {
  zone: string;
  language: 'en' | 'de';
  /** Epoch ms the history starts at. */
  start: number;
  past: PastCall[];
  steps: Step[];
}

export const A = '+49 30 1234567';
/** Few destinations, so redials to the same number are common. */
export const B = ['+49 176 1234567', '+43 1 234567'];
export const B_DIGITS = ['491761234567', '431234567'];
export const ZONES = ['UTC', 'Europe/Berlin', 'America/New_York', 'Pacific/Kiritimati', 'Asia/Kolkata'];
export const CARD_CLI = '+49 170 12345678';
export const PINS = ['7700000001', '7700000002', '7700000003'];

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({ kind: fc.constant('call' as const), b: fc.integer({ min: 0, max: 1 }) }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('hangup' as const), which: fc.nat(20) }) },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('wait' as const),
      // Seconds (redials, short calls) up to past the provider's 60-minute limit.
      ms: fc.oneof(
        fc.integer({ min: 0, max: 30_000 }),
        fc.integer({ min: 30_000, max: 70 * 60_000 }),
        // Days, so weeks turn and digests fall due.
        fc.integer({ min: 1, max: 4 }).map((d) => d * 86_400_000 + 3_600_000),
      ),
    }),
  },
  { weight: 2, arbitrary: fc.constant({ kind: 'reports' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'topup' as const }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('card' as const),
      op: fc.constantFrom('block' as const, 'unblock' as const),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'look' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'digests' as const }) },
);

const pastCall: fc.Arbitrary<PastCall> = fc.record({
  minutesAgo: fc.integer({ min: 1, max: 45 * 24 * 60 }),
  seconds: fc.integer({ min: 0, max: 3600 }),
  number: fc.constantFrom('491761234567', '431234567', '4930987654', '447700900123'),
});

export const history: fc.Arbitrary<History> = fc.record({
  zone: fc.constantFrom(...ZONES),
  language: fc.constantFrom('en' as const, 'de' as const),
  start: fc.integer({ min: Date.parse('2026-11-01T00:00:00Z'), max: Date.parse('2026-12-31T00:00:00Z') }),
  past: fc.array(pastCall, { maxLength: 80, size: 'max' }),
  steps: fc.array(step, { minLength: 1, maxLength: 30, size: 'medium' }),
});

export const alice: Identity = { platform: 'console', tenant: '', user: 'alice', displayName: 'Alice' };
export const dm: ChatRef = { id: 'dm', kind: 'private' };

/** A running history: the real stack on the sandbox, one clock for both, and what the bot said. */
export class World {
  now: number;
  stack!: TestStack;
  notifier!: RecordingNotifier;
  /** Call ids the bot placed, in order. */
  readonly calls: string[] = [];
  /** Each digest the bot sent, with when it was sent. */
  readonly digests: { at: Date; reply: Reply }[] = [];
  pinsUsed = 0;

  constructor(readonly h: History) {
    this.now = h.start;
  }

  readonly clock = () => new Date(this.now);

  async open(): Promise<void> {
    const data = truthSeed(new Date(this.h.start), this.h.past, PINS);
    this.stack = await createTestStack({ clock: this.clock, sandbox: { clock: this.clock, data } });
    await this.stack.linkDemo(alice);
    this.notifier = createRecordingNotifier('console');
    this.stack.proactive.attach(this.notifier);
    await this.say(`/timezone ${this.h.zone}`);
    await this.say(`/language ${this.h.language}`);
    await this.say('/digest weekly');
  }

  /** Runs the digest job now, and keeps what it sent. */
  async digest(): Promise<void> {
    const before = this.notifier.sent.length;
    await this.stack.proactive.sendDigests();
    for (const s of this.notifier.sent.slice(before)) this.digests.push({ at: this.clock(), reply: s.reply });
  }

  close(): Promise<void> {
    return this.stack.close();
  }

  say(text: string): Promise<Reply[]> {
    return this.stack.core.handleText({ identity: alice, chat: dm, text });
  }

  /** Presses the reply's confirmation button, when it has one. */
  async confirm(replies: Reply[]): Promise<void> {
    const button = replies.flatMap((r) => r.actions ?? []).find((a) => a.actionId.startsWith('c:'));
    if (button) await this.stack.core.handleAction({ identity: alice, chat: dm, actionId: button.actionId });
  }

  /** `/call`; the card lands as message `<callId>`, as an adapter reports it. */
  async call(b: number): Promise<void> {
    const [card] = await this.say(`/call ${A} ${B[b]}`);
    if (!card?.track) return;
    const callId = card.track.slice('call:'.length);
    this.calls.push(callId);
    await this.stack.core.messageSent({
      track: card.track,
      message: { platform: 'console', tenant: '', chatId: 'dm', messageId: callId },
    });
  }

  /** The last thing the bot showed on the card of `callId`. */
  card(callId: string): Reply | undefined {
    return this.notifier.edits.filter((e) => e.message.messageId === callId).at(-1)?.reply;
  }

  /** Runs the report checks until every card is reported (every call has ended by then, D10). */
  async settle(): Promise<void> {
    this.now += 61 * 60_000;
    for (let i = 0; i < 40; i++) {
      await this.stack.proactive.checkCallReports();
      let pending = 0;
      for await (const _ of this.stack.stores.proactive.callReports.list()) pending += 1;
      if (pending === 0) return;
      this.now += 5 * 60_000;
    }
  }
}
