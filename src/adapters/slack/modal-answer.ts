import type { webApi } from '@slack/bolt';
import type { PlacedReply, Reply } from '../../core/index.js';
import { statusModal } from './modals.js';
import type { SlackWords } from './words/index.js';

/**
 * The core's answer while a form is open: each reply is shown once, no sentence twice (docs/architecture.md §8.3.3, docs/interface.md §4.2). A text reply goes into the modal the person is looking at; a
 * reply with buttons or a file, which a modal view cannot carry in place, goes to the conversation,
 * and the modal says only where it went. When Slack refuses the update (the person closed the
 * form meanwhile), every reply goes to the conversation instead. Returns what is left for the
 * conversation, which the core's door delivers.
 */
export async function answerInModal(
  s: { client: webApi.WebClient; viewId: string; title: string; t: SlackWords },
  replies: readonly PlacedReply[],
): Promise<PlacedReply[]> {
  const rest = replies.filter((r) => (r.actions?.length ?? 0) > 0 || r.file);
  const here = replies
    .filter((r) => !rest.includes(r))
    .map(words)
    .filter(Boolean);
  if (rest.length > 0) here.push(s.t.partInConversation);
  const shown = await s.client.views
    .update({ view_id: s.viewId, view: statusModal(s.title, here.join('\n\n') || s.t.refused, s.t.close) })
    .then(
      () => true,
      () => false,
    );
  return shown ? rest : [...replies];
}

const words = (reply: Reply) => [reply.title, reply.text].filter(Boolean).join(': ').slice(0, 2000);

/** A reply as the plain text a modal shows, never empty. */
export const plain = (reply: Reply, t: SlackWords): string => words(reply) || t.refused;
