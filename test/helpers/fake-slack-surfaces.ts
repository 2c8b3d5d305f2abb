/**
 * The 2026 Slack surfaces the fake Web API keeps (fake-slack.ts): the `data_visualization` block's
 * limits (docs.slack.dev/reference/block-kit/blocks/data-visualization-block: a title ≤ 50, labels
 * and categories ≤ 20, a pie of 1 to 6 segments, a bar chart of 1 to 6 series whose points name
 * its categories, at most two charts in a message), and Work Objects (`chat.unfurl` with
 * `metadata.entities`, `entity.presentDetails`), each refused as Slack documents.
 */
type Obj = Record<string, unknown>;

/** Problems of one `data_visualization` block; the count per message is checked by the caller. */
export function chartProblems(b: Obj): string[] {
  const out: string[] = [];
  const label = (v: unknown, where: string) => {
    if (typeof v !== 'string' || v.length === 0 || v.length > 20)
      out.push(`${where}: label of 1-20 characters`);
  };
  const value = (v: unknown, where: string) => {
    if (typeof v !== 'number' || !Number.isFinite(v)) out.push(`${where}: value must be a number`);
  };
  if (typeof b.title !== 'string' || b.title.length === 0 || b.title.length > 50)
    out.push('title of 1-50 characters');
  const chart = (b.chart ?? {}) as Obj;
  if (chart.type === 'pie') {
    const segments = chart.segments as Obj[] | undefined;
    if (!Array.isArray(segments) || segments.length < 1 || segments.length > 6)
      return [...out, 'pie needs 1-6 segments'];
    segments.forEach((s, i) => {
      label(s.label, `segments[${i}]`);
      value(s.value, `segments[${i}]`);
    });
    return out;
  }
  if (chart.type !== 'bar' && chart.type !== 'line' && chart.type !== 'area')
    return [...out, `unknown chart type ${String(chart.type)}`];
  const categories = ((chart.axis_config ?? {}) as Obj).categories as unknown[] | undefined;
  if (!Array.isArray(categories) || categories.length === 0)
    return [...out, 'axis_config.categories missing'];
  categories.forEach((c, i) => {
    label(c, `categories[${i}]`);
  });
  const series = chart.series as Obj[] | undefined;
  if (!Array.isArray(series) || series.length < 1 || series.length > 6) return [...out, 'needs 1-6 series'];
  for (const [i, s] of series.entries()) {
    for (const [j, p] of ((s.data ?? []) as Obj[]).entries()) {
      if (!categories.includes(p.label)) out.push(`series[${i}].data[${j}]: label not among the categories`);
      value(p.value, `series[${i}].data[${j}]`);
    }
  }
  return out;
}

/** How many charts a message carries: a third one is refused (`invalid_blocks`). */
export const CHARTS_PER_MESSAGE = 2;

/** The reason recorded for a chart refused by `refuseCharts()`. */
export const CHARTS_REFUSED = 'data_visualization blocks are not available in this workspace';

/** Blocks of a message body (JSON string or array). */
export function blocksOf(body: Obj): Obj[] {
  const raw = typeof body.blocks === 'string' ? (JSON.parse(body.blocks) as unknown) : body.blocks;
  return Array.isArray(raw) ? (raw as Obj[]) : [];
}
