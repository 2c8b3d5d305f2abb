import type { ChannelWords } from '../../../core/index.js';
import { teamsDe } from './de.js';
import { type TeamsWords, teamsEn } from './en.js';

/** The Teams adapter's own sentences in every language the core speaks (docs/language.md §1.2). */
export const teamsWords: ChannelWords<TeamsWords> = { en: teamsEn, de: teamsDe };

export type { TeamsWords };
