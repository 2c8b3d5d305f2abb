import type { SpendData } from './spend-data.js';
import { chartOption, type SpendChartLabels } from './spend-layout.js';

/**
 * The size the chart is drawn at. Telegram shows a photo up to 1280 px wide and Slack a file
 * preview scaled to the message; both scale this one image down on a phone, so every label is
 * laid out to fit at this size and nothing depends on the viewer.
 */
export const SPEND_CHART_SIZE = { width: 960, height: 540 };

/**
 * The chart as SVG (Apache ECharts' server-side renderer): what the PNG is made from, and what the
 * tests read to check that every label is whole and inside the picture.
 */
export async function spendChartSvg(
  data: SpendData,
  labels: SpendChartLabels,
  size = SPEND_CHART_SIZE,
): Promise<string> {
  const echarts = await import('echarts');
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, ...size });
  try {
    chart.setOption(chartOption(data, labels, size));
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}

/**
 * Renders the spend chart as a PNG without a browser or native compilation (docs/proactive.md §3.1): the SVG
 * above, then @resvg/resvg-js (a prebuilt binary shipped as a registry package) to PNG. Amounts
 * stay integers in minor units; labels are formatted from exact decimals. Both libraries load on
 * first use, so a bot that never draws a chart never pays for them.
 */
export async function renderSpendChart(data: SpendData, labels: SpendChartLabels): Promise<Uint8Array> {
  const svg = await spendChartSvg(data, labels);
  const { Resvg } = await import('@resvg/resvg-js');
  return new Resvg(svg, {
    fitTo: { mode: 'width', value: SPEND_CHART_SIZE.width },
    font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' },
  })
    .render()
    .asPng();
}
