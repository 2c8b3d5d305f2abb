import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { blockKitProblem } from '../../helpers/block-kit.js';
import type { SlackCall } from '../../helpers/fake-slack.js';
import { CHARTS_REFUSED } from '../../helpers/fake-slack-surfaces.js';
import { sqliteMemory, tempSqlitePath } from '../../helpers/sqlite-memory.js';
import { createTestStack, type TestStack } from '../../helpers/stack.js';
import { type SlackHarness, startHarness } from './harness.js';

/**
 * `/spend` as Slack's own chart (docs/channels.md §2.3): real bolt, the real core and sandbox, and
 * the fake Web API, which checks the `data_visualization` block against its documented limits and
 * refuses it where a workspace lacks it. The refusal is remembered in a real SQLite file.
 */
const clock = () => new Date('2026-11-16T09:00:00Z');
let stack: TestStack;
let h: SlackHarness;
let path: string;

beforeEach(async () => {
  stack = await createTestStack({ clock, sandbox: { clock } });
  path = tempSqlitePath('nativeslack-');
  h = await startHarness(
    stack.core,
    { users: [{ id: 'U1', name: 'alice', tz: 'UTC' }] },
    {
      memory: sqliteMemory(path),
    },
  );
  await stack.linkDemo({ platform: 'slack', tenant: 'T1', user: 'U1' });
});

afterEach(async () => {
  await h.close();
  await stack.close();
});

type Chart = {
  type: string;
  title: string;
  chart: { type: string; segments?: Point[]; series?: { data: Point[] }[] };
};
type Point = { label: string; value: number };
const charts = (c: SlackCall) =>
  ((c.body.blocks ?? []) as Chart[]).filter((b) => b.type === 'data_visualization');
const spendAnswer = (h: SlackHarness, id: string) =>
  h.slack.waitForCall('response_url', (c) => c.id === id && c.refused === undefined);

describe('/spend as a data_visualization block', () => {
  it('draws spend per day and top destinations, whose figures add up to the total of the ledger', async () => {
    const { responseId } = await h.command('spend 30d', { channel: 'D1' });
    const answer = await spendAnswer(h, responseId);
    if (process.env.PRINT_TRANSCRIPT) console.log(JSON.stringify(answer.body.blocks, null, 2));
    const [perDay, top] = charts(answer);
    expect(perDay?.chart.type).toBe('bar');
    expect(top?.chart.type).toBe('pie');
    // The caption is the PNG's, from the same ledger read: "€1.23 on 4 calls, …".
    const caption = JSON.stringify(answer.body.blocks).match(/€(\d+)\.(\d{2})\b/)!;
    const total = Number(caption[1]) * 100 + Number(caption[2]);
    const bars = perDay!.chart.series![0]!.data;
    expect(bars.length).toBeLessThanOrEqual(20);
    // The ledger's amounts are in thousandths: summed exactly, the bars and the pie (all four
    // destinations of the period) are the same sum, which the caption shows rounded to cents.
    const milli = (points: Point[]) => points.reduce((s, p) => s + Math.round(p.value * 1000), 0);
    expect(milli(bars)).toBe(milli(top!.chart.segments!));
    expect(Math.round(milli(bars) / 10)).toBe(total);
    // Drawn by Slack: no PNG uploaded.
    expect(h.slack.callsOf('files.completeUploadExternal')).toEqual([]);
    expect(h.slack.refusedPayloads()).toEqual([]);
  });

  it('a workspace that refuses the block gets the PNG, and is remembered in the store across a restart', async () => {
    h.slack.refuseCharts();
    const first = await h.command('spend 30d', { channel: 'D1' });
    await h.slack.waitForCall('files.completeUploadExternal');
    expect(h.slack.refusedPayloads().map((c) => c.refused?.reason)).toContain(CHARTS_REFUSED);
    const shown = await spendAnswer(h, first.responseId);
    expect(charts(shown)).toEqual([]);

    // A new channel on the same store (a restart): the PNG at once, no chart tried.
    await h.close();
    h = await startHarness(
      stack.core,
      { users: [{ id: 'U1', name: 'alice', tz: 'UTC' }] },
      {
        memory: sqliteMemory(path),
      },
    );
    h.slack.refuseCharts();
    const again = await h.command('spend 30d', { channel: 'D1' });
    await h.slack.waitForCall('files.completeUploadExternal');
    await spendAnswer(h, again.responseId);
    expect(h.slack.refusedPayloads()).toEqual([]);
  });

  it("asked in a channel, draws the chart in the answer only the asker sees, with no PNG; a refusing workspace gets today's PNG", async () => {
    const { responseId } = await h.command('spend 30d', { channel: 'C1' });
    const answer = await spendAnswer(h, responseId);
    expect(answer.body.response_type).toBe('ephemeral');
    expect(charts(answer).map((c) => c.chart.type)).toEqual(['bar', 'pie']);
    await h.channel.stop();
    expect(h.slack.callsOf('files.completeUploadExternal')).toEqual([]);
    expect(h.slack.refusedPayloads()).toEqual([]);

    await h.close();
    h = await startHarness(stack.core, { users: [{ id: 'U1', name: 'alice', tz: 'UTC' }] });
    h.slack.refuseCharts();
    const refused = await h.command('spend 30d', { channel: 'C1' });
    await h.slack.waitForCall('files.completeUploadExternal');
    const shown = await spendAnswer(h, refused.responseId);
    expect(shown.body.response_type).toBe('ephemeral');
    expect(charts(shown)).toEqual([]);
  });

  it('the fake refuses a third chart in a message, as Slack does', () => {
    const chart = {
      type: 'data_visualization',
      title: 'x',
      chart: { type: 'pie', segments: [{ label: 'a', value: 1 }] },
    };
    expect(blockKitProblem([chart, chart], 'message')).toBeUndefined();
    expect(blockKitProblem([chart, chart, chart], 'message')).toMatch(/at most 2 charts/);
    expect(blockKitProblem([{ ...chart, title: 'x'.repeat(51) }], 'message')).toMatch(/title/);
  });
});
