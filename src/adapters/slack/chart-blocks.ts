import { chartRuns, moneyToDecimalString, type ReplyChart } from '../../core/index.js';

/**
 * Slack's `data_visualization` block (docs.slack.dev/reference/block-kit/blocks/data-visualization-block,
 * 2026), which `@slack/types` does not declare yet: sent as JSON with these types. A title of at
 * most 50 characters; a bar chart of at most 20 categories, and its categories and a pie's labels
 * of at most 20 characters; a pie of 1 to 6 segments; at most two such blocks in a message.
 */
export interface DataVisualizationBlock {
  type: 'data_visualization';
  title: string;
  block_id?: string;
  chart: BarChart | PieChart;
}

export interface BarChart {
  type: 'bar';
  series: { name: string; data: { label: string; value: number }[] }[];
  axis_config: { categories: string[]; x_label?: string; y_label?: string };
}

export interface PieChart {
  type: 'pie';
  segments: { label: string; value: number }[];
}

export const CHART_LIMITS = { perMessage: 2, title: 50, label: 20, categories: 20, pieSegments: 6 } as const;

const cut = (s: string, n: number) => (s.length <= n ? s : `${s.slice(0, n - 1)}…`);

/**
 * The reply's charts as blocks (at most two). Amounts go as numbers in the currency's units, read
 * from the exact decimal string of their minor units (the only place a float appears: the drawing).
 */
export function chartBlocks(chart: ReplyChart): DataVisualizationBlock[] {
  const units = (minor: number) => Number(moneyToDecimalString({ minor, scale: chart.scale, currency: '' }));
  return chart.charts.slice(0, CHART_LIMITS.perMessage).flatMap((c, i): DataVisualizationBlock[] => {
    const title = cut(chart.currency ? `${c.title} (${chart.currency})` : c.title, CHART_LIMITS.title);
    const fitted = c.kind === 'bar' ? chartRuns(c.points, CHART_LIMITS.categories) : c.points;
    const points = fitted.map((p) => ({ label: cut(p.label, CHART_LIMITS.label), value: units(p.minor) }));
    if (points.length === 0) return [];
    if (c.kind === 'pie')
      return [
        {
          type: 'data_visualization',
          block_id: `chart${i}`,
          title,
          chart: { type: 'pie', segments: points.slice(0, CHART_LIMITS.pieSegments) },
        },
      ];
    return [
      {
        type: 'data_visualization',
        block_id: `chart${i}`,
        title,
        chart: {
          type: 'bar',
          series: [{ name: cut(c.title, CHART_LIMITS.label), data: points }],
          axis_config: { categories: points.map((p) => p.label) },
        },
      },
    ];
  });
}
