import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/core/logs/logger.js';
import type { ReplyForm } from '../../src/core/ports/channel.js';
import { SendFailedError } from '../../src/core/ports/notify.js';
import type { ProgressState, ProgressView } from '../../src/core/ports/progress.js';
import { throttledProgress } from '../../src/core/progress/throttle.js';

/** The core's progress, throttled once for every channel (ports/progress.ts, docs/interface.md §5). */

function harness(opts: {
  minIntervalMs: number;
  refuse?: ReplyForm[];
  unknown?: ReplyForm[];
  hold?: boolean;
}) {
  let now = 0;
  const seen: { kind: 'show' | 'end'; form: ReplyForm; state: ProgressState }[] = [];
  const held: (() => void)[] = [];
  const call = async (kind: 'show' | 'end', state: ProgressState, form: ReplyForm) => {
    if (opts.refuse?.includes(form)) throw new SendFailedError('refused', '400');
    if (opts.unknown?.includes(form)) throw new SendFailedError('unknown', 'timeout');
    if (opts.hold && kind === 'show') await new Promise<void>((r) => held.push(r));
    seen.push({ kind, form, state });
  };
  const view: ProgressView = {
    minIntervalMs: opts.minIntervalMs,
    show: (s, f) => call('show', s, f),
    end: (s, f) => call('end', s, f),
  };
  const progress = throttledProgress(view, {
    platform: 'telegram',
    language: 'en',
    clock: () => new Date(now),
    logger: silentLogger,
  });
  const settle = () => new Promise((r) => setImmediate(r));
  return { progress, seen, held, advance: (ms: number) => (now += ms), settle };
}

describe('progress, throttled in the core', () => {
  it('sends at most one update per the view’s interval, and the last state at the end', async () => {
    const h = harness({ minIntervalMs: 3000 });
    h.progress.start('Export', [{ id: 'read', title: 'Read' }]);
    await h.settle();
    for (let i = 1; i <= 5; i++) {
      h.advance(1000);
      h.progress.step('read', 'in_progress', `${i}`);
      await h.settle();
    }
    h.progress.step('read', 'complete', 'all');
    await h.progress.done();
    expect(h.seen.map((s) => [s.kind, s.state.steps[0]?.detail])).toEqual([
      ['show', undefined],
      ['show', '3'],
      ['end', 'all'],
    ]);
    expect(h.seen.at(-1)?.state.phase).toBe('done');
  });

  it('never sends two at once: an update while one is in flight waits as the latest state', async () => {
    const h = harness({ minIntervalMs: 0, hold: true });
    h.progress.start('Export', [{ id: 'read', title: 'Read' }]);
    h.progress.step('read', 'in_progress', 'a');
    h.progress.step('read', 'in_progress', 'b');
    await h.settle();
    expect(h.held).toHaveLength(1);
    h.held[0]!();
    await h.progress.fail();
    expect(h.seen.map((s) => s.kind)).toEqual(['show', 'end']);
    expect(h.seen[1]!.state.steps[0]?.detail).toBe('b');
    expect(h.seen[1]!.state.phase).toBe('failed');
  });

  it('after a refusal of the native form, keeps to the plain edited message (the core’s order of forms)', async () => {
    const h = harness({ minIntervalMs: 0, refuse: ['rich'] });
    h.progress.start('Export', [{ id: 'read', title: 'Read' }]);
    await h.settle();
    h.progress.step('read', 'complete');
    await h.progress.done();
    expect(h.seen.map((s) => `${s.kind}:${s.form}`)).toEqual(['show:plain', 'show:plain', 'end:plain']);
  });

  it('goes quiet after an unknown outcome, and the job goes on', async () => {
    const h = harness({ minIntervalMs: 0, unknown: ['rich'] });
    h.progress.start('Export', [{ id: 'read', title: 'Read' }]);
    await h.settle();
    await h.progress.done();
    expect(h.seen).toEqual([]);
  });
});
