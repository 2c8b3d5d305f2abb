import type { ConsoleWords } from './en.js';

/** German: the Console adapter's own sentences, typed as the English ones, so a missing key fails the type check. */
export const consoleDe: ConsoleWords = {
  saved: (path: string) => `Gespeichert: ${path}`,
  choose: 'Tippen Sie eine Zahl, um zu wählen:',
  file: (name: string, bytes: number) => `[Datei ${name}, ${bytes} Bytes]`,
  failed: (message: string) => `Das ist leider fehlgeschlagen: ${message}`,
};
