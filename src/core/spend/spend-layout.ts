import type { SpendData } from './spend-data.js';

/** The words and formats of one chart, in the reader's language and locale. */
export interface SpendChartLabels {
  title: string;
  perDay: string;
  topDestinations: string;
  /** Formats an amount in minor units at the data's scale, e.g. `€0.22` (the user's locale). */
  money: (minor: number) => string;
  /** A day of the axis (`2026-11-23`) in the user's format, e.g. `Nov 23`, `23. Nov.`. */
  day: (isoDate: string) => string;
}

const FONT = 'DejaVu Sans, Arial, sans-serif';
const LABEL_PX = 11;
const PAD = 16;

/**
 * A generous width of `text` at `px` in DejaVu Sans, the font the PNG is drawn with: its widest
 * glyphs (`W`, `m`) are about 1 em, other capitals and `€` 0.8 em, digits 0.64 em. Margins are laid out with it,
 * so no label is cut, however long a destination or an amount in the user's format.
 */
export function textWidth(text: string, px: number): number {
  let em = 0;
  for (const ch of text)
    em += /[MWmw@%]/.test(ch) ? 1.02 : /[A-Z€]/.test(ch) ? 0.8 : /[\s.,:;'|il!]/.test(ch) ? 0.36 : 0.66;
  return Math.ceil(em * px);
}

/**
 * Two panels side by side: spend per day (left, bars up) and the top destinations (right, bars
 * across, each with its amount). Each margin is the width of the longest label it must hold:
 * the amounts up the left axis, the destinations in full, and the biggest bar's amount after
 * its bar. The right panel's amount axis shows no numbers: every bar carries its own, and in
 * German ("12,00 €") the axis numbers would run together.
 */
export function chartOption(
  data: SpendData,
  labels: SpendChartLabels,
  size: { width: number; height: number },
) {
  const split = Math.round(size.width * 0.5);
  return {
    animation: false,
    backgroundColor: '#ffffff',
    textStyle: { fontFamily: FONT },
    title: [
      { text: labels.title, left: PAD, top: 8, textStyle: { fontSize: 18 } },
      { text: labels.perDay, left: PAD, top: 44, textStyle: { fontSize: 13, fontWeight: 'normal' } },
      {
        text: labels.topDestinations,
        left: split + PAD,
        top: 44,
        textStyle: { fontSize: 13, fontWeight: 'normal' },
      },
    ],
    ...panels(data, labels, size.width, split),
  };
}

/** The grids, axes and bars of both panels, each margin as wide as the labels it holds. */
function panels(data: SpendData, labels: SpendChartLabels, width: number, split: number) {
  const money = labels.money;
  const maxDay = Math.max(0, ...data.days.map((d) => d.minor));
  // The axis' top tick may exceed the biggest day by up to half again ("nice" numbers): room for both.
  const dayAxisWidth = Math.max(
    textWidth(money(maxDay), LABEL_PX),
    textWidth(money(Math.ceil(maxDay * 1.5)), LABEL_PX),
  );
  const destWidth = Math.max(0, ...data.top.map((d) => textWidth(d.destination, LABEL_PX)));
  const barLabelWidth = Math.max(0, ...data.top.map((d) => textWidth(money(d.minor), LABEL_PX)));
  return {
    grid: [
      { left: PAD + dayAxisWidth + 8, right: width - split + PAD, top: 80, bottom: 48 },
      { left: split + PAD + destWidth + 8, right: barLabelWidth + PAD + 8, top: 80, bottom: 48 },
    ],
    xAxis: [
      {
        gridIndex: 0,
        type: 'category',
        data: data.days.map((d) => labels.day(d.date)),
        // Every label or none between: ECharts drops the ones that would overlap.
        axisLabel: { fontSize: LABEL_PX, hideOverlap: true },
      },
      { gridIndex: 1, type: 'value', max: 'dataMax', axisLabel: { show: false }, splitLine: { show: false } },
    ],
    yAxis: [
      { gridIndex: 0, type: 'value', axisLabel: { formatter: money, fontSize: LABEL_PX } },
      {
        gridIndex: 1,
        type: 'category',
        inverse: true,
        data: data.top.map((d) => d.destination),
        axisLabel: { fontSize: LABEL_PX, width: destWidth + 4, overflow: 'none' },
      },
    ],
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
          formatter: (p: { value: number }) => money(p.value),
          fontSize: LABEL_PX,
        },
      },
    ],
  };
}
