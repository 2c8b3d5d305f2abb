import { type IncomingCommand, languageOf } from '../../core/index.js';
import type { SlackHandlerDeps } from './deps.js';
import { answerInModal } from './modal-answer.js';
import { modalText } from './modals.js';
import type { SlackTurn } from './turn.js';

/**
 * A command whose form opened on arrival (the PIN form's "one moment", opened within the
 * trigger_id's 3 s): the core runs it by name with typed arguments. When the core asks for the
 * secret, its form replaces that modal (responder.ts `askSecret`); when it answers instead (no
 * account linked, not allowed here), the answer is shown in the modal the person is looking at, so
 * no PIN is asked first (README "One road out"), each reply once (modal-answer.ts).
 */
export async function runInForm(
  deps: SlackHandlerDeps,
  turn: SlackTurn,
  input: IncomingCommand,
): Promise<void> {
  const { core } = deps.options;
  const replies = await core.runCommand(input);
  const viewId = turn.req.viewId;
  if (!viewId || replies.some((r) => r.asksSecret)) {
    await core.deliver(turn.conv, replies);
    return;
  }
  const t = modalText({ language: replies[0]?.language ?? languageOf(input.locale) });
  await answerInModal(
    deps,
    { client: turn.req.client, viewId, conv: turn.conv, title: t.pinTitle, t },
    replies,
  );
}
