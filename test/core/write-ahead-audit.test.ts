import { afterEach, describe, expect, it } from 'vitest';
import { recoverInterrupted } from '../../src/core/index.js';
import type { AuditEntry } from '../../src/store/records.js';
import { actionOf, alice, type CoreHarness, privateChat, startCore } from './core-harness.js';

/**
 * docs/reliability.md §3.3, write-ahead audit for the never-retry operations (provider-notes §3): the attempt is
 * stored before the request leaves, closed with its outcome, and an attempt left open by a crash is
 * reported at the next start as unknown, with the read that reconciles it.
 */
let h: CoreHarness;
afterEach(async () => {
  await h?.close();
});

const confirm = async (line: string) => {
  const { replies } = await h.send(line);
  return h.stack.core.handleAction({
    identity: alice,
    chat: privateChat,
    actionId: actionOf(replies, 'Confirm'),
  });
};

const collect = async (it: AsyncIterable<AuditEntry>) => {
  const out: AuditEntry[] = [];
  for await (const e of it) out.push(e);
  return out;
};

describe('write-ahead audit', () => {
  it('the attempted record is stored before the provider receives the top-up, then closed with the outcome', async () => {
    h = await startCore();
    const audit = h.stack.stores.audit;
    const seen: { outcome: string; receivedBefore: number; open: number }[] = [];
    const append = audit.append.bind(audit);
    audit.append = async (entry) => {
      await append(entry);
      seen.push({
        outcome: entry.outcome,
        receivedBefore: h.stack.sandbox.stats().received.topup ?? 0,
        open: (await collect(audit.openAttempts())).length,
      });
    };
    const outcome = await confirm('/topup 1000000001');
    expect(outcome.update?.tone).toBe('success');
    expect(seen).toEqual([
      { outcome: 'attempted', receivedBefore: 0, open: 1 },
      { outcome: 'ok', receivedBefore: 1, open: 0 },
    ]);
    const entries = await collect(audit.all());
    expect(entries.map((e) => [e.command, e.outcome, e.check])).toEqual([['topup', 'ok', '/balance']]);
  });

  it('when the attempt cannot be stored, nothing is sent', async () => {
    h = await startCore();
    const audit = h.stack.stores.audit;
    const append = audit.append.bind(audit);
    audit.append = async (entry) => {
      if (entry.outcome === 'attempted') throw new Error('store down');
      await append(entry);
    };
    const outcome = await confirm('/topup 1000000001');
    expect(outcome.update?.tone).toBe('error');
    expect(h.stack.sandbox.stats().received.topup ?? 0).toBe(0);
    expect(h.stack.sandbox.state.balance('demo')!.minor).toBe(184_000);
  });

  it('an attempt left open by a crash is closed as unknown at start and its user is told, with the read', async () => {
    h = await startCore();
    const audit = h.stack.stores.audit;
    // What a kill -9 between "attempted" and the answer leaves behind.
    await audit.append({
      at: '2026-11-23T01:03:44.000Z',
      actor: 'console::alice',
      chat: 'console::dm',
      account: 'demo',
      command: 'target',
      target: '431234567',
      outcome: 'attempted',
      id: 'a1',
      check: '/numbers',
    });
    // A second start (another Redis instance) must not report attempts that may still be running.
    expect(
      await recoverInterrupted({
        stores: h.stack.stores,
        now: new Date('2026-11-23T01:04:00Z'),
        olderThanMs: 60_000,
      }),
    ).toBe(0);
    expect(
      await recoverInterrupted({
        stores: h.stack.stores,
        now: new Date('2026-11-23T01:05:00Z'),
        olderThanMs: 0,
      }),
    ).toBe(1);
    expect(
      await recoverInterrupted({
        stores: h.stack.stores,
        now: new Date('2026-11-23T01:05:00Z'),
        olderThanMs: 0,
      }),
    ).toBe(0);
    expect(await collect(audit.openAttempts())).toEqual([]);
    const entries = await collect(audit.all());
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ id: 'a1', command: 'target', outcome: 'unknown', check: '/numbers' });
    expect(entries[0]!.detail).toMatch(/interrupted/);

    const first = await h.send('/help');
    expect(first.text).toContain(
      'Your /target of Nov 23, 2026, 1:03 AM UTC was interrupted (the bot restarted) before the provider answered, so I do not know whether it happened. Check /numbers before trying again.',
    );
    // Told once.
    expect((await h.send('/help')).text).not.toContain('interrupted');
    expect(h.stack.sandbox.stats().received.store ?? 0).toBe(0);
  });

  it('an unknown /target points to /numbers, not /balance', async () => {
    h = await startCore({ env: { TELEPHONY_TIMEOUT_MS: '1000' } });
    h.stack.sandbox.setFaults({ routes: { store: { latencyMs: 3000 } } });
    const target = await confirm('/target +49 170 1234567 +43 1 234567');
    expect(target.update?.text).toMatch(/Check \/numbers before trying again/);
    expect(target.update?.text).not.toMatch(/\/balance/);
    const entries = await collect(h.stack.stores.audit.all());
    expect(entries.map((e) => e.outcome)).toEqual(['unknown']);
  });
});
