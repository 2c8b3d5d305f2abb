import type { Language } from '../../messages.js';

/** English: /language and /timezone. */
export const preferencesEn = {
  languageNames: { en: 'English', de: 'German' } as Record<Language, string>,
  languageSet: (name: string) => `I will speak ${name} with you from now on. Send /language de for German.`,
  languageNow: (name: string, chosen: boolean) =>
    `I speak ${name} with you${chosen ? ' (you chose it)' : ' (from your app settings)'}. Change it with /language en or /language de.`,
  timeZoneSet: (zone: string, now: string) =>
    `Your time zone is now ${zone}. It is ${now} there. Dates you type, such as today or 01.11.2026, are read in it too.`,
  timeZoneNow: (zone: string, now: string) =>
    `Your time zone is ${zone} (now ${now}). Change it with /timezone, e.g. /timezone Europe/Berlin.`,
  timeZoneUnknown:
    'I do not know your time zone, so I show times in UTC. Set it with /timezone, e.g. /timezone Europe/Berlin.',
};
