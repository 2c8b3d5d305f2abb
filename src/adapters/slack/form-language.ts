import type { types, webApi } from '@slack/bolt';
import { type Language, languageOf } from '../../core/index.js';
import { type SlackHandlerDeps, userLocale } from './deps.js';

/**
 * A first contact's form opened before their language was known (a trigger_id expires in 3 s, so
 * no lookup may come first): once `users.info` tells it, the form is redrawn in it, labels and
 * later inline errors alike (README "One road out": the recipient's language from the first contact).
 */
export async function redrawInUserLanguage(
  deps: SlackHandlerDeps,
  who: { client: webApi.WebClient; team: string; user: string },
  opened: { view?: { id?: string } },
  shown: Language,
  view: (language: Language) => types.ModalView,
): Promise<void> {
  const viewId = opened.view?.id;
  if (!viewId) return;
  const language = languageOf((await userLocale(deps, who.client, who.team, who.user)).locale);
  if (language === shown) return;
  await who.client.views.update({ view_id: viewId, view: view(language) });
}
