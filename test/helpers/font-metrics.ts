import { existsSync, readFileSync } from 'node:fs';

/** DejaVu Sans, the font the spend chart's PNG is drawn with (resvg's default family there). */
export const DEJAVU_SANS = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
export const dejaVuMissing = !existsSync(DEJAVU_SANS);

/**
 * Real advance widths from a TrueType file (OpenType spec: `head` unitsPerEm, `hhea`
 * numberOfHMetrics, `hmtx`, `cmap` format 4), so a test measures text as the renderer lays it out
 * rather than trusting the estimate the code under test uses.
 */
export function fontMetrics(path: string): { width(text: string, px: number): number } {
  const f = readFileSync(path);
  const tables = new Map<string, number>();
  for (let i = 0; i < f.readUInt16BE(4); i++) {
    const at = 12 + 16 * i;
    tables.set(f.toString('latin1', at, at + 4), f.readUInt32BE(at + 8));
  }
  const unitsPerEm = f.readUInt16BE(tables.get('head')! + 18);
  const metrics = f.readUInt16BE(tables.get('hhea')! + 34);
  const hmtx = tables.get('hmtx')!;
  const glyph = cmap4(f, tables.get('cmap')!);
  const advance = (g: number) => f.readUInt16BE(hmtx + 4 * Math.min(g, metrics - 1));
  return {
    width: (text, px) =>
      ([...text].reduce((s, ch) => s + advance(glyph(ch.codePointAt(0)!)), 0) * px) / unitsPerEm,
  };
}

/** The Unicode BMP subtable (platform 3, encoding 1, format 4): code point → glyph id. */
function cmap4(f: Buffer, cmap: number): (code: number) => number {
  let sub = -1;
  for (let i = 0; i < f.readUInt16BE(cmap + 2); i++) {
    const rec = cmap + 4 + 8 * i;
    if (f.readUInt16BE(rec) === 3 && f.readUInt16BE(rec + 2) === 1) sub = cmap + f.readUInt32BE(rec + 4);
  }
  if (sub < 0 || f.readUInt16BE(sub) !== 4) throw new Error('no format 4 Unicode cmap');
  const segs = f.readUInt16BE(sub + 6) / 2;
  const ends = sub + 14;
  const starts = ends + 2 * segs + 2;
  const deltas = starts + 2 * segs;
  const ranges = deltas + 2 * segs;
  return (code) => {
    for (let i = 0; i < segs; i++) {
      if (f.readUInt16BE(ends + 2 * i) < code) continue;
      const start = f.readUInt16BE(starts + 2 * i);
      if (start > code) return 0;
      const delta = f.readInt16BE(deltas + 2 * i);
      const range = f.readUInt16BE(ranges + 2 * i);
      if (range === 0) return (code + delta) & 0xffff;
      const g = f.readUInt16BE(ranges + 2 * i + range + 2 * (code - start));
      return g === 0 ? 0 : (g + delta) & 0xffff;
    }
    return 0;
  };
}
