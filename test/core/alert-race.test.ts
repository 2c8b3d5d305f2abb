import { afterEach, describe, expect, it } from 'vitest';
import type { ClientFactory } from '../../src/core/accounts/services.js';
import type { Identity } from '../../src/core/identity.js';
import { createProactive, type Proactive } from '../../src/core/proactive/proactive.js';
import {
  afterEachPost,
  createRecordingNotifier,
  type RecordingNotifier,
} from '../helpers/recording-notifier.js';
import { createTestStack, type TestStack } from '../helpers/stack.js';

const alice: Identity = { platform: 'console', tenant: '', user: 'alice', displayName: 'Alice' };
const dm = { id: 'dm', kind: 'private' as const };

/**
 * A user's change made while a sweep runs always wins (docs/proactive.md §5): the sweep
 * writes only its own fields, onto the setting it read. The interleaving is made exactly, without
 * sleeps: the user's command runs inside the sweep, between its read of the balance (or its send)
 * and its write-back.
 */
describe('alert settings changed during a sweep are never undone', () => {
  let stack: TestStack;
  let proactive: Proactive;
  let notifier: RecordingNotifier;
  /** Runs inside the sweep, right after its balance read returned. */
  let duringRead: (() => Promise<void>) | undefined;
  const now = Date.parse('2026-11-20T10:00:00Z');
  const clock = () => new Date(now);

  afterEach(async () => {
    duringRead = undefined;
    await stack?.close();
  });

  /** The real clients, whose balance read lets the interleaved command run before it returns. */
  function interleaving(factory: ClientFactory): ClientFactory {
    return (credentials) => {
      const client = factory(credentials);
      return new Proxy(client, {
        get(target, prop) {
          const value = Reflect.get(target, prop, target);
          if (prop !== 'onlinecallthrough') return typeof value === 'function' ? value.bind(target) : value;
          return async (...args: unknown[]) => {
            const answer = await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
            const step = duringRead;
            duringRead = undefined;
            await step?.();
            return answer;
          };
        },
      });
    };
  }

  async function start() {
    stack = await createTestStack({ clock, sandbox: { clock } });
    await stack.linkDemo(alice);
    proactive = createProactive({
      stores: stack.stores,
      clientFactory: interleaving(stack.clientFactory),
      clock,
      pace: { perSecond: 0 },
    });
    notifier = createRecordingNotifier('console');
    proactive.attach(notifier);
  }

  const say = (text: string) => stack.core.handleText({ identity: alice, chat: dm, text });
  const stored = async () => {
    const all = [];
    for await (const a of stack.stores.proactive.alerts.list()) all.push(a);
    return all;
  };

  it('/alert off during the sweep: no alert, and the alert stays off', async () => {
    await start();
    await say('/alert 5');
    stack.sandbox.setBalance('demo', '4,00');
    duringRead = async () => {
      await say('/alert off');
    };
    const r = await proactive.sweepAlerts();
    expect(r.checked).toBe(1);
    expect(notifier.sent).toHaveLength(0);
    expect(await stored()).toEqual([]);
    // And stays off: the next sweep has nothing to watch.
    expect((await proactive.sweepAlerts()).checked).toBe(0);
  });

  it('a new threshold during the sweep is kept, and the old one does not alert', async () => {
    await start();
    await say('/alert 5');
    stack.sandbox.setBalance('demo', '4,00');
    duringRead = async () => {
      await say('/alert 3');
    };
    await proactive.sweepAlerts();
    expect(notifier.sent).toHaveLength(0);
    const [sub] = await stored();
    expect(sub).toMatchObject({ threshold: { minor: 300 }, armed: true, generation: 0 });
    // The new setting works: below 3 it alerts, once.
    stack.sandbox.setBalance('demo', '2,00');
    expect((await proactive.sweepAlerts()).alerted).toBe(1);
    expect(notifier.sent).toHaveLength(1);
  });

  it('/alert off while the alert is being sent: the write-back does not bring it back', async () => {
    await start();
    await say('/alert 5');
    stack.sandbox.setBalance('demo', '4,00');
    afterEachPost(notifier, async () => {
      await say('/alert off');
    });
    // It went out before the user's change: sent, counted, and then off for good.
    expect((await proactive.sweepAlerts()).alerted).toBe(1);
    expect(notifier.sent).toHaveLength(1);
    expect(await stored()).toEqual([]);
  });

  it('a re-arm written by the sweep does not undo a threshold set meanwhile', async () => {
    await start();
    await say('/alert 5');
    stack.sandbox.setBalance('demo', '4,00');
    await proactive.sweepAlerts();
    expect(notifier.sent).toHaveLength(1);
    stack.sandbox.setBalance('demo', '9,00');
    duringRead = async () => {
      await say('/alert 8');
    };
    await proactive.sweepAlerts();
    const [sub] = await stored();
    expect(sub).toMatchObject({ threshold: { minor: 800 }, armed: true });
  });
});
