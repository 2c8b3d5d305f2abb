import { afterEach, describe, expect, it } from 'vitest';
import type { ChatRef, Identity } from '../../src/core/identity.js';
import { createProactive, type Proactive } from '../../src/core/proactive/proactive.js';
import { createMemoryKeyValueStore } from '../../src/store/index.js';
import { createRecordingNotifier, type RecordingNotifier } from '../helpers/recording-notifier.js';
import { createTestStack, type TestStack } from '../helpers/stack.js';
import { textOf } from './core-harness.js';

const alice: Identity = { platform: 'console', tenant: '', user: 'alice', displayName: 'Alice' };
const dm: ChatRef = { id: 'dm', kind: 'private' };

/** One clock for the sandbox and the bot, moved by the test only. */
function testClock(start = '2026-11-20T10:00:00Z') {
  let now = Date.parse(start);
  return { now: () => new Date(now), advance: (ms: number) => (now += ms) };
}

describe('low-balance alerts (docs/proactive.md §1.1)', () => {
  let stack: TestStack;
  let notifier: RecordingNotifier;
  const clock = testClock();
  const kv = createMemoryKeyValueStore();

  afterEach(async () => {
    await stack?.close();
  });

  async function start(): Promise<Proactive> {
    stack = await createTestStack({ kv, clock: clock.now, sandbox: { clock: clock.now } });
    await stack.linkDemo(alice);
    return attach(stack);
  }
  /** An instance's sweeper, as after a restart: new objects on the same store. */
  function attach(s: TestStack): Proactive {
    notifier = createRecordingNotifier('console');
    const p = createProactive({
      stores: s.stores,
      clientFactory: s.clientFactory,
      clock: clock.now,
      pace: { perSecond: 0 },
    });
    p.attach(notifier);
    return p;
  }
  const send = async (text: string) =>
    textOf(await stack.core.handleText({ identity: alice, chat: dm, text }));
  const setBalance = (amount: string) => expect(stack.sandbox.setBalance('demo', amount)).toBe(true);

  it('fires once on crossing, not again while low, again after re-arming above the margin', async () => {
    const p = await start();
    expect(await send('/alert 5,00 €')).toMatch(/below €5\.00\. It is €18\.40 now/);
    expect((await p.sweepAlerts()).alerted).toBe(0);
    setBalance('4,20');
    expect((await p.sweepAlerts()).alerted).toBe(1);
    expect(notifier.sent).toHaveLength(1);
    const [alert] = notifier.sent;
    expect(alert!.to).toEqual({ platform: 'console', tenant: '', kind: 'user', user: 'alice' });
    expect(alert!.reply.text).toBe('The balance of "demo" is €4.20, below your alert at €5.00.');
    expect(alert!.reply.visibility).toBe('personal');
    expect(alert!.reply.actions?.map((a) => a.actionId)).toEqual(['run:topup', 'run:alert']);
    clock.advance(15 * 60_000);
    await p.sweepAlerts();
    setBalance('3,00');
    await p.sweepAlerts();
    // Above the threshold but within the 10 % margin (5,50): still not re-armed.
    setBalance('5,40');
    expect((await p.sweepAlerts()).rearmed).toBe(0);
    setBalance('4,90');
    await p.sweepAlerts();
    expect(notifier.sent).toHaveLength(1);
    setBalance('5,60');
    expect((await p.sweepAlerts()).rearmed).toBe(1);
    setBalance('4,99');
    expect((await p.sweepAlerts()).alerted).toBe(1);
    expect(notifier.sent).toHaveLength(2);
  });

  it('a restart between the alert and the next sweep sends nothing twice', async () => {
    const p = await start();
    await send('/alert 5');
    setBalance('4,00');
    await p.sweepAlerts();
    expect(notifier.sent).toHaveLength(1);
    // A new instance on the same store: thresholds and armed state come back from the store.
    const again = attach(stack);
    const r = await again.sweepAlerts();
    expect(r).toMatchObject({ checked: 1, alerted: 0 });
    expect(notifier.sent).toHaveLength(0);
    expect(await send('/alert')).toMatch(/already sent; it re-arms/);
  });

  it('a crash after sending but before saving the state does not repeat the alert', async () => {
    const p = await start();
    await send('/alert 5');
    const [sub] = await collect(stack.stores.proactive.alerts.list());
    setBalance('4,00');
    await p.sweepAlerts();
    // Put back the state from before the alert, as if the process died right after sending.
    await stack.stores.proactive.alerts.put(sub!);
    const again = attach(stack);
    expect((await again.sweepAlerts()).alerted).toBe(0);
    expect(notifier.sent).toHaveLength(0);
  });

  it('a top-up re-arms the alert', async () => {
    const p = await start();
    await send('/alert 5');
    setBalance('4,00');
    await p.sweepAlerts();
    const [prompt] = await stack.core.handleText({ identity: alice, chat: dm, text: '/topup 1000000001' });
    const confirm = prompt!.actions!.find((a) => a.actionId.startsWith('c:'))!;
    await stack.core.handleAction({ identity: alice, chat: dm, actionId: confirm.actionId });
    expect(await send('/alert')).toMatch(/You get an alert when the balance falls below €5\.00/);
  });

  it("the alert's buttons run a command as the presser: the top-up flow privately, the way there from a group", async () => {
    await start();
    const here = await stack.core.handleAction({ identity: alice, chat: dm, actionId: 'run:topup' });
    // /topup alone asks for the PIN (the top-up flow), then confirms.
    expect(textOf(here.followUps ?? [])).toMatch(/^Send me the PIN from your card/);
    const group: ChatRef = { id: 'g1', kind: 'shared' };
    const there = await stack.core.handleAction({ identity: alice, chat: group, actionId: 'run:topup' });
    expect(there.followUps?.[0]?.privateRedirect).toEqual({ startParam: 'topup' });
    // Change threshold does what it says: it asks for the new threshold, and the answer sets it.
    const change = await stack.core.handleAction({ identity: alice, chat: dm, actionId: 'run:alert' });
    expect(textOf(change.followUps ?? [])).toMatch(/^Send the new threshold, e\.g\. 5\.00/);
    expect(await send('3')).toMatch(/€3\.00/);
    const other = await stack.core.handleAction({ identity: alice, chat: dm, actionId: 'run:unlink' });
    expect(other.followUps).toBeUndefined();
  });

  it('a provider failure is logged and retried at the next sweep, never sent as an alert', async () => {
    const p = await start();
    await send('/alert 5');
    setBalance('4,00');
    stack.sandbox.setFaults({ routes: { onlinecallthrough: { serverErrorProbability: 1 } } });
    const r = await p.sweepAlerts();
    expect(r).toMatchObject({ failed: 1, alerted: 0 });
    expect(notifier.attempts).toBe(0);
    stack.sandbox.clearFaults();
    expect((await p.sweepAlerts()).alerted).toBe(1);
  });

  it('a send without an answer (it may have been posted) is never sent again by a later sweep', async () => {
    const p = await start();
    await send('/alert 5');
    setBalance('4,00');
    notifier.unknownNext(1);
    await p.sweepAlerts();
    const attempts = notifier.attempts;
    expect(attempts).toBe(1);
    // Before: the Outbox reported 'failed', the claim was given back and the next sweep posted it again.
    await p.sweepAlerts();
    await p.sweepAlerts();
    expect(notifier.attempts).toBe(attempts);
    expect(notifier.sent).toEqual([]);
  });

  it('a passing send failure is retried; a refusal pauses the alert without a retry storm', async () => {
    const p = await start();
    await send('/alert 5');
    setBalance('4,00');
    notifier.failNext(1);
    expect((await p.sweepAlerts()).failed).toBe(1);
    expect((await p.sweepAlerts()).alerted).toBe(1);
    setBalance('9,00');
    await p.sweepAlerts();
    setBalance('4,00');
    notifier.refuse('Forbidden: bot was blocked by the user');
    expect((await p.sweepAlerts()).paused).toBe(1);
    const attempts = notifier.attempts;
    setBalance('9,00');
    await p.sweepAlerts();
    setBalance('4,00');
    await p.sweepAlerts();
    expect(notifier.attempts).toBe(attempts);
    expect(await send('/alert')).toMatch(
      /paused because I could not deliver the last one \(Forbidden: bot was blocked/,
    );
  });

  it('refuses a threshold in another currency and bad input with the fix, with no provider call', async () => {
    await start();
    expect(await send('/alert 5 USD')).toMatch(/This account is in EUR, not USD/);
    stack.sandbox.resetStats();
    expect(await send('/alert five')).toMatch(/give the threshold as an amount, e\.g\. 5 or 5,00 €, or off/i);
    expect(stack.sandbox.stats().received).toEqual({});
    expect(await send('/alert off')).toMatch(/no low-balance alert to switch off/);
  });

  it('in a support channel the alert goes to the channel; the balance only if the channel allows it', async () => {
    const p = await start();
    const agent: Identity = { platform: 'slack', tenant: 'T1', user: 'U1', displayName: 'Agent' };
    const channel: ChatRef = { id: 'C1', kind: 'shared' };
    const key = 'slack:T1:C1';
    await stack.stores.settings.updateChat(key, {
      support: { agents: ['U1'], setupBy: 'slack:T1:U0', setupAt: clock.now().toISOString() },
    });
    const record = await stack.stores.credentials.get('console::alice');
    await stack.stores.credentials.set(key, record!);
    const slack = createRecordingNotifier('slack');
    p.attach(slack);
    const replies = await stack.core.handleText({ identity: agent, chat: channel, text: '/alert 5' });
    expect(textOf(replies)).toMatch(/Alerts for the team account go to this channel/);
    setBalance('4,00');
    await p.sweepAlerts();
    // Personal data is not allowed in C1: the channel gets the alert without the amount, the agent the full one.
    expect(slack.sent.map((s) => [s.to.kind, s.reply.text])).toEqual([
      ['user', 'The balance of "demo" is €4.00, below your alert at €5.00.'],
      ['chat', 'The balance of "demo" fell below the alert threshold. Agents can see it with /balance.'],
    ]);
  });
});

async function collect<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}
