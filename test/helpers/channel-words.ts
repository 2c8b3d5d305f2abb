import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ChannelWords, Language } from '../../src/core/messages.js';

/**
 * Every channel's own sentences (docs/language.md §1.2): each adapter folder with a `words/`
 * folder, found on disk, so a new channel's words are checked without a list to extend. Keyed by
 * the channel's folder name; its export is the one `ChannelWords` value of `words/index.ts`.
 */
const ADAPTERS = join(import.meta.dirname, '../../src/adapters');

const found: [string, ChannelWords<unknown>][] = [];
for (const name of readdirSync(ADAPTERS).sort()) {
  if (!readdirSync(join(ADAPTERS, name)).includes('words')) continue;
  const module = (await import(/* @vite-ignore */ join(ADAPTERS, name, 'words', 'index.ts'))) as Record<
    string,
    unknown
  >;
  const words = Object.values(module).filter((v) => v && typeof v === 'object' && 'en' in v && 'de' in v);
  if (words.length !== 1) throw new Error(`${name}/words/index.ts must export one ChannelWords value`);
  found.push([name, words[0] as ChannelWords<unknown>]);
}

/** The channels that keep words of their own. */
export const channelsWithWords: readonly string[] = found.map(([name]) => name);

/** Every channel's words in a language, by channel: `{ slack: {...}, telegram: {...} }`. */
export function channelWordsIn(language: Language): Record<string, unknown> {
  return Object.fromEntries(found.map(([name, words]) => [name, words[language]]));
}
