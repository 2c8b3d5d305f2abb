import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { createAdmission } from '../../src/telephony/admission.js';
import { createTelephonyClient, createTransport, md5Hex } from '../../src/telephony/index.js';

/**
 * Admission control at the provider (docs/operations.md §7): turns go round the accounts, a read
 * still waiting is shared by an identical one, and `busy()` says when the backlog is full. Order
 * is observed by holding the work, never by timing.
 */

/** Work the test releases by hand; records the order it started in. */
function held() {
  const started: string[] = [];
  const releases: (() => void)[] = [];
  const work = (name: string) => () =>
    new Promise<string>((resolve) => {
      started.push(name);
      releases.push(() => resolve(name));
    });
  const releaseOne = async () => {
    releases.shift()?.();
    // Let the finished call hand its slot on (and its caller ask again): every pending reaction runs.
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { started, work, releaseOne };
}

describe('admission', () => {
  it("serves accounts in turn: a light account's one call goes before a heavy one's backlog", async () => {
    const a = createAdmission({ slots: 1, maxQueued: 100 });
    const h = held();
    const results: Promise<string>[] = [];
    for (let i = 0; i < 5; i++) results.push(a.run('heavy', undefined, h.work(`heavy${i}`)));
    results.push(a.run('light', undefined, h.work('light')));
    for (let i = 0; i < 6; i++) await h.releaseOne();
    await Promise.all(results);
    // heavy0 had the slot already; then light's turn comes before heavy's second call.
    expect(h.started).toEqual(['heavy0', 'light', 'heavy1', 'heavy2', 'heavy3', 'heavy4']);
  });

  /** Accounts that ask again as soon as each call is answered, as a heavy chat's next update does. */
  function returning(
    a: ReturnType<typeof createAdmission>,
    h: ReturnType<typeof held>,
    who: string,
    calls: number,
  ) {
    const one = (n: number): Promise<unknown> =>
      a.run(who, undefined, h.work(`${who}${n}`)).then(() => (n + 1 < calls ? one(n + 1) : undefined));
    return one(0);
  }

  it("an idle account's command goes before the round in progress ends, both its reads", async () => {
    const a = createAdmission({ slots: 1, maxQueued: 100 });
    const h = held();
    const busy = ['b', 'c', 'd', 'e'].map((who) => returning(a, h, who, 6));
    for (let i = 0; i < 9; i++) await h.releaseOne();
    // Four accounts take turns, each asking again at once. A user who sent nothing for a while asks
    // for two reads at once (`/balance`): both go next, not one in this round and one in the next.
    const asked = h.started.length;
    const light = [a.run('light', undefined, h.work('L0')), a.run('light', undefined, h.work('L1'))];
    // Each release starts the next call; more releases than calls are harmless.
    for (let i = 0; i < 30; i++) await h.releaseOne();
    await Promise.all([...busy, ...light]);
    expect(h.started.slice(asked, asked + 2)).toEqual(['L0', 'L1']);
  });

  it('gives an idle account no more than its credit ahead of the others, then its fair share', async () => {
    const a = createAdmission({ slots: 1, maxQueued: 100 });
    const h = held();
    const busy = ['b', 'c', 'd', 'e'].map((who) => returning(a, h, who, 6));
    for (let i = 0; i < 9; i++) await h.releaseOne();
    const asked = h.started.length;
    const light = Array.from({ length: 5 }, (_, i) => a.run('light', undefined, h.work(`L${i}`)));
    for (let i = 0; i < 30; i++) await h.releaseOne();
    await Promise.all([...busy, ...light]);
    const next = h.started.slice(asked);
    // The credit and its turn in the round under way: three at once.
    expect(next.slice(0, 3)).toEqual(['L0', 'L1', 'L2']);
    // Then a fair share like everyone's: five accounts, two rounds, two of its calls.
    expect(next.slice(3, 13).filter((n) => n.startsWith('L'))).toHaveLength(2);
  });

  it('gives no credit to an account that is only a little behind: it waits its turn in the round', async () => {
    const a = createAdmission({ slots: 1, maxQueued: 100 });
    const h = held();
    const busy = ['b', 'c', 'd', 'e'].map((who) => returning(a, h, who, 8));
    const x0 = a.run('x', undefined, h.work('x0'));
    for (let i = 0; i < 7; i++) await h.releaseOne();
    await x0;
    // x had a call served a round or two ago: two more at once take their turns like everyone's.
    const asked = h.started.length;
    const x = [a.run('x', undefined, h.work('x1')), a.run('x', undefined, h.work('x2'))];
    for (let i = 0; i < 40; i++) await h.releaseOne();
    await Promise.all([...busy, ...x]);
    const next = h.started.slice(asked);
    expect(next.indexOf('x2') - next.indexOf('x1')).toBeGreaterThan(1);
  });

  it('shares a waiting read with an identical one, never one already sent', async () => {
    const a = createAdmission({ slots: 1, maxQueued: 100 });
    const h = held();
    const first = a.run('u', 'read', h.work('sent'));
    // `sent` has the slot: a new identical read must not take its (older) answer.
    const second = a.run('u', 'read', h.work('queued'));
    const third = a.run('u', 'read', h.work('never'));
    await h.releaseOne();
    await h.releaseOne();
    expect(await first).toBe('sent');
    expect(await second).toBe('queued');
    expect(await third).toBe('queued');
    expect(h.started).toEqual(['sent', 'queued']);
    expect(a.stats().joined).toBe(1);
  });

  it('says busy once the backlog is full, and not after it drained', async () => {
    const a = createAdmission({ slots: 2, maxQueued: 3 });
    const h = held();
    const all = Array.from({ length: 5 }, (_, i) => a.run(`u${i}`, undefined, h.work(`w${i}`)));
    expect(a.stats()).toMatchObject({ inFlight: 2, queued: 3 });
    expect(a.busy()).toBe(true);
    await h.releaseOne();
    expect(a.busy()).toBe(false);
    for (let i = 0; i < 4; i++) await h.releaseOne();
    await Promise.all(all);
    expect(a.stats()).toMatchObject({ inFlight: 0, queued: 0 });
  });

  it('passes a failure to every caller that shared the read', async () => {
    const a = createAdmission({ slots: 1, maxQueued: 10 });
    const h = held();
    const first = a.run('u', undefined, h.work('x'));
    const failing = () => Promise.reject(new Error('no answer'));
    const b = a.run('u', 'k', failing);
    const c = a.run('u', 'k', failing);
    // Both expectations hold their promise before the read can fail, as a caller awaiting it would.
    const bFails = expect(b).rejects.toThrow('no answer');
    const cFails = expect(c).rejects.toThrow('no answer');
    await h.releaseOne();
    await first;
    await bFails;
    await cFails;
  });
});

describe('the client under admission', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = createSandbox({ faults: { global: { latencyMs: 50 } } });
    await sandbox.listen({ port: 0 });
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it('ten identical reads of one account make two requests; a wrong password never joins them', async () => {
    const transport = createTransport({ connections: 1 });
    const admission = createAdmission({ slots: 1, maxQueued: 100 });
    const client = (password: string) =>
      createTelephonyClient({
        baseUrl: sandbox.url,
        credentials: { username: 'demo', md5: md5Hex(password) },
        transport,
        admission,
        retry: { maxRetries: 0 },
      });
    try {
      sandbox.resetStats();
      const reads = Array.from({ length: 10 }, () => client('demo').onlinecallthrough());
      const wrong = client('not-demo').onlinecallthrough();
      const answers = await Promise.all(reads);
      await expect(wrong).rejects.toMatchObject({ code: 'TEL_AUTH' });
      expect(new Set(answers.map((x) => x.account.username))).toEqual(new Set(['demo']));
      // The first is sent at once; the other nine wait together and share one request.
      expect(sandbox.stats().received.onlinecallthrough).toBe(3);
      // A never-retry operation is never shared.
      expect(admission.stats().joined).toBe(8);
    } finally {
      await transport.close();
    }
  });
});
