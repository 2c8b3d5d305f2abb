import { describe, expect, it } from 'vitest';
import { chartRuns } from '../../src/core/index.js';

/** A chart's days fitted to a channel's axis (docs/proactive.md §3.1): the channel says how many. */
describe('chartRuns', () => {
  const days = Array.from({ length: 31 }, (_, i) => ({ label: `Oct ${i + 1}`, minor: i * 7 }));
  const total = days.reduce((s, d) => s + d.minor, 0);

  it.each([20, 10, 7, 1])('fits 31 days to at most %i runs that add up to the same total', (most) => {
    const runs = chartRuns(days, most);
    expect(runs.length).toBeLessThanOrEqual(most);
    expect(runs.reduce((s, r) => s + r.minor, 0)).toBe(total);
    expect(runs[0]?.label).toBe('Oct 1');
  });

  it('keeps every point where the axis takes them all', () => {
    expect(chartRuns(days, 40)).toEqual(days);
    expect(chartRuns([], 20)).toEqual([]);
  });

  it('labels each run with its first day (31 days in 20: runs of two)', () => {
    expect(
      chartRuns(days, 20)
        .map((r) => r.label)
        .slice(0, 3),
    ).toEqual(['Oct 1', 'Oct 3', 'Oct 5']);
  });
});
