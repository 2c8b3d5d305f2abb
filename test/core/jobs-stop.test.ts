import { afterEach, describe, expect, it, vi } from 'vitest';
import { recoverInterrupted, tellAbandoned } from '../../src/core/dispatch/interrupted.js';
import type { ChatRef, Identity } from '../../src/core/identity.js';
import { createProactive } from '../../src/core/proactive/proactive.js';
import { createRecordingNotifier } from '../helpers/recording-notifier.js';
import { createTestStack, type TestStack } from '../helpers/stack.js';

/**
 * A shutdown is never held up by a long job (docs/reliability.md §6): the call-report job
 * stops between reports once the schedule is stopping; the reports left stay due for the next run.
 */
const alice: Identity = { platform: 'console', tenant: '', user: 'alice', displayName: 'Alice' };
const dm: ChatRef = { id: 'dm', kind: 'private' };

describe('the call-report job and a shutdown', () => {
  let stack: TestStack | undefined;
  afterEach(async () => {
    await stack?.close();
  });

  it('ends after the report in hand once stopping, and the rest are checked by the next run', async () => {
    let now = Date.parse('2026-11-20T10:00:00Z');
    const clock = () => new Date(now);
    stack = await createTestStack({ clock, sandbox: { clock } });
    await stack.linkDemo(alice);
    for (const b of ['1234567', '1234568', '1234569'])
      await stack.core.handleText({ identity: alice, chat: dm, text: `/call +49 30 1234567 +49 176 ${b}` });
    now += 10 * 60_000;
    let stop: (() => Promise<void>) | undefined;
    const s = stack;
    const proactive = createProactive({
      stores: s.stores,
      clock,
      // The first report's read is where SIGTERM lands: the schedule starts stopping then.
      clientFactory: (credentials) => {
        void stop?.();
        return s.clientFactory(credentials);
      },
    });
    const schedule = proactive.schedule({
      alerts: '0 0 1 1 *',
      callReports: '0 0 1 1 *',
      digests: '0 0 1 1 *',
    });
    stop = () => schedule.stop();
    const first = await proactive.checkCallReports();
    const handled = (r: typeof first) => r.reported + r.waiting + r.gaveUp + r.failed;
    expect(handled(first)).toBe(1);
    // A fresh run (after the restart) takes the two left.
    const next = createProactive({ stores: s.stores, clock, clientFactory: s.clientFactory });
    expect(handled(await next.checkCallReports())).toBe(2);
  });
});

describe('a never-retry command a shutdown gives up on', () => {
  let stack: TestStack | undefined;
  afterEach(async () => {
    await stack?.close();
  });

  it('is closed as unknown and its user told at once, with the read that shows the truth', async () => {
    stack = await createTestStack({});
    await stack.linkDemo(alice);
    stack.sandbox.setFaults({ global: { latencyMs: 5000 } });
    const waiting = stack.core.handleText({
      identity: alice,
      chat: dm,
      text: '/call +49 30 1234567 +49 176 1234567',
    });
    const inFlight = () => stack!.core.attemptsInFlight?.() ?? [];
    await vi.waitFor(() => expect(inFlight()).toHaveLength(1));
    const proactive = createProactive({ stores: stack.stores, clientFactory: stack.clientFactory });
    const notifier = createRecordingNotifier('console');
    proactive.attach(notifier);
    expect(
      await tellAbandoned({ stores: stack.stores, outbox: proactive.outbox, attempts: inFlight() }),
    ).toBe(1);
    expect(notifier.sent).toHaveLength(1);
    expect(notifier.sent[0]!.to).toEqual({ platform: 'console', tenant: '', kind: 'user', user: 'alice' });
    expect(notifier.sent[0]!.reply.text).toMatch(/Your \/call of .* was interrupted .* Check \/cdrs/);
    // Closed now: the next start finds nothing left to report, so the user is not told twice.
    expect(await recoverInterrupted({ stores: stack.stores, now: new Date(), olderThanMs: 0 })).toBe(0);
    stack.sandbox.clearFaults();
    await waiting;
  });
});

describe('the spend-limit sweep and a shutdown', () => {
  let stack: TestStack | undefined;
  afterEach(async () => {
    await stack?.close();
  });

  it('ends after the limit in hand once stopping, and the next sweep checks them all', async () => {
    stack = await createTestStack({});
    const s = stack;
    for (const user of ['alice', 'bob', 'carol']) {
      const who: Identity = { ...alice, user, displayName: user };
      await s.linkDemo(who);
      await s.core.handleText({ identity: who, chat: { id: user, kind: 'private' }, text: '/limit daily 5' });
    }
    let stop: (() => Promise<void>) | undefined;
    const proactive = createProactive({
      stores: s.stores,
      clientFactory: (credentials) => {
        void stop?.();
        return s.clientFactory(credentials);
      },
    });
    const schedule = proactive.schedule({
      alerts: '0 0 1 1 *',
      callReports: '0 0 1 1 *',
      digests: '0 0 1 1 *',
    });
    stop = () => schedule.stop();
    expect((await proactive.sweepLimits()).checked).toBe(1);
    const next = createProactive({ stores: s.stores, clientFactory: s.clientFactory });
    expect((await next.sweepLimits()).checked).toBe(3);
  });
});
