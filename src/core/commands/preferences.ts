import { z } from 'zod';
import { commandText, defineCommand } from '../command-spec.js';
import { catalogues, type Language } from '../messages.js';
import { createFormatter } from '../values/format.js';
import { resolveTimeZone, suggestTimeZone } from '../values/time-zones.js';

/** `/language` and `/timezone`: stored per user, they win over what the platform says (docs/language.md §1.2, §2.1). */
export function preferenceCommands() {
  return [languageCommand(), timezoneCommand()];
}

/** `/language [en|de]`: shows or sets the asker's language. */
function languageCommand() {
  return defineCommand({
    name: 'language',
    aliases: ['sprache', 'lang'],
    args: ({ t }) =>
      z
        .array(z.string())
        .max(1, t.vLanguage)
        .transform((tokens, ctx): Language | undefined => {
          const word = tokens[0]?.toLowerCase();
          if (word === undefined) return undefined;
          if (['en', 'english', 'englisch'].includes(word)) return 'en';
          if (['de', 'deutsch', 'german'].includes(word)) return 'de';
          ctx.addIssue({ code: 'custom', message: t.vLanguage });
          return z.NEVER;
        }),
    ...commandText('language'),
    roles: ['holder', 'agent', 'admin'],
    // The asker's own preference.
    output: 'personal',
    needs: 'none',
    async handler(ctx) {
      const wanted = ctx.args;
      if (!wanted) {
        const chosen = (await ctx.stores.settings.user(ctx.identityKey)).locale !== undefined;
        return { text: ctx.t.languageNow(ctx.t.languageNames[ctx.language], chosen) };
      }
      await ctx.stores.settings.updateUser(ctx.identityKey, { locale: wanted });
      // The answer already speaks the new language.
      const t = catalogues[wanted];
      return { text: t.languageSet(t.languageNames[wanted]), tone: 'success' };
    },
  });
}

/** `/timezone [zone]`: shows or sets the asker's time zone (an IANA name, spaces allowed). */
function timezoneCommand() {
  return defineCommand({
    name: 'timezone',
    aliases: ['tz', 'zeitzone'],
    args: ({ t }) =>
      z.array(z.string()).transform((tokens, ctx): string | undefined => {
        if (tokens.length === 0) return undefined;
        // `New York` typed with a space is `New_York` in the IANA list.
        const text = tokens.join('_');
        const zone = resolveTimeZone(text);
        if (zone) return zone;
        ctx.addIssue({
          code: 'custom',
          message: t.vTimeZone(tokens.join(' ').slice(0, 40), suggestTimeZone(text)),
        });
        return z.NEVER;
      }),
    ...commandText('timezone'),
    roles: ['holder', 'agent', 'admin'],
    // The asker's own preference.
    output: 'personal',
    needs: 'none',
    async handler(ctx) {
      const { t, fmt } = ctx;
      const zone = ctx.args;
      if (!zone) {
        return {
          text: fmt.timeZoneKnown ? t.timeZoneNow(fmt.timeZone, fmt.dateTime(ctx.now)) : t.timeZoneUnknown,
        };
      }
      await ctx.stores.settings.updateUser(ctx.identityKey, { timeZone: zone });
      const there = createFormatter({ locale: fmt.locale, timeZone: zone });
      return { text: t.timeZoneSet(zone, there.dateTime(ctx.now)), tone: 'success' };
    },
  });
}
