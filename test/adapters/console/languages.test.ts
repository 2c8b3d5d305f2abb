import { afterEach, describe, expect, it } from 'vitest';
import { type ConsoleHarness, startConsole } from './console-harness.js';

/** docs/language.md §1.2 on the console: LANG picks the language, /timezone the zone; /language wins over LANG. */

let h: ConsoleHarness;
const NOW = new Date('2026-11-13T23:30:00Z');

afterEach(async () => {
  await h.close();
});

describe('the console with LANG=de_DE.UTF-8', () => {
  it('speaks German, with German money, dates and the choice prompt', async () => {
    h = await startConsole({ clock: () => NOW, locale: 'de_DE.UTF-8' });
    expect(await h.say('/balance')).toMatch(/Guthaben:\s+18,40\s€/);
    const ask = await h.say('/topup 1000000001');
    expect(ask).toContain('Ihr Konto mit dieser PIN aufladen?');
    expect(ask).toContain('Tippen Sie eine Zahl, um zu wählen:\n  [1] Bestätigen\n  [2] Abbrechen');
    expect(await h.say('2')).toContain('Abgebrochen. Es wurde nichts geändert.');
    // No zone known: UTC, stated; then /timezone sets Berlin, and "gestern" is Berlin's yesterday.
    expect(await h.say('/cdrs 05.11.2026 05.11.2026')).toContain('05.11.2026, 18:02 UTC');
    expect(await h.say('/timezone Europe/Berlin')).toContain('Ihre Zeitzone ist jetzt Europe/Berlin.');
    expect(await h.say('/cdrs 05.11.2026 05.11.2026')).toContain('05.11.2026, 19:02');
    expect(await h.say('/cdrs gestern')).toContain('Anrufe 13.11.2026 – 14.11.2026');
    const saved = await h.say('/cdrs 01.11.2026 heute csv', /Gespeichert: /);
    expect(saved).toMatch(/Gespeichert: .*anrufe-2026-11-01-2026-11-14\.csv/);
  });

  it('/language en wins over LANG', async () => {
    h = await startConsole({ clock: () => NOW, locale: 'de_DE.UTF-8' });
    expect(await h.say('/language en')).toContain('I will speak English with you from now on.');
    expect(await h.say('/balance')).toMatch(/Balance:\s+€18\.40/);
  });
});
