import type { GuardCheck } from '../command-spec.js';
import { requestApproval } from '../guard/approval-request.js';
import { ends, type Ready, type Step } from './turn.js';

/** The command's guard, or a refusal that ends the turn with nothing sent. */
async function check(turn: Ready): Promise<GuardCheck | undefined> {
  // A page of an earlier answer passed the guard already.
  if (!turn.spec.guarded || turn.view.pageId !== undefined) return undefined;
  return turn.spec.guarded(turn.ctx);
}

/**
 * The money guard in the dispatcher (docs/money-guard.md §1, §2), after the credentials and before the
 * confirmation: a run the command's `guarded` refuses ends here with nothing sent; one that needs a
 * second person becomes a request in the chat, public, with Approve and Refuse.
 */
export const guardStep: Step<Ready, Ready> = async (_e, turn) => {
  const found = await check(turn);
  if (!found) return turn;
  if (found.kind === 'refuse') return ends(turn, 'guard-refused', found.reply);
  // A secret never waits in a request: it would sit in the store and be run by someone else's press.
  if (turn.record.secretInput) return turn;
  // Everyone in the chat must see it to approve it; its words hold nothing personal.
  turn.record.output = 'public';
  return ends(turn, 'approval-asked', await requestApproval(turn.ctx, turn.spec, found));
};

/**
 * An approved request (approval-press.ts) runs through this instead: the approval stands in for
 * the second person, not for the refusals. A spend limit reached while the request waited still
 * refuses the call with nothing sent.
 */
export const guardRefusalStep: Step<Ready, Ready> = async (_e, turn) => {
  const found = await check(turn);
  return found?.kind === 'refuse' ? ends(turn, 'guard-refused', found.reply) : turn;
};
