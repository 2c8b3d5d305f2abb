import { languageOf, type PlacedOutcome, type Shown } from '../../core/index.js';
import { answerInModal } from './modal-answer.js';
import { modalText } from './modals.js';
import type { SlackTurn } from './turn.js';

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
