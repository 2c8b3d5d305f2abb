import { afterEach, expect, it } from 'vitest';
import { seedSpread } from '../../core/export-seed.js';
import { type ConsoleHarness, startConsole } from './console-harness.js';

/** An export's progress on the console (docs/interface.md §5.4): plain lines, then the saved file. */
let h: ConsoleHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

it('prints the plan as lines, each step as it changes, then saves the whole file', async () => {
  const now = new Date('2026-11-28T12:00:00Z');
  h = await startConsole({ clock: () => now, sandbox: { data: seedSpread('2026-09-01', 61, 40) } });
  const out = await h.say('/cdrs 2026-09-01 2026-10-31 csv');
  const lines = out.split('\n');
  const title = lines.indexOf('Reading calls Sep 1, 2026 – Oct 31, 2026');
  expect(title).toBeGreaterThanOrEqual(0);
  expect(lines.slice(title + 1, title + 4)).toEqual([
    '▫️ Read the call records day by day',
    '▫️ Count and total',
    '▫️ Make the file',
  ]);
  expect(out).toContain('✅ Read the call records day by day — 61 of 61 days read, 2440 calls');
  expect(out).toContain('✅ Make the file — cdrs-2026-09-01-2026-10-31.csv follows');
  expect(out).toContain('Latest 20 of 2440 calls');
  expect(out.indexOf('✅ Make the file')).toBeLessThan(out.indexOf('[file cdrs-2026-09-01-2026-10-31.csv'));
});
