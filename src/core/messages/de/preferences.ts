import type { Language } from '../../messages.js';
import type { preferencesEn } from '../en/preferences.js';

/** German: /language and /timezone. Typed as the English area, so a missing key fails the type check. */
export const preferencesDe: typeof preferencesEn = {
  languageNames: { en: 'Englisch', de: 'Deutsch' } as Record<Language, string>,
  languageSet: (name: string) =>
    `Ich spreche ab jetzt ${name} mit Ihnen. Mit /language en wechseln Sie zu Englisch.`,
  languageNow: (name: string, chosen: boolean) =>
    `Ich spreche ${name} mit Ihnen${chosen ? ' (von Ihnen gewählt)' : ' (aus Ihren App-Einstellungen)'}. Ändern Sie das mit /language de oder /language en.`,
  timeZoneSet: (zone: string, now: string) =>
    `Ihre Zeitzone ist jetzt ${zone}. Dort ist es ${now}. Daten, die Sie eingeben, etwa heute oder 01.11.2026, gelten ebenfalls in dieser Zone.`,
  timeZoneNow: (zone: string, now: string) =>
    `Ihre Zeitzone ist ${zone} (jetzt ${now}). Ändern Sie sie mit /timezone, z. B. /timezone Europe/Berlin.`,
  timeZoneUnknown:
    'Ich kenne Ihre Zeitzone nicht und zeige Zeiten daher in UTC. Legen Sie sie mit /timezone fest, z. B. /timezone Europe/Berlin.',
};
