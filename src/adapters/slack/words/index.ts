import type { ChannelWords } from '../../../core/index.js';
import { slackDe } from './de.js';
import { type SlackWords, slackEn } from './en.js';

/** The Slack adapter's own sentences in every language the core speaks (docs/language.md §1.2). */
export const slackWords: ChannelWords<SlackWords> = { en: slackEn, de: slackDe };

export type { SlackWords };
