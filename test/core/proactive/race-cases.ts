import { expect } from 'vitest';
import type { ChatRef, Identity } from '../../../src/core/identity.js';
import type { Reply } from '../../../src/core/reply.js';
import { textOf } from '../core-harness.js';
import { all, decimal, type RacePoint, type RaceWorld } from './race-harness.js';

/**
 * One job against one command that changes the same record (docs/reliability.md §8). `record` is
 * the store key prefix of the record they share; `check` fails on a lost update: a value the person
 * set that the job undid, or a record the person removed that the job brought back.
 */
export interface RaceCase {
  job: string;
  command: string;
  record: string;
  points: readonly RacePoint[];
  /** Monday 09:00 UTC unless given: digests are due then. */
  start?: string;
  setUp(w: RaceWorld): Promise<void>;
  run(w: RaceWorld): Promise<unknown>;
  act(w: RaceWorld): Promise<void>;
  check(w: RaceWorld): Promise<void>;
}

const CARD = '4917012345678';
const both = ['read', 'write'] as const;
const send = async (w: RaceWorld, text: string) => textOf(await w.say(text));
const limits = (w: RaceWorld) => all(w.stack.stores.guard.limits.list());
const caps = (w: RaceWorld) => all(w.stack.stores.guard.cardCaps.list());

/** A call the bot starts and stops `minutes` later, billed into the sandbox's ledger. */
async function call(w: RaceWorld, minutes: number) {
  expect(await send(w, '/call +4930111222 +4917612345678')).toMatch(/Calling/i);
  w.clock.advance(minutes * 60_000 - 1000);
  expect(await send(w, '/hangup')).toMatch(/stopped|ended|hung/i);
}

/** A spend limit at 53 % of its day (€0.534 of €1.00), so the sweep alerts and writes its level. */
async function limitCrossed(w: RaceWorld) {
  await send(w, '/limit daily 1.00');
  await send(w, '/limit monthly 500');
  await call(w, 6);
}

/** A card cap of €1,000 whose card has spent €1 since, so the sweep writes its count. */
async function capWatching(w: RaceWorld) {
  expect(await send(w, `/card limit +${CARD} 1000`)).toContain('Watching card');
  expect(w.stack.sandbox.setCardAmount(CARD, '4,00')).toBe(true);
}

/** A call ringing for a minute: its report is due, and the call has no record yet. */
async function callRinging(w: RaceWorld) {
  expect(await send(w, '/call +4930111222 +4917612345678')).toMatch(/Calling/i);
  w.clock.advance(61_000);
}

const alertSet = async (w: RaceWorld) => {
  await send(w, '/alert 5');
  w.stack.sandbox.setBalance('demo', '4,00');
};

const group: ChatRef = { id: '-100', kind: 'shared', userIsAdmin: true };
const bob: Identity = { platform: 'telegram', tenant: '', user: '2', displayName: 'Bob' };
const carol: Identity = { platform: 'telegram', tenant: '', user: '3', displayName: 'Carol' };

/** Bob asks to block a card in a group where Alice set approvals on; 31 minutes pass. */
async function approvalWaiting(w: RaceWorld): Promise<Reply[]> {
  await w.stack.linkDemo(bob);
  await w.say('/approvals on card block', carol, group);
  const asked = await w.say(`/card block +${CARD}`, bob, { ...group, userIsAdmin: false });
  expect(textOf(asked)).toContain('Bob asks to block');
  w.clock.advance(31 * 60_000);
  return asked;
}
let asked: Reply[] = [];

