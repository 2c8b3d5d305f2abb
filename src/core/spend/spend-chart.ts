import type { SpendData } from './spend-data.js';

export interface SpendChartLabels {
  title: string;
  perDay: string;
  topDestinations: string;
  /** Formats an amount in minor units at the data's scale, e.g. `€0.22` (the user's locale). */
  money: (minor: number) => string;
  /** A day of the axis (`2026-11-23`) in the user's format, e.g. `Nov 23`, `23. Nov.`. */
  day: (isoDate: string) => string;
}

const WIDTH = 960;
const HEIGHT = 540;

/**
 * Renders the spend chart as a PNG without a browser or native compilation (issue 15 §3): Apache
 * ECharts' server-side SVG renderer, then @resvg/resvg-js (a prebuilt binary shipped as a registry
 * package) to PNG. Amounts stay integers in minor units; labels are formatted from exact decimals.
 * Both libraries load on first use, so a bot that never draws a chart never pays for them.
 */
export async function renderSpendChart(data: SpendData, labels: SpendChartLabels): Promise<Uint8Array> {
  const echarts = await import('echarts');
  const { Resvg } = await import('@resvg/resvg-js');
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width: WIDTH, height: HEIGHT });
  try {
    chart.setOption(chartOption(data, labels));
    const svg = chart.renderToSVGString();
    return new Resvg(svg, {
      fitTo: { mode: 'width', value: WIDTH },
      font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' },
    })
      .render()
      .asPng();
  } finally {
    chart.dispose();
  }
}

/** Two panels side by side: spend per day (left, bars up) and the top destinations (right, bars across). */
function chartOption(data: SpendData, labels: SpendChartLabels) {
  const label = labels.money;
  return {
    animation: false,
    backgroundColor: '#ffffff',
    textStyle: { fontFamily: 'DejaVu Sans, Arial, sans-serif' },
    title: [
      { text: labels.title, left: 16, top: 8, textStyle: { fontSize: 18 } },
      { text: labels.perDay, left: 16, top: 44, textStyle: { fontSize: 13, fontWeight: 'normal' } },
      {
        text: labels.topDestinations,
        left: '66%',
        top: 44,
        textStyle: { fontSize: 13, fontWeight: 'normal' },
      },
    ],
    grid: [
      { left: 64, right: '38%', top: 80, bottom: 48 },
      { left: '74%', right: 24, top: 80, bottom: 48 },
    ],
    ...axesOf(data, labels),
    series: [
      {
        type: 'bar',
        xAxisIndex: 0,
        yAxisIndex: 0,
        data: data.days.map((d) => d.minor),
        itemStyle: { color: '#3b82f6' },
      },
      {
        type: 'bar',
        xAxisIndex: 1,
        yAxisIndex: 1,
        data: data.top.map((d) => d.minor),
        itemStyle: { color: '#f59e0b' },
        label: {
          show: true,
          position: 'right',
          formatter: (p: { value: number }) => label(p.value),
          fontSize: 10,
        },
      },
    ],
  };
}

/** Left panel: days across, amounts up; right panel: amounts across, destinations down (largest first). */
function axesOf(data: SpendData, labels: SpendChartLabels) {
  const label = labels.money;
  return {
    xAxis: [
      {
        gridIndex: 0,
        type: 'category',
        data: data.days.map((d) => labels.day(d.date)),
        axisLabel: { fontSize: 10 },
      },
      { gridIndex: 1, type: 'value', axisLabel: { formatter: label, fontSize: 10 } },
    ],
    yAxis: [
      { gridIndex: 0, type: 'value', axisLabel: { formatter: label, fontSize: 10 } },
      {
        gridIndex: 1,
        type: 'category',
        inverse: true,
        data: data.top.map((d) => d.destination),
        axisLabel: { fontSize: 10, width: 90, overflow: 'truncate' },
      },
    ],
  };
}
