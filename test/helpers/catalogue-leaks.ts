import { catalogues, type Language, type Messages } from '../../src/core/messages.js';
import type { ActionOutcome, Reply } from '../../src/core/reply.js';
import { channelWordsIn } from './channel-words.js';

/**
 * Finds strings of the other language's catalogue (and of the channels' own words) in what a user reads
 * (docs/language.md §1.1). Every leaf of a
 * catalogue is taken apart into its fixed fragments (a function is called with a marker for each
 * argument and split on it). A fragment of the other catalogue that appears nowhere in this one is
 * a leak: as a whole label, title, column or button, or inside longer text.
 */
const MARK = '\u0001';

function fragmentsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'function') {
    const fn = value as (...args: unknown[]) => unknown;
    const attempts: unknown[][] = [
      [MARK, MARK, MARK, MARK],
      [[MARK], 1, 1, MARK],
      [[MARK], 1, 2, MARK],
      [1, MARK],
      ['card', MARK],
      ['account', MARK],
      [MARK, true],
      [MARK, false],
    ];
    const out: string[] = [];
    for (const args of attempts) {
      try {
        const r = fn(...args);
        if (typeof r === 'string') out.push(...r.split(MARK));
      } catch {
        // this argument shape does not fit; another attempt does
      }
    }
    return out;
  }
  if (value && typeof value === 'object') return Object.values(value).flatMap(fragmentsOf);
  return [];
}

function clean(fragment: string): string {
  return fragment.trim().replace(/^[\s.,;:()"“„”'–-]+|[\s.,;:()"“„”'–-]+$/g, '');
}

const cache = new Map<Language, Set<string>>();

export function catalogueFragments(language: Language): Set<string> {
  let set = cache.get(language);
  if (!set) {
    set = new Set(
      fragmentsOf([catalogues[language], channelWordsIn(language)])
        .flatMap((f) => f.split('\n'))
        .map(clean)
        .filter((f) => /\p{L}{2}/u.test(f)),
    );
    cache.set(language, set);
  }
  return set;
}

/** Fragments of the other language's catalogue that this language never uses. */
export function foreignFragments(language: Language): string[] {
  const other: Language = language === 'de' ? 'en' : 'de';
  const own = [...catalogueFragments(language)].join('\n');
  return [...catalogueFragments(other)].filter((f) => f.length >= 3 && !own.includes(f));
}

/** Every string a user reads in these replies, split into whole parts and running text. */
export function readable(replies: readonly Reply[]): { parts: string[]; text: string } {
  const parts: string[] = [];
  for (const r of replies) {
    if (r.title) parts.push(r.title);
    for (const f of r.fields ?? []) parts.push(f.label, f.value);
    if (r.table)
      parts.push(...r.table.columns, ...(r.table.caption ? [r.table.caption] : []), ...r.table.rows.flat());
    for (const a of r.actions ?? []) parts.push(a.label, ...(a.confirmText ? [a.confirmText] : []));
    if (r.text) parts.push(r.text);
    if (r.file) parts.push(r.file.name);
  }
  return { parts, text: parts.join('\n') };
}

export function outcomeReplies(o: ActionOutcome): Reply[] {
  return [...(o.notice ? [{ text: o.notice }] : []), ...(o.update ? [o.update] : []), ...(o.followUps ?? [])];
}

/**
 * The leaks of the other language in `parts`: a part equal to a foreign fragment, or running text
 * holding a foreign fragment of 10 characters or more (short words such as `Name` may be data).
 * Also any sign of a missing key (`undefined`, `[object Object]`, `NaN`).
 */
export function leaks(language: Language, parts: readonly string[]): string[] {
  const foreign = foreignFragments(language);
  const whole = new Set(foreign);
  const long = foreign.filter((f) => f.length >= 10);
  const found: string[] = [];
  for (const part of parts) {
    const p = clean(part);
    if (whole.has(p)) found.push(`"${p}"`);
    for (const f of long) if (part.includes(f)) found.push(`"${f}" in "${part.slice(0, 120)}"`);
    if (/\bundefined\b|\[object Object\]|\bNaN\b/.test(part))
      found.push(`missing value in "${part.slice(0, 120)}"`);
  }
  return [...new Set(found)];
}

export type { Messages };
