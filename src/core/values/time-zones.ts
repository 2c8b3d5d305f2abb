/**
 * Time zone names checked against the IANA list Intl ships (docs/language.md §2.1). A name is accepted in any
 * case and returned in its canonical spelling; Intl's own aliases (`Europe/Kyiv`, `UTC`) count too.
 */
let canonical: Map<string, string> | undefined;

function zones(): Map<string, string> {
  if (!canonical) {
    canonical = new Map(Intl.supportedValuesOf('timeZone').map((z) => [z.toLowerCase(), z]));
    canonical.set('utc', 'UTC');
  }
  return canonical;
}

/** The canonical IANA name for `text`, or undefined when Intl knows no such zone. */
export function resolveTimeZone(text: string): string | undefined {
  const wanted = text.trim().replace(/\s+/g, '_');
  const hit = zones().get(wanted.toLowerCase());
  if (hit) return hit;
  if (!/^[A-Za-z]+(\/[A-Za-z0-9_+-]+)+$/.test(wanted)) return undefined;
  try {
    return new Intl.DateTimeFormat('en', { timeZone: wanted }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** A zone whose city is `text` (`berlin` → `Europe/Berlin`), for "did you mean". */
export function suggestTimeZone(text: string): string | undefined {
  const city = text.trim().replace(/\s+/g, '_').toLowerCase();
  if (city.length < 3) return undefined;
  for (const [lower, name] of zones()) {
    if (lower.endsWith(`/${city}`)) return name;
  }
  return undefined;
}
