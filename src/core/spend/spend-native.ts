import type { ReplyChart } from '../reply.js';
import type { SpendData } from './spend-data.js';

type Point = ReplyChart['charts'][number]['points'][number];

/**
 * The spend figures as two charts a channel can draw itself (docs/proactive.md §3.1): spend per day,
 * a point for every day of the period, and the top destinations. Sums stay in minor units. How many
 * categories an axis takes is the channel's to say: it fits the days to it with {@link chartRuns}.
 */
export function spendChart(
  data: SpendData,
  words: { perDay: string; topDestinations: string },
  day: (iso: string) => string,
): ReplyChart {
  return {
    currency: data.currency,
    scale: data.scale,
    charts: [
      {
        kind: 'bar',
        title: words.perDay,
        points: data.days.map((d) => ({ label: day(d.date), minor: d.minor })),
      },
      {
        kind: 'pie',
        title: words.topDestinations,
        points: data.top.filter((d) => d.minor > 0).map((d) => ({ label: d.destination, minor: d.minor })),
      },
    ],
  };
}

/**
 * A chart's points fitted to at most `most` categories (a channel's limit, e.g. Slack's 20): runs of
 * consecutive points of equal length, each labelled with its first point's label. Each run is the
 * exact sum of its points, so the runs add up to the same total.
 */
export function chartRuns(points: readonly Point[], most: number): Point[] {
  const per = Math.max(1, Math.ceil(points.length / most));
  const runs: Point[] = [];
  for (let i = 0; i < points.length; i += per) {
    const run = points.slice(i, i + per);
    runs.push({ label: run[0]!.label, minor: run.reduce((sum, p) => sum + p.minor, 0) });
  }
  return runs;
}
