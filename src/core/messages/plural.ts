/** Small helpers the catalogues share: plural choice by the language's own rules, lists, capitals. */

const rules = new Map<string, Intl.PluralRules>();

/** `one` or `other` by `Intl.PluralRules` (English and German both have exactly these two forms). */
export function plural(language: string, n: number, one: string, other: string): string {
  let r = rules.get(language);
  if (!r) {
    r = new Intl.PluralRules(language);
    rules.set(language, r);
  }
  return r.select(n) === 'one' ? one : other;
}

export function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** `a, b and c` with the language's word for "and". */
export function joinList(items: readonly string[], and: string): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${and} ${items[items.length - 1]}`;
}
