import { afterEach, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../../src/core/logs/logger.js';
import { createScheduler } from '../../src/core/proactive/scheduler.js';
import { createMemoryKeyValueStore } from '../../src/store/index.js';
import { createProactiveStores } from '../../src/store/proactive-store.js';

/** The lease and the per-tick claim, on the store every instance shares (docs/proactive.md §5.2). */
describe('the scheduler: croner for timing, a lease for "once across instances"', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a lease has one holder; renew and release work for that holder only', async () => {
    const { leases } = createProactiveStores({ kv: createMemoryKeyValueStore() });
    expect(await leases.acquire('job:alerts', 'a', 60_000)).toBe(true);
    expect(await leases.acquire('job:alerts', 'b', 60_000)).toBe(false);
    expect(await leases.renew('job:alerts', 'b', 60_000)).toBe(false);
    expect(await leases.renew('job:alerts', 'a', 60_000)).toBe(true);
    await leases.release('job:alerts', 'b');
    expect(await leases.acquire('job:alerts', 'b', 60_000)).toBe(false);
    await leases.release('job:alerts', 'a');
    expect(await leases.acquire('job:alerts', 'b', 60_000)).toBe(true);
  });

  it('an expired lease can be taken over, and the old holder learns it lost it', async () => {
    let now = 0;
    const { leases } = createProactiveStores({ kv: createMemoryKeyValueStore({ now: () => now }) });
    expect(await leases.acquire('job:x', 'a', 1_000)).toBe(true);
    now += 1_001;
    expect(await leases.acquire('job:x', 'b', 1_000)).toBe(true);
    expect(await leases.renew('job:x', 'a', 1_000)).toBe(false);
  });

  it('runOnce runs only where the lease is won, and renews it while the job runs', async () => {
    vi.useFakeTimers();
    const stores = createProactiveStores({ kv: createMemoryKeyValueStore({ now: () => Date.now() }) });
    let release!: () => void;
    let runs = 0;
    const job = {
      name: 'alerts',
      pattern: '*/15 * * * *',
      run: () =>
        new Promise<void>((resolve) => {
          runs += 1;
          release = resolve;
        }),
    };
    const common = { leases: stores.leases, claims: stores.claims, leaseMs: 3_000, logger: silentLogger };
    const a = createScheduler({ ...common, holder: 'a', jobs: [job] });
    const b = createScheduler({ ...common, holder: 'b', jobs: [job] });
    const first = a.runOnce('alerts');
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toBe(1);
    // Well past the lease's TTL: A renewed it every second, so B still cannot take it.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await b.runOnce('alerts')).toBe(false);
    release();
    expect(await first).toBe(true);
    const second = b.runOnce('alerts');
    await vi.advanceTimersByTimeAsync(0);
    release();
    expect(await second).toBe(true);
    expect(runs).toBe(2);
  });

  it('the cron fires a tick on one instance of two: the tick claim and the lease keep it single', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-20T10:00:00.500Z') });
    const stores = createProactiveStores({ kv: createMemoryKeyValueStore({ now: () => Date.now() }) });
    let runs = 0;
    const job = {
      name: 'call-reports',
      pattern: '*/15 * * * * *',
      run: async () => {
        runs += 1;
      },
    };
    const common = { leases: stores.leases, claims: stores.claims, leaseMs: 3_000, logger: silentLogger };
    const a = createScheduler({ ...common, holder: 'a', jobs: [job] });
    const b = createScheduler({ ...common, holder: 'b', jobs: [job] });
    a.start();
    b.start();
    await vi.advanceTimersByTimeAsync(60_000);
    await a.stop();
    await b.stop();
    // Four ticks in a minute (:15, :30, :45, :00), each run once.
    expect(runs).toBe(4);
  });
});
