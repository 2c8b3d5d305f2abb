import { describe, expect, it } from 'vitest';
import type { SlackCall } from '../../helpers/fake-slack.js';
import { slackExportStack } from './export-stack.js';
import type { SlackHarness } from './harness.js';

/**
 * An export's progress on Slack (docs/interface.md §5.3): in the DM a plan streamed in a thread under
 * a parent message (`chat.startStream` / `appendStream` / `stopStream`, task and plan chunks), then
 * the file; a workspace that refuses the stream gets the parent message updated instead, nothing
 * lost; in a channel today's private answer stays and nothing streams. The core's clock stands
 * still, so its throttle lets the first state and the last through (no timers, no sleeps).
 */
const EXPORT = 'cdrs 2026-09-01 2026-10-31 csv';

const start = slackExportStack();

const chunksOf = (c: SlackCall) =>
  (typeof c.body.chunks === 'string' ? JSON.parse(c.body.chunks) : (c.body.chunks ?? [])) as Record<
    string,
    unknown
  >[];
const uploadedRows = (harness: SlackHarness) =>
  harness.slack.callsOf('upload')[0]!.raw.trim().split('\n').length - 1;

describe('an export in the DM with the app', () => {
  it('streams a plan in a thread under a parent message, then uploads the whole file', async () => {
    const harness = await start();
    await harness.command(EXPORT);
    const done = await harness.slack.waitForCall('files.completeUploadExternal');
    expect(uploadedRows(harness)).toBe(2440);
    const opened = harness.slack.callsOf('chat.startStream')[0]!;
    const parent = harness.slack
      .callsOf('chat.postMessage')
      .find((c) => String(c.body.text).includes('Reading calls'))!;
    expect(opened.body.channel).toBe('D1');
    expect(opened.body.thread_ts).toBe((parent.answer as { ts: string }).ts);
    expect(opened.body.task_display_mode).toBe('plan');
    expect(chunksOf(opened)[0]).toEqual({
      type: 'plan_update',
      title: 'Reading calls Sep 1, 2026 – Oct 31, 2026',
    });
    expect(
      chunksOf(opened)
        .slice(1)
        .map((c) => c.id),
    ).toEqual(['read', 'total', 'file']);
    const stop = harness.slack.callsOf('chat.stopStream')[0]!;
    expect(chunksOf(stop)).toContainEqual({
      type: 'task_update',
      id: 'read',
      title: 'Read the call records day by day',
      status: 'complete',
      details: '61 of 61 days read, 2440 calls',
    });
    expect([...harness.slack.streams.values()].every((s) => s.stopped)).toBe(true);
    expect(stop.seq).toBeLessThan(done.seq);
  });

  it('updates the parent message instead when the workspace refuses streams, nothing lost', async () => {
    const harness = await start();
    harness.slack.refuseStreams();
    await harness.command(EXPORT);
    await harness.slack.waitForCall('files.completeUploadExternal');
    expect(uploadedRows(harness)).toBe(2440);
    expect(harness.slack.streams.size).toBe(0);
    const parent = harness.slack
      .callsOf('chat.postMessage')
      .filter((c) => String(c.body.text).includes('Reading calls'));
    expect(parent).toHaveLength(1);
    const updates = harness.slack.callsOf('chat.update');
    expect(updates.at(-1)!.body.ts).toBe((parent[0]!.answer as { ts: string }).ts);
    expect(String(updates.at(-1)!.body.text)).toContain('✅ Make the file');
  });
});

describe('an export asked in a channel', () => {
  it('streams nothing: the answer and file go privately as today', async () => {
    const harness = await start();
    await harness.command(EXPORT, { channel: 'C1' });
    const done = await harness.slack.waitForCall('files.completeUploadExternal');
    expect(done.body.channel_id).toBe('DU1');
    expect(harness.slack.callsOf('chat.startStream')).toEqual([]);
    expect(
      harness.slack.callsOf('chat.postMessage').some((c) => String(c.body.text).includes('Reading calls')),
    ).toBe(false);
  });
});

describe('the fake Web API, as Slack documents streaming', () => {
  it('refuses a stream outside a thread, and one in a channel without its recipient', async () => {
    const harness = await start();
    const call = (method: string, body: object) =>
      fetch(`${harness.slack.apiUrl}${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer xoxb-test' },
        body: JSON.stringify(body),
      }).then((r) => r.json() as Promise<{ ok: boolean; error?: string; ts?: string }>);
    const chunks = [{ type: 'markdown_text', text: 'x' }];
    expect(await call('chat.startStream', { channel: 'D1', chunks })).toMatchObject({ ok: false });
    const parent = await call('chat.postMessage', { channel: 'C1', text: 'p' });
    expect(await call('chat.startStream', { channel: 'C1', thread_ts: parent.ts, chunks })).toMatchObject({
      ok: false,
      error: 'invalid_arguments',
    });
    const dmParent = await call('chat.postMessage', { channel: 'D1', text: 'p' });
    const started = await call('chat.startStream', { channel: 'D1', thread_ts: dmParent.ts, chunks });
    expect(started.ok).toBe(true);
    expect(await call('chat.stopStream', { channel: 'D1', ts: started.ts })).toMatchObject({ ok: true });
    expect(await call('chat.appendStream', { channel: 'D1', ts: started.ts, chunks })).toMatchObject({
      ok: false,
      error: 'message_not_in_streaming_state',
    });
  });
});
