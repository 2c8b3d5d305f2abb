import type { types, webApi } from '@slack/bolt';
import { type Language, languageOf } from '../../core/index.js';
import type { SlackHandlerDeps } from './deps.js';
import { statusModal } from './modals.js';
import { userLocale } from './turn.js';
import { slackWords } from './words/index.js';

/** Who a form opens for, and the trigger it opens on (valid 3 s). */
export interface FormOpener {
  client: webApi.WebClient;
  team: string;
  user: string;
  triggerId: string;
}

/**
 * A form is drawn in its user's language, never first in another (docs/language.md §1.2). A
 * trigger_id expires in 3 s, so no lookup may come first: a user the directory knows gets the form
 * at once; a user never seen before gets a "one moment" in every language the bot speaks (no inputs,
 * nothing to read wrongly), redrawn as the form once `users.info` tells their language (English when
 * it cannot). Returns what `views.open` answered (its view id, for a later update).
 */
export async function openInUserLanguage(
  deps: SlackHandlerDeps,
  who: FormOpener,
  view: (language: Language) => types.ModalView,
): Promise<{ view?: { id?: string } }> {
  const known = deps.directory.known(who.team, who.user)?.locale;
  if (known) return who.client.views.open({ trigger_id: who.triggerId, view: view(languageOf(known)) });
  const opened = await who.client.views.open({ trigger_id: who.triggerId, view: oneMomentView() });
  const viewId = opened.view?.id;
  if (!viewId) return opened;
  const language = languageOf((await userLocale(deps, who.client, who.team, who.user)).locale);
  await who.client.views.update({ view_id: viewId, view: view(language) });
  return opened;
}

/** "One moment" in every language of the catalogue, under a title and a close button without words. */
export function oneMomentView(): types.ModalView {
  const words = Object.values(slackWords).map((t) => t.opening);
  return statusModal('⏳', words.join('\n'), '✕');
}
