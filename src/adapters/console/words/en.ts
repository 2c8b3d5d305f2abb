/**
 * English: the sentences the Console adapter writes itself, beside the core's catalogue (docs/language.md §1.2).
 * Their type is `ConsoleWords`: the German file must have every key this one has.
 */
export const consoleEn = {
  saved: (path: string) => `Saved ${path}`,
  choose: 'Type a number to choose:',
  file: (name: string, bytes: number) => `[file ${name}, ${bytes} bytes]`,
  failed: (message: string) => `Sorry, that failed: ${message}`,
};

export type ConsoleWords = typeof consoleEn;
