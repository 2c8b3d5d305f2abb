import type { ReplyChart } from '../reply.js';
import type { SpendData } from './spend-data.js';

/** A native chart takes at most 20 categories on its axis (Slack `data_visualization`, docs/proactive.md §3.1). */
export const CHART_CATEGORIES = 20;

/**
 * The spend figures as two charts a channel can draw itself: spend per day (days grouped into at
 * most {@link CHART_CATEGORIES} runs, each labelled with its first day) and the top destinations.
 * Sums stay in minor units; each bar is the exact sum of its days, so the bars add up to the total.
 */
export function spendChart(
  data: SpendData,
  words: { perDay: string; topDestinations: string },
  day: (iso: string) => string,
): ReplyChart {
  const per = Math.ceil(data.days.length / CHART_CATEGORIES);
  const runs: { label: string; minor: number }[] = [];
  for (let i = 0; i < data.days.length; i += per) {
    const run = data.days.slice(i, i + per);
    runs.push({ label: day(run[0]!.date), minor: run.reduce((sum, d) => sum + d.minor, 0) });
  }
  return {
    currency: data.currency,
    scale: data.scale,
    charts: [
      { kind: 'bar', title: words.perDay, points: runs },
      {
        kind: 'pie',
        title: words.topDestinations,
        points: data.top.filter((d) => d.minor > 0).map((d) => ({ label: d.destination, minor: d.minor })),
      },
    ],
  };
}
