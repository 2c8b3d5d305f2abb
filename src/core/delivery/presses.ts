import { parseButton } from '../buttons.js';
import type { Reply } from '../reply.js';

/** A confirmation's question and its two buttons' ids: what a press would send back. */
export interface Consent {
  readonly question: string;
  readonly confirm: string;
  readonly cancel: string;
  readonly expiresAt?: Date | undefined;
}

/**
 * The confirmation a reply asks for (its Confirm and Cancel buttons, docs/interface.md §2.1), for a
 * channel that asks the person its own way (an assistant's elicitation, docs/mcp.md §4): the answer
 * is pressed through `Core.handleAction` as a button would be, so the press rule, single use and
 * expiry hold unchanged. Undefined when the reply asks nothing.
 */
export function consentOf(reply: Reply): Consent | undefined {
  const ids = (kind: 'confirm' | 'cancel') =>
    reply.actions?.find((a) => parseButton(a.actionId)?.kind === kind)?.actionId;
  const confirm = ids('confirm');
  const cancel = ids('cancel');
  if (!confirm || !cancel) return undefined;
  const question = [reply.title, reply.text].filter(Boolean).join('\n');
  return { question, confirm, cancel, expiresAt: reply.expiresAt };
}

/**
 * The button of a long list that turns to `page` (counted from 0; docs/interface.md §3.2), for a channel that
 * reads every page at once rather than showing buttons (an assistant's tool result): nothing is
 * cut silently there either. Undefined when the reply has no such button.
 */
export function pageButton(reply: Reply, page: number): string | undefined {
  return reply.actions?.find((a) => {
    const b = parseButton(a.actionId);
    return b?.kind === 'page' && b.page === page;
  })?.actionId;
}
