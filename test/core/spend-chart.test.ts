import { describe, expect, it } from 'vitest';
import { SPEND_CHART_SIZE, spendChartSvg } from '../../src/core/spend/spend-chart.js';
import type { SpendData } from '../../src/core/spend/spend-data.js';
import type { SpendChartLabels } from '../../src/core/spend/spend-layout.js';
import { createFormatter } from '../../src/core/values/format.js';
import { DEJAVU_SANS, dejaVuMissing, fontMetrics } from '../helpers/font-metrics.js';

/** A text element of ECharts' SVG: where it is anchored, how, and what it says. */
interface SvgText {
  x: number;
  y: number;
  anchor: string;
  px: number;
  text: string;
}

function textsOf(svg: string): SvgText[] {
  const out: SvgText[] = [];
  for (const m of svg.matchAll(/<text([^>]*)>([^<]*)<\/text>/g)) {
    const attrs = m[1]!;
    const [, x, y] = /translate\(([\d.-]+) ([\d.-]+)\)/.exec(attrs) ?? [];
    out.push({
      x: Number(x),
      y: Number(y),
      anchor: /text-anchor="(\w+)"/.exec(attrs)?.[1] ?? 'start',
      px: Number(/font-size:(\d+)px/.exec(attrs)?.[1] ?? 12),
      text: m[2]!.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>'),
    });
  }
  return out;
}

/** A month of spend with long destination names and amounts whose German form is wide. */
function month(): SpendData {
  const days = Array.from({ length: 30 }, (_, i) => ({
    date: new Date(Date.UTC(2026, 10, i + 1)).toISOString().slice(0, 10),
    minor: (i % 7) * 23_410,
  }));
  const top = [
    { destination: 'United Kingdom Fixed', minor: 179_300 },
    { destination: 'Bosnia and Herzegovina Mobile', minor: 121_000 },
    { destination: 'Switzerland Mobile', minor: 99_900 },
    { destination: 'Germany Mobile', minor: 1_800 },
    { destination: 'USA/Canada', minor: 120 },
  ];
  return {
    from: '2026-11-01',
    to: '2026-11-30',
    currency: 'EUR',
    scale: 4,
    days,
    top,
    total: { minor: 0, scale: 4, currency: 'EUR' },
    calls: 40,
  };
}

function labelsFor(language: 'en' | 'de'): SpendChartLabels {
  const fmt = createFormatter(language);
  const short = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  return {
    title: language === 'de' ? 'Ausgaben 01.11.2026 – 30.11.2026' : 'Spend Nov 1, 2026 – Nov 30, 2026',
    perDay: 'per day',
    topDestinations: 'top',
    money: (minor) => fmt.money({ minor, scale: 4, currency: 'EUR' }),
    day: (iso) => short.format(new Date(`${iso}T12:00:00Z`)),
  };
}

/**
 * Issue "charts cut their own numbers": read the SVG the PNG is drawn from and measure every label
 * with DejaVu Sans' real advance widths (the font resvg draws it with).
 */
describe.skipIf(dejaVuMissing)('the spend chart shows its numbers and names whole (en, de)', () => {
  const font = dejaVuMissing ? undefined : fontMetrics(DEJAVU_SANS);
  const box = (t: SvgText) => {
    const w = font!.width(t.text, t.px);
    const left = t.anchor === 'end' ? t.x - w : t.anchor === 'middle' ? t.x - w / 2 : t.x;
    return { left, right: left + w };
  };

  for (const language of ['en', 'de'] as const) {
    it(`${language}: no label cut, truncated, outside the picture or run into its neighbour`, async () => {
      const data = month();
      const labels = labelsFor(language);
      const texts = textsOf(await spendChartSvg(data, labels));
      const said = texts.map((t) => t.text);
      // Nothing shortened with an ellipsis; every destination and every bar's amount in full.
      expect(said.filter((s) => /\.\.\.|…/.test(s))).toEqual([]);
      for (const d of data.top) {
        expect(said).toContain(d.destination);
        expect(said).toContain(labels.money(d.minor));
      }
      for (const t of texts) {
        const b = box(t);
        expect({ text: t.text, left: b.left >= 0, right: b.right <= SPEND_CHART_SIZE.width }).toEqual({
          text: t.text,
          left: true,
          right: true,
        });
      }
      // Labels on one line (an axis) never overlap: German "12,00 €15,00 €" was the fault.
      const rows = new Map<number, SvgText[]>();
      for (const t of texts) rows.set(Math.round(t.y), [...(rows.get(Math.round(t.y)) ?? []), t]);
      for (const row of rows.values()) {
        const sorted = row.map(box).sort((a, b) => a.left - b.left);
        for (let i = 1; i < sorted.length; i++)
          expect(sorted[i]!.left).toBeGreaterThanOrEqual(sorted[i - 1]!.right);
      }
      // Dates in the user's format, on the axis too.
      expect(said).toContain(labels.day('2026-11-01'));
      expect(said.some((s) => /^\d{2}-\d{2}$/.test(s))).toBe(false);
    });
  }
});
