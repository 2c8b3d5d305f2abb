import { languageOf, type PlacedOutcome, type Shown } from '../../core/index.js';
import type { CommandIntent } from './command-text.js';
import type { SlackHandlerDeps } from './deps.js';
import { oneMomentView, openInUserLanguage } from './form-language.js';
import { answerInModal } from './modal-answer.js';
import { linkModal, modalText, setupModal, statusModal } from './modals.js';
import { type SlackRequest, type SlackTurn, slackChat } from './turn.js';

/**
 * A command whose form opened on arrival (the PIN form's "one moment", opened within the
 * trigger_id's 3 s): the core ran it by name with typed arguments. When the core asks for the
 * secret, its form replaces that modal (responder.ts `askSecret`); when it answers instead (no
 * account linked, not allowed here), the answer is shown in the modal the person is looking at, so
 * no PIN is asked first (docs/architecture.md §8.3.3), each reply once (modal-answer.ts); what the modal
 * cannot carry is left for the core to deliver.
 */
export async function showInForm(turn: SlackTurn | undefined, decided: PlacedOutcome): Promise<Shown> {
  const replies = decided.followUps ?? [];
  const viewId = turn?.req.viewId;
  if (!turn || !viewId || replies.some((r) => r.asksSecret)) return { rest: decided };
  const t = modalText({ language: replies[0]?.language ?? languageOf(turn.asker.locale) });
  const rest = await answerInModal({ client: turn.req.client, viewId, title: t.pinTitle, t }, replies);
  return { rest: { followUps: rest } };
}

/**
 * A form opens first, before any lookup that can wait on the network (the dedupe claim, users.info,
 * usergroups.list): its trigger_id is valid for 3 s only (docs/interface.md §4.2). A retried delivery
 * carries the same single-use trigger_id, so it cannot open a second modal. `'done'` when the form
 * is all the command does (the credentials form); else the id of the modal opened (the set-up form,
 * or the PIN form's "one moment" while the core checks the account), for the turn to update.
 */
export async function openFormFirst(
  deps: SlackHandlerDeps,
  req: SlackRequest,
  intent: CommandIntent,
): Promise<'done' | string | undefined> {
  if (intent.kind !== 'form') return undefined;
  const meta = {
    team: req.team,
    user: req.user,
    channel: req.channel,
    ...(req.responseUrl ? { responseUrl: req.responseUrl } : {}),
  };
  // No lookup may delay a modal: it opens in the user's language, or as a neutral "one moment".
  const opener = { ...req, triggerId: req.triggerId ?? '' };
  switch (intent.form.kind) {
    case 'credentials': {
      const credential = intent.option === 'card' ? ('card' as const) : ('account' as const);
      await openInUserLanguage(deps, opener, (language) => linkModal({ ...meta, credential, language }));
      return 'done';
    }
    case 'support-setup': {
      if (slackChat(req.channel).kind !== 'shared') return undefined;
      const opened = await openInUserLanguage(deps, opener, (language) => setupModal({ ...meta, language }));
      return opened.view?.id;
    }
    case 'pin': {
      // Not the PIN field yet: the core first checks that there is an account to top up.
      const known = deps.directory.known(req.team, req.user)?.locale;
      const t = modalText({ language: languageOf(known) });
      const view = known ? statusModal(t.pinTitle, t.opening, t.close) : oneMomentView();
      const opened = await req.client.views
        .open({ trigger_id: opener.triggerId, view })
        .catch(() => undefined);
      return opened?.view?.id;
    }
  }
}
