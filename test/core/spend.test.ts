import { writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoWeek } from '../../src/core/proactive/digest-job.js';
import { createProactive } from '../../src/core/proactive/proactive.js';
import { createRecordingNotifier } from '../helpers/recording-notifier.js';
import { alice, type CoreHarness, privateChat, startCore } from './core-harness.js';

/** A PNG: the 8-byte signature, then an IHDR chunk with the width and height (PNG spec 5.2, 11.2.2). */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const view = Buffer.from(bytes);
  expect(view.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(view.subarray(12, 16).toString('latin1')).toBe('IHDR');
  expect(view.subarray(-8, -4).toString('latin1')).toBe('IEND');
  return { width: view.readUInt32BE(16), height: view.readUInt32BE(20) };
}

describe('spend charts and the weekly digest (docs/proactive.md §3.2)', () => {
  let h: CoreHarness;
  // The demo data's calls are in the first half of November 2026.
  const clock = () => new Date('2026-11-16T09:00:00Z');

  beforeAll(async () => {
    h = await startCore({ clock, sandbox: { clock } });
  });
  afterAll(async () => {
    await h.close();
  });

  it('/spend 30d sends a PNG of plausible size with the total in the caption', async () => {
    const { replies } = await h.send('/spend 30d');
    const [chart] = replies;
    expect(chart?.text).toMatch(/^€\d+\.\d{2,4} on 4 calls, Oct 17, 2026 – Nov 16, 2026$/);
    expect(chart?.visibility).toBe('personal');
    expect(chart?.file?.mimeType).toBe('image/png');
    const png = chart!.file!.content as Uint8Array;
    expect(pngSize(png)).toEqual({ width: 960, height: 540 });
    // A blank image of that size compresses to a few kB; bars, axes and labels make it larger.
    expect(png.byteLength).toBeGreaterThan(15_000);
    expect(png.byteLength).toBeLessThan(2_000_000);
    if (process.env.SPEND_DEMO_PNG) await writeFile(process.env.SPEND_DEMO_PNG, png);
  });

  it('a period with no calls says so; a bad period names the fix and calls nothing', async () => {
    expect((await h.send('/spend 1d')).text).toMatch(/No calls between Nov 15, 2026 and Nov 16, 2026/);
    h.stack.sandbox.resetStats();
    expect((await h.send('/spend forever')).text).toMatch(/give a period such as 7d, 30d, 12w or 3m/i);
    expect((await h.send('/spend 400d')).text).toMatch(/at most a year/);
    expect(h.stack.sandbox.stats().received).toEqual({});
  });

  it('/digest weekly sends the week once per ISO week, with chart and balance', async () => {
    expect((await h.send('/digest weekly')).text).toMatch(/Every Monday/);
    let now = clock().getTime();
    const p = createProactive({
      stores: h.stack.stores,
      clientFactory: h.stack.clientFactory,
      clock: () => new Date(now),
    });
    const notifier = createRecordingNotifier('console');
    p.attach(notifier);
    // Subscribed on Monday 2026-11-16 (W47) at 09:00: the first digest is the next week's.
    expect(await p.sendDigests()).toEqual({ sent: 0, failed: 0 });
    now = Date.parse('2026-11-23T07:00:00Z');
    expect(await p.sendDigests()).toEqual({ sent: 0, failed: 0 });
    now = Date.parse('2026-11-23T08:05:00Z');
    expect(await p.sendDigests()).toEqual({ sent: 1, failed: 0 });
    now = Date.parse('2026-11-26T08:05:00Z');
    expect(await p.sendDigests()).toEqual({ sent: 0, failed: 0 });
    const [digest] = notifier.sent;
    expect(digest!.to).toEqual({ platform: 'console', tenant: '', kind: 'user', user: alice.user });
    // Monday 00:00 to Sunday 24:00: seven days, so no day counts in two digests.
    expect(digest!.reply.title).toBe('Your week Nov 16, 2026 – Nov 22, 2026');
    expect(digest!.reply.text).toMatch(/^Spent €0\.00 on 0 calls\. Balance now: €18\.40\.$/);
    expect(isoWeek(new Date(now))).toBe('2026-W48');
    expect((await h.send('/digest off')).text).toMatch(/switched off/);
    expect((await h.send('/digest daily', { chat: privateChat })).text).toMatch(/say weekly or off/i);
  });
});
