import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import type { SandboxOptions } from '../../src/sandbox/index.js';
import { DEMO_DATA_PATH } from '../../src/sandbox/seed-loader.js';

/**
 * A fixed instant just after the shipped demo data's calls (2 to 12 November 2026), for a core clock: the
 * default period of `/cdrs` (30 days up to today) holds all of them on whatever date the tests run. With the
 * real clock, they fall out of it from 3 December 2026 on.
 */
export const AFTER_DEMO_CALLS = Date.parse('2026-11-14T10:00:00Z');

/**
 * The demo seed plus `n` calls of the demo account a minute apart from `first`: unless given, 3 h ago or
 * earlier, so that the last call has started before now whatever the time of day (500 calls from 3 h ago
 * would run 5 h into the future, and a period ending today would cut them off after about 15:00 UTC).
 */
export function seedWithCalls(
  n: number,
  first = Date.now() - Math.max(3 * 3600_000, (n + 1) * 60_000),
): NonNullable<SandboxOptions['data']> {
  const seed = parse(readFileSync(DEMO_DATA_PATH, 'utf8')) as {
    users: { username: string; cdrs?: unknown[] }[];
  };
  const demo = seed.users.find((a) => a.username === 'demo')!;
  for (let i = 0; i < n; i++) {
    const start = new Date(first + i * 60_000).toISOString().slice(0, 19).replace('T', ' ');
    demo.cdrs = [...(demo.cdrs ?? []), { start, seconds: 20 + i, number: `4930${1000000 + i}` }];
  }
  return seed as unknown as NonNullable<SandboxOptions['data']>;
}
