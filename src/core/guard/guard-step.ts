import type { TextStep, TextTurn } from '../dispatch/text-steps.js';
import { requestApproval } from './approval-request.js';
import type { GuardCheck } from './types.js';

/** The command's guard, or a refusal that ends the turn with nothing sent. */
async function check(turn: TextTurn): Promise<GuardCheck | undefined> {
  const { spec, ctx } = turn;
  if (!spec?.guarded || !ctx || turn.view.pageId !== undefined) return undefined;
  return spec.guarded(ctx);
}

/**
 * The money guard in the dispatcher (README "Money guard"), after the credentials and before the
 * confirmation: a run the command's `guarded` refuses ends here with nothing sent; one that needs a
 * second person becomes a request in the chat, public, with Approve and Refuse.
 */
export const guardStep: TextStep = async (_e, turn) => {
  const found = await check(turn);
  if (!found || !turn.spec || !turn.ctx) return undefined;
  if (found.kind === 'refuse') {
    turn.outcome = 'guard-refused';
    return [found.reply];
  }
  // A secret never waits in a request: it would sit in the store and be run by someone else's press.
  if (turn.secretInput) return undefined;
  turn.outcome = 'approval-asked';
  // Everyone in the chat must see it to approve it; its words hold nothing personal.
  turn.output = 'public';
  return [await requestApproval(turn.ctx, turn.spec, found)];
};

/**
 * An approved request (approval-press.ts) runs through this instead: the approval stands in for
 * the second person, not for the refusals. A spend limit reached while the request waited still
 * refuses the call with nothing sent.
 */
export const guardRefusalStep: TextStep = async (_e, turn) => {
  const found = await check(turn);
  if (found?.kind !== 'refuse') return undefined;
  turn.outcome = 'guard-refused';
  return [found.reply];
};
