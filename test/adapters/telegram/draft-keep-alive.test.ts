import { Api } from 'grammy';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DRAFT_REFRESH_MS,
  DraftStops,
  type KeepAliveTimers,
  PRIVATE_PROGRESS_INTERVAL_MS,
  telegramProgress,
} from '../../../src/adapters/telegram/progress.js';
import type { ProgressState } from '../../../src/core/index.js';
import { FakeTelegram } from '../../helpers/fake-telegram.js';
import { alice } from './harness.js';

/**
 * A draft is a 30-second preview (`sendMessageDraft`'s doc comment in @grammyjs/types): an export
 * longer than that keeps its draft by sending it again within its lifetime, and never faster than
 * the private chat's interval (docs/interface.md §5.2). The timer is injected, so the test fires it
 * by hand: no sleeps, no wall clock.
 */
class ManualTimers implements KeepAliveTimers {
  readonly armed: { ms: number; fire: () => void; cancelled: boolean }[] = [];
  set(ms: number, fire: () => void): () => void {
    const t = { ms, fire, cancelled: false };
    this.armed.push(t);
    return () => {
      t.cancelled = true;
    };
  }
  /** Fires the live timer (the one not cancelled), as its due time would; then waits for `settled`. */
  async fire(settled: () => boolean = () => true): Promise<void> {
    const live = this.armed.filter((t) => !t.cancelled);
    expect(live).toHaveLength(1);
    live[0]!.cancelled = true;
    live[0]!.fire();
    await vi.waitFor(() => expect(settled()).toBe(true));
  }
  get live(): number {
    return this.armed.filter((t) => !t.cancelled).length;
  }
}

const state = (phase: ProgressState['phase'], detail: string): ProgressState => ({
  title: 'Reading calls',
  steps: [{ id: 'read', title: 'Read', status: phase === 'running' ? 'in_progress' : 'complete', detail }],
  phase,
  language: 'en',
});

let telegram: FakeTelegram | undefined;
afterEach(async () => {
  await telegram?.close();
  telegram = undefined;
});

async function view() {
  telegram = await FakeTelegram.start();
  const api = new Api(telegram.token, { apiRoot: telegram.apiRoot });
  const timers = new ManualTimers();
  const stops = new DraftStops();
  const v = telegramProgress({ api, chatId: alice.id, privateChat: true, stops, timers });
  return { v, timers, stops, drafts: telegram.drafts };
}

describe('a draft kept alive while the export runs', () => {
  it('is sent again, unchanged, within its 30 s, for as long as nothing newer was sent', async () => {
    const { v, timers, drafts } = await view();
    expect(DRAFT_REFRESH_MS).toBeLessThan(30_000);
    expect(DRAFT_REFRESH_MS).toBeGreaterThanOrEqual(PRIVATE_PROGRESS_INTERVAL_MS);
    await v.show(state('running', '3 of 61 days'), 'rich');
    expect(drafts).toHaveLength(1);
    expect(timers.armed.at(-1)!.ms).toBe(DRAFT_REFRESH_MS);
    await timers.fire(() => drafts.length === 2 && timers.live === 1);
    await timers.fire(() => drafts.length === 3 && timers.live === 1);
    expect(new Set(drafts.map((d) => d.draftId)).size).toBe(1);
    expect(drafts[2]!.text).toBe(drafts[0]!.text);
    expect(drafts.every((d) => d.canStop)).toBe(true);
  });

  it('restarts its wait on each newer state, and ends with the job', async () => {
    const { v, timers, drafts } = await view();
    await v.show(state('running', '3 of 61 days'), 'rich');
    await v.show(state('running', '9 of 61 days'), 'rich');
    expect(timers.live).toBe(1);
    await timers.fire(() => drafts.length === 3 && timers.live === 1);
    expect(drafts.at(-1)!.text).toContain('9 of 61 days');
    await v.end(state('done', '61 of 61 days'), 'rich');
    expect(timers.live).toBe(0);
    expect(drafts).toHaveLength(4);
  });

  it('stops refreshing once the person pressed stop', async () => {
    const { v, timers, stops, drafts } = await view();
    await v.show(state('running', '3 of 61 days'), 'rich');
    stops.mark(alice.id, drafts[0]!.draftId);
    await timers.fire();
    expect(drafts).toHaveLength(1);
    expect(timers.live).toBe(0);
  });

  it('arms nothing for the edited message of a group or after a refused draft (it does not vanish)', async () => {
    const { v, timers } = await view();
    await v.show(state('running', '3 of 61 days'), 'plain');
    expect(timers.armed).toHaveLength(0);
  });

  it('does not bring back an older draft when a newer state sent during a refresh failed', async () => {
    // The Bot API is held by hand here, so the refresh is still in flight when the newer state comes.
    const held: { text: string; settle: (ok: boolean) => void }[] = [];
    const api = {
      sendMessageDraft: (_chat: number, _draft: number, text: string) =>
        new Promise<true>((resolve, reject) => {
          held.push({ text, settle: (ok) => (ok ? resolve(true) : reject(new Error('429'))) });
        }),
    } as unknown as Api;
    const timers = new ManualTimers();
    const v = telegramProgress({ api, chatId: alice.id, privateChat: true, stops: new DraftStops(), timers });
    const first = v.show(state('running', '3 of 61 days'), 'rich');
    await vi.waitFor(() => expect(held).toHaveLength(1));
    held[0]!.settle(true);
    await first;
    const refresh = timers.armed.find((t) => !t.cancelled)!;
    refresh.cancelled = true;
    refresh.fire();
    await vi.waitFor(() => expect(held).toHaveLength(2));
    const newer = v.show(state('running', '9 of 61 days'), 'rich').catch(() => 'failed');
    held[1]!.settle(true);
    await vi.waitFor(() => expect(held).toHaveLength(3));
    held[2]!.settle(false);
    expect(await newer).toBe('failed');
    await new Promise((r) => setImmediate(r));
    expect(timers.live, 'no timer left to send "3 of 61 days" again').toBe(0);
  });
});
