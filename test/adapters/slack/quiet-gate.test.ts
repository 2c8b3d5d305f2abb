import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQuietGate } from '../../../src/adapters/slack/quiet-gate.js';

/** docs/performance.md §4.2: work after an ack waits while requests are open or arriving, never past its bound. */
describe('quiet gate', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const gate = (o: { quietMs?: number; maxWaitMs?: number; batch?: number } = {}) =>
    createQuietGate({ ...o, now: () => Date.now() });

  function released(p: Promise<void>): { done: boolean } {
    const state = { done: false };
    void p.then(() => {
      state.done = true;
    });
    return state;
  }

  it('lets work go on the next turn when nothing arrived', async () => {
    const g = gate();
    const w = released(g.whenQuiet());
    await vi.advanceTimersByTimeAsync(0);
    expect(w.done).toBe(true);
  });

  it('holds work while a request is open, and until no request arrived for quietMs', async () => {
    const g = gate({ quietMs: 5 });
    const done = g.arrived();
    const w = released(g.whenQuiet());
    await vi.advanceTimersByTimeAsync(50);
    expect(w.done).toBe(false);
    done();
    await vi.advanceTimersByTimeAsync(1);
    expect(w.done).toBe(false);
    // Another request arrives and is answered: the quiet period starts again from it.
    g.arrived()();
    await vi.advanceTimersByTimeAsync(4);
    expect(w.done).toBe(false);
    await vi.advanceTimersByTimeAsync(6);
    expect(w.done).toBe(true);
  });

  it('never holds work longer than maxWaitMs, however busy', async () => {
    const g = gate({ quietMs: 5, maxWaitMs: 100 });
    g.arrived(); // never answered
    const w = released(g.whenQuiet());
    await vi.advanceTimersByTimeAsync(99);
    expect(w.done).toBe(false);
    await vi.advanceTimersByTimeAsync(5);
    expect(w.done).toBe(true);
  });

  it('lets waiters go oldest first, a batch per turn, and counts a finished request once', async () => {
    const g = gate({ batch: 2 });
    const done = g.arrived();
    done();
    done();
    const order: number[] = [];
    const all = Array.from({ length: 5 }, (_, i) => g.whenQuiet().then(() => order.push(i)));
    await vi.advanceTimersByTimeAsync(10);
    await Promise.all(all);
    expect(order).toEqual([0, 1, 2, 3, 4]);
    // Had the second done() counted, the gate would believe a request is open and wait.
    const w = released(g.whenQuiet());
    await vi.advanceTimersByTimeAsync(3);
    expect(w.done).toBe(true);
  });
});

/** docs/performance.md §4.2: a burst that pauses (network jitter, a sender short of CPU) is still one burst. */
describe('quiet gate after a burst', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const gate = () => createQuietGate({ quietMs: 5, burstQuietMs: 50, burstSize: 4, now: () => Date.now() });

  function released(p: Promise<void>): { done: boolean } {
    const state = { done: false };
    void p.then(() => {
      state.done = true;
    });
    return state;
  }

  it('waits burstQuietMs after burstSize requests arrived within it, and quietMs after fewer', async () => {
    const g = gate();
    // Three requests 10 ms apart: no burst; the work goes 5 ms after the last.
    for (let i = 0; i < 3; i++) {
      g.arrived()();
      await vi.advanceTimersByTimeAsync(10);
    }
    const calm = released(g.whenQuiet());
    await vi.advanceTimersByTimeAsync(1);
    expect(calm.done).toBe(true);
    await vi.advanceTimersByTimeAsync(100);
    // Four requests within 50 ms: a burst. A 20 ms pause in it does not let the work go.
    for (let i = 0; i < 4; i++) g.arrived()();
    const held = released(g.whenQuiet());
    await vi.advanceTimersByTimeAsync(20);
    expect(held.done).toBe(false);
    g.arrived()();
    await vi.advanceTimersByTimeAsync(49);
    expect(held.done).toBe(false);
    await vi.advanceTimersByTimeAsync(2);
    expect(held.done).toBe(true);
  });

  it('still lets the work go after maxWaitMs, burst or not', async () => {
    const g = createQuietGate({ burstSize: 2, burstQuietMs: 50, maxWaitMs: 30, now: () => Date.now() });
    g.arrived()();
    g.arrived()();
    const w = released(g.whenQuiet());
    await vi.advanceTimersByTimeAsync(29);
    expect(w.done).toBe(false);
    await vi.advanceTimersByTimeAsync(2);
    expect(w.done).toBe(true);
  });
});
