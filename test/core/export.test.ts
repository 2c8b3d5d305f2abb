import { afterEach, describe, expect, it } from 'vitest';
import type { ChatRef } from '../../src/core/identity.js';
import type { ProgressState, ProgressView } from '../../src/core/ports/progress.js';
import type { Reply } from '../../src/core/reply.js';
import { alice, type CoreHarness, group, privateChat, startCore, textOf } from './core-harness.js';
import { scale4, seedSpread } from './export-seed.js';

/**
 * `/cdrs <from> <to> csv` over a period with more records than one provider read returns (1000):
 * read window by window, merged once, delivered as one file whose count and total are the
 * sandbox ledger's (docs/proactive.md §7.3). Before: one read, "at least 1000", and a file of 20 rows.
 */
let h: CoreHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const FROM = '2026-09-01';
const TO = '2026-10-31';

/** The ledger's calls of the demo account in [from, to] (UTC days), and their total at scale 4. */
function ledger(harness: CoreHarness, from: string, to: string) {
  const lo = Date.parse(`${from}T00:00:00Z`);
  const hi = Date.parse(`${to}T23:59:59.999Z`);
  const calls = harness.stack.sandbox.state.cdrs('demo').filter((c) => {
    const t = Date.parse(c.start);
    return t >= lo && t <= hi;
  });
  return { count: calls.length, total: calls.reduce((s, c) => s + c.amount, 0) };
}

const send = (harness: CoreHarness, text: string, progress?: ProgressView, chat: ChatRef = privateChat) =>
  harness.stack.core.handleText({ identity: alice, chat, text, ...(progress ? { progress } : {}) });

/** A view that records every state it is shown; `onShow` runs after each show (its count). */
function recording(onShow: (n: number) => void = () => {}) {
  const states: ProgressState[] = [];
  let stop = false;
  const view: ProgressView = {
    minIntervalMs: 0,
    async show(state) {
      states.push(state);
      onShow(states.length);
    },
    async end(state) {
      states.push(state);
    },
    stopped: () => stop,
  };
  return { view, states, stopNow: () => (stop = true) };
}

function csvOf(replies: readonly Reply[]) {
  const file = replies.find((r) => r.file)?.file;
  if (!file) return undefined;
  const [header, ...rows] = String(file.content).trim().split(/\r?\n/);
  const amount = header!.split(',').indexOf('amount');
  return { name: file.name, rows, total: rows.reduce((s, r) => s + scale4(r.split(',')[amount]!), 0) };
}

describe('an export of a period longer than one read', () => {
  it('delivers one file with every call once, its count and total the ledger’s', async () => {
    h = await startCore({ sandbox: { data: seedSpread(FROM, 61, 40) } });
    const want = ledger(h, FROM, TO);
    expect(want.count).toBeGreaterThan(1000);
    const replies = await send(h, `/cdrs ${FROM} ${TO} csv`);
    const text = textOf(replies);
    expect(text).not.toMatch(/at least/);
    expect(text).toContain(`Latest 20 of ${want.count} calls`);
    const shown = /of \d+ calls, €([\d,.]+) in all/.exec(text)![1]!;
    expect(scale4(shown.replace(/,/g, ''))).toBe(Math.round(want.total / 100) * 100);
    const file = csvOf(replies)!;
    expect(file.rows).toHaveLength(want.count);
    expect(new Set(file.rows).size).toBe(want.count);
    expect(file.total).toBe(want.total);
  });

  it('counts the calls at a day’s edges (00:00:00 and 23:59:59) once each', async () => {
    h = await startCore({ sandbox: { data: seedSpread(FROM, 61, 40) } });
    const file = csvOf(await send(h, `/cdrs ${FROM} ${TO} csv`))!;
    const starts = file.rows.map((r) => r.split(',')[0]);
    for (const edge of ['2026-09-15T00:00:00.000Z', '2026-09-14T23:59:59.000Z', '2026-10-31T23:59:59.000Z']) {
      expect(starts.filter((s) => s === edge)).toHaveLength(1);
    }
  });

  it('says "at least" only of a day the provider returned full, naming it', async () => {
    h = await startCore({ sandbox: { data: seedSpread('2026-09-10', 1, 1100, 60_000) } });
    const text = textOf(await send(h, '/cdrs 2026-09-01 2026-09-30'));
    expect(text).toMatch(/At least: on Sep 10, 2026 the provider returned its limit of 1000 calls/);
  });

  it('tells what was read and delivers no file when a read fails midway', async () => {
    h = await startCore({ sandbox: { data: seedSpread(FROM, 61, 40) } });
    const harness = h;
    const states: ProgressState[] = [];
    const view: ProgressView = {
      minIntervalMs: 0,
      async show(state) {
        states.push(state);
        // One update per read: after the third (61 days full, 31 full, 16 days whole) the provider fails.
        if (states.length === 3) {
          harness.stack.sandbox.setFaults({
            routes: { cdrs: { serverErrorProbability: 1, serverErrorStatus: 503 } },
          });
        }
      },
      async end(state) {
        states.push(state);
      },
    };
    const replies = await send(h, `/cdrs ${FROM} ${TO} csv`, view);
    expect(csvOf(replies)).toBeUndefined();
    expect(textOf(replies)).toMatch(
      /I stopped after reading 16 of 61 days \(640 calls\), because the provider failed\. I sent no file/,
    );
    expect(states.at(-1)?.phase).toBe('failed');
  });

  it('stops when the person stops the draft, saying what was read, with no file', async () => {
    h = await startCore({ sandbox: { data: seedSpread(FROM, 61, 40) } });
    const r = recording((n) => n === 3 && r.stopNow());
    const replies = await send(h, `/cdrs ${FROM} ${TO} csv`, r.view);
    expect(csvOf(replies)).toBeUndefined();
    expect(textOf(replies)).toMatch(/Stopped as you asked, after 16 of 61 days \(640 calls\)/);
    expect(r.states.at(-1)?.phase).toBe('failed');
  });

  it('shows its plan, and in a shared chat says only how many days were read, nothing of the calls', async () => {
    h = await startCore({ sandbox: { data: seedSpread(FROM, 61, 40) } });
    const mine = recording();
    await send(h, `/cdrs ${FROM} ${TO} csv`, mine.view);
    const last = mine.states.at(-1)!;
    expect(last.phase).toBe('done');
    expect(last.steps.map((s) => [s.id, s.status])).toEqual([
      ['read', 'complete'],
      ['total', 'complete'],
      ['file', 'complete'],
    ]);
    expect(last.steps[0]!.detail).toBe('61 of 61 days read, 2440 calls');
    const shared = recording();
    await send(h, `/cdrs ${FROM} ${TO} csv`, shared.view, group);
    expect(shared.states.length).toBeGreaterThan(1);
    const said = JSON.stringify(shared.states);
    expect(said).toContain('61 of 61 days read');
    expect(said).not.toMatch(/\d+ calls|€/);
  });

  it('reads one window and shows no progress when the period fits one read', async () => {
    h = await startCore({ sandbox: { data: seedSpread(FROM, 10, 40) } });
    const r = recording();
    const text = textOf(await send(h, `/cdrs ${FROM} 2026-09-10 csv`, r.view));
    expect(text).toContain('400 calls');
    expect(r.states).toEqual([]);
  });
});
