import type { TextStep } from '../text-steps.js';
import { requestApproval } from './approval-request.js';

/**
 * The money guard in the dispatcher (README "Money guard"), after the credentials and before the
 * confirmation: a run the command's `guarded` refuses ends here with nothing sent; one that needs a
 * second person becomes a request in the chat, public, with Approve and Refuse. An approved
 * request runs without this step (approval-press.ts): the approval was the check.
 */
export const guardStep: TextStep = async (_e, turn) => {
  const { spec, ctx } = turn;
  if (!spec?.guarded || !ctx || turn.view.pageId !== undefined) return undefined;
  const check = await spec.guarded(ctx);
  if (!check) return undefined;
  if (check.kind === 'refuse') {
    turn.outcome = 'guard-refused';
    return [check.reply];
  }
  // A secret never waits in a request: it would sit in the store and be run by someone else's press.
  if (turn.secretInput) return undefined;
  turn.outcome = 'approval-asked';
  // Everyone in the chat must see it to approve it; its words hold nothing personal.
  turn.output = 'public';
  return [await requestApproval(ctx, spec, check)];
};
