/**
 * Closest name for "did you mean" (docs/interface.md §1.3), or undefined when none is near enough.
 * Near enough is at most `maxDistance` edits and at most a third of the typed word's length (at
 * least one): with a fixed limit `/xyz` was "near" `/tz`. A swap of two neighbouring letters is one
 * edit (`hepl` → `help`). Among the near names, one that keeps every `_`-separated word typed wins
 * (`TELEGRAM_TOKEN` → `TELEGRAM_BOT_TOKEN`, not `TELEGRAM_MODE` though that is fewer edits away),
 * and may be as far as `maxDistance`.
 */
export function suggest(name: string, names: readonly string[], maxDistance = 2): string | undefined {
  const limit = Math.min(maxDistance, Math.max(1, Math.floor(name.length / 3)));
  const words = name.toLowerCase().split('_').filter(Boolean);
  let best: { name: string; rank: number } | undefined;
  for (const n of names) {
    const d = distance(name, n);
    const theirs = n.toLowerCase().split('_');
    const keepsWords = words.length > 1 && words.every((w) => theirs.includes(w));
    // A name that only adds words to what was typed (`SLACK_TOKEN` → `SLACK_BOT_TOKEN`) may be as
    // far as `maxDistance`; any other only a third of the typed word's length.
    if (d > (keepsWords ? maxDistance : limit)) continue;
    const rank = (keepsWords ? 0 : 1000) + d;
    if (!best || rank < best.rank) best = { name: n, rank };
  }
  return best?.name;
}

/** Edits (insert, delete, replace, swap of neighbours) from `a` to `b`: optimal string alignment. */
function distance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
    }
  return rows[a.length]![b.length]!;
}
