import { type IncomingCommand, languageOf, type PlacedReply } from '../../core/index.js';
import type { SlackHandlerDeps } from './deps.js';
import { modalText, statusModal } from './modals.js';
import type { SlackTurn } from './turn.js';

/**
 * A command whose form opened on arrival (the PIN form's "one moment", opened within the
 * trigger_id's 3 s): the core runs it by name with typed arguments. When the core asks for the
 * secret, its form replaces that modal (responder.ts `askSecret`); when it answers instead (no
 * account linked, not allowed here), the answer is shown in the modal the person is looking at, so
 * no PIN is asked first (README "One road out"), and only what a modal cannot hold (buttons, a
 * file) goes to the conversation.
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
  await turn.req.client.views.update({
    view_id: viewId,
    view: statusModal(t.pinTitle, replies.map(plain).filter(Boolean).join('\n\n') || t.refused, t.close),
  });
  const rest = replies.filter((r) => (r.actions?.length ?? 0) > 0 || r.file);
  if (rest.length > 0) await core.deliver(turn.conv, rest);
}

function plain(reply: PlacedReply): string {
  return [reply.title, reply.text].filter(Boolean).join(': ');
}
