import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleHarness, startConsole } from './console-harness.js';

/** docs/proactive.md §3.1 on the console: the chart is written as a PNG where exports go, and its path printed. */
describe('/spend on the console', () => {
  let h: ConsoleHarness;
  const clock = () => new Date('2026-11-16T09:00:00Z');

  beforeAll(async () => {
    h = await startConsole({ clock, sandbox: { clock } });
  });
  afterAll(async () => {
    await h.close();
  });

  it('writes the PNG and prints its path with the caption', async () => {
    const printed = await h.say('/spend 30d', /Saved \S+\.png/);
    expect(printed).toMatch(/on 4 calls, Oct 17, 2026 – Nov 16, 2026/);
    const path = /Saved (\S+\.png)/.exec(printed)![1]!;
    expect(path.startsWith(h.exportDir)).toBe(true);
    const png = await readFile(path);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.byteLength).toBeGreaterThan(15_000);
  });
});
