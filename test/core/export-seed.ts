import { seedWithCalls } from '../helpers/seed-with-calls.js';

/** A start the sandbox's seed reads (`YYYY-MM-DD HH:MM:SS`, UTC). */
const seedStart = (at: Date) => at.toISOString().slice(0, 19).replace('T', ' ');

/**
 * The demo seed plus `perDay` calls of the demo account on each of `days` days from `first` (UTC):
 * one at 00:00:00 and one at 23:59:59, the edges of a day's window (docs/proactive.md §7.3), the
 * rest `stepMs` apart (ten minutes). More records than one read returns, fewer than one read per day.
 */
export function seedSpread(first: string, days: number, perDay: number, stepMs = 600_000) {
  const seed = seedWithCalls(0) as unknown as { users: { username: string; cdrs?: unknown[] }[] };
  const demo = seed.users.find((u) => u.username === 'demo')!;
  const base = Date.parse(`${first}T00:00:00Z`);
  const cdrs: unknown[] = [];
  for (let d = 0; d < days; d++) {
    const day = base + d * 86_400_000;
    const starts = [day, day + 86_399_000];
    for (let i = 2; i < perDay; i++) starts.push(day + i * stepMs);
    starts.forEach((at, i) => {
      cdrs.push({ start: seedStart(new Date(at)), seconds: 20 + i, number: `4930${1000000 + d * 100 + i}` });
    });
  }
  demo.cdrs = [...(demo.cdrs ?? []), ...cdrs];
  return seed as unknown as ReturnType<typeof seedWithCalls>;
}

/** A decimal amount (`0.1234`) in minor units at scale 4, exactly. */
export function scale4(text: string): number {
  const [whole, frac = ''] = text.replace(/[^\d.-]/g, '').split('.');
  return Number(whole) * 10_000 + Math.sign(Number(`${whole}1`)) * Number(frac.padEnd(4, '0').slice(0, 4));
}