export const RACE_CASES: readonly RaceCase[] = [
  {
    job: 'alert sweep',
    command: '/alert off',
    record: 'alert:sub:',
    points: both,
    setUp: alertSet,
    run: (w) => w.proactive.sweepAlerts(),
    act: async (w) => void (await w.say('/alert off')),
    check: async (w) => expect(await all(w.stack.stores.proactive.alerts.list())).toEqual([]),
  },
  {
    job: 'alert sweep',
    command: '/alert 3',
    record: 'alert:sub:',
    points: both,
    setUp: alertSet,
    run: (w) => w.proactive.sweepAlerts(),
    act: async (w) => void (await w.say('/alert 3')),
    check: async (w) => {
      const [sub] = await all(w.stack.stores.proactive.alerts.list());
      expect(decimal(sub?.threshold)).toBe(3);
    },
  },
  {
    job: 'spend-limit sweep',
    command: '/limit off',
    record: 'guard:limit:',
    points: both,
    setUp: limitCrossed,
    run: (w) => w.proactive.sweepLimits(),
    act: async (w) => void (await w.say('/limit off')),
    check: async (w) => expect(await limits(w)).toEqual([]),
  },
  {
    job: 'spend-limit sweep',
    command: '/limit monthly off',
    record: 'guard:limit:',
    points: both,
    setUp: limitCrossed,
    run: (w) => w.proactive.sweepLimits(),
    act: async (w) => void (await w.say('/limit monthly off')),
    check: async (w) => {
      const [limit] = await limits(w);
      expect(limit?.monthly).toBeUndefined();
      expect(decimal(limit?.daily)).toBe(1);
    },
  },
  {
    job: 'spend-limit sweep',
    command: '/limit daily 2',
    record: 'guard:limit:',
    points: both,
    setUp: limitCrossed,
    run: (w) => w.proactive.sweepLimits(),
    act: async (w) => void (await w.say('/limit daily 2')),
    check: async (w) => expect(decimal((await limits(w))[0]?.daily)).toBe(2),
  },
  {
    job: 'card-cap sweep',
    command: `/card limit <number> off`,
    record: 'guard:cardcap:',
    points: both,
    setUp: capWatching,
    run: (w) => w.proactive.sweepCardCaps(),
    act: async (w) => void (await w.say(`/card limit +${CARD} off`)),
    check: async (w) => expect(await caps(w)).toEqual([]),
  },
  {
    job: 'card-cap sweep',
    command: '/card limit <number> 2 (lowered from 1,000)',
    record: 'guard:cardcap:',
    points: both,
    setUp: capWatching,
    run: (w) => w.proactive.sweepCardCaps(),
    act: async (w) => {
      expect(await send(w, `/card limit +${CARD} 2`)).toContain('more than €2.00');
    },
    check: async (w) => {
      expect(decimal((await caps(w))[0]?.cap)).toBe(2);
      // The user was told €2, and €2 holds: spending €3 more blocks the card.
      w.stack.sandbox.setCardAmount(CARD, '1,00');
      expect((await w.proactive.sweepCardCaps()).blocked).toBe(1);
      expect(w.stack.sandbox.state.card(CARD)!.state).toBe('blocked');
    },
  },
  {
    job: 'digest',
    command: '/digest off',
    record: 'digest:sub:',
    points: both,
    setUp: async (w) => {
      await send(w, '/digest weekly');
      w.clock.advance(7 * 86_400_000);
    },
    run: (w) => w.proactive.sendDigests(),
    act: async (w) => void (await w.say('/digest off')),
    check: async (w) => expect(await all(w.stack.stores.proactive.digests.list())).toEqual([]),
  },
  {
    job: 'call report',
    command: '/hangup',
    record: 'callreport:',
    points: both,
    setUp: callRinging,
    run: (w) => w.proactive.checkCallReports(),
    act: async (w) => void (await w.say('/hangup')),
    check: async (w) => {
      const [report] = await all(w.stack.stores.proactive.callReports.list());
      // The hang-up's times are kept, and its early look for the record with them.
      expect(report?.hangup).toBeDefined();
      expect(Date.parse(report!.nextCheckAt)).toBe(Date.parse(report!.hangup!.doneAt) + 5_000);
    },
  },
  {
    job: 'call report',
    command: 'the call card landing',
    record: 'callreport:',
    points: both,
    setUp: callRinging,
    run: (w) => w.proactive.checkCallReports(),
    act: async (w) => {
      const [report] = await all(w.stack.stores.proactive.callReports.list());
      await w.stack.core.messageSent({
        track: `call:${report!.id}`,
        message: { platform: 'telegram', tenant: '', chatId: '1', messageId: '55' },
      });
    },
    check: async (w) => {
      const [report] = await all(w.stack.stores.proactive.callReports.list());
      expect(report?.message).toMatchObject({ messageId: '55' });
    },
  },
  {
    job: 'approvals expiry',
    command: 'the request message landing',
    record: 'guard:approval:',
    points: ['write'],
    setUp: async (w) => {
      asked = await approvalWaiting(w);
    },
    run: (w) => w.proactive.expireApprovals(),
    act: (w) =>
      w.stack.core.messageSent({
        track: asked[0]!.track!,
        message: { platform: 'telegram', tenant: '', chatId: '-100', messageId: '77' },
      }),
    check: async (w) => {
      const [request] = await all(w.stack.stores.guard.approvals.list());
      expect(request).toMatchObject({ status: 'expired', message: { messageId: '77' } });
    },
  },
  {
    job: 'approvals expiry',
    command: 'Approve pressed',
    record: 'guard:approval:',
    points: ['write'],
    setUp: async (w) => {
      asked = await approvalWaiting(w);
    },
    run: (w) => w.proactive.expireApprovals(),
    act: async (w) => {
      const approve = asked.flatMap((r) => r.actions ?? []).find((a) => a.label === 'Approve')!;
      const pressed = await w.stack.core.handleAction({
        identity: carol,
        chat: group,
        actionId: approve.actionId,
      });
      expect(pressed).toEqual({ notice: 'This request was already decided.' });
    },
    check: async (w) => {
      const [request] = await all(w.stack.stores.guard.approvals.list());
      expect(request?.status).toBe('expired');
      expect(w.stack.sandbox.state.card(CARD)!.state).toBe('active');
    },
  },
];
