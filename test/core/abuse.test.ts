import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createSampler } from '../../src/core/logs/sampler.js';
import { type CoreHarness, startCore } from './core-harness.js';

/**
 * Abuse is not answered one to one (docs/operations.md §7): a flood over the rate limit gets one
 * "slow down" per window and one log line per minute, however many messages it holds.
 */
let h: CoreHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('a flood over the rate limit', () => {
  it('gets one notice per window and a handful of log lines, not one each', async () => {
    const lines: { msg?: string; outcome?: string }[] = [];
    const logger = pino({ level: 'info' }, { write: (l: string) => lines.push(JSON.parse(l)) });
    h = await startCore({ env: { RATE_LIMIT_PER_MINUTE: '3' }, logger });
    const answers: string[] = [];
    for (let i = 0; i < 300; i++) answers.push((await h.send('/help')).text);
    const notices = answers.filter((a) => /faster than I can take them/.test(a));
    expect(notices).toHaveLength(1);
    // The three allowed got their help, everything after the notice got nothing.
    expect(answers.slice(0, 3).every((a) => a.length > 0)).toBe(true);
    expect(answers.slice(4).every((a) => a === '')).toBe(true);
    const refusedLines = lines.filter((l) => l.outcome?.startsWith('rate-limited'));
    expect(refusedLines.length).toBeLessThanOrEqual(3);
  });
});

describe('the sampler', () => {
  it('lets the first of a kind through per window and counts the rest', () => {
    let now = 0;
    const s = createSampler({ windowMs: 1000, now: () => now });
    expect(s.take('a')).toEqual({ skipped: 0 });
    expect(s.take('a')).toBeUndefined();
    expect(s.take('b')).toEqual({ skipped: 0 });
    expect(s.take('a')).toBeUndefined();
    now = 1000;
    expect(s.take('a')).toEqual({ skipped: 2 });
  });

  it('stays bounded whatever the number of kinds', () => {
    const s = createSampler({ windowMs: 1000, now: () => 0, maxKinds: 10 });
    for (let i = 0; i < 1000; i++) expect(s.take(`k${i}`)).toEqual({ skipped: 0 });
    // The oldest kinds were forgotten: a kind seen long ago passes again, a recent one does not.
    expect(s.take('k0')).toEqual({ skipped: 0 });
    expect(s.take('k999')).toBeUndefined();
  });
});
