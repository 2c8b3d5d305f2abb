import type { ApprovalAction } from '../ports/guard.js';
import type { Reply } from '../reply.js';

/**
 * What the money guard says about one run of a command (README "Money guard"): refused before
 * anything is sent (a price ceiling, a spend limit reached), or held for a second person's approval
 * in a team chat. `target` names what is acted on in public words for the request message.
 */
export type GuardCheck =
  | { kind: 'refuse'; reply: Reply }
  | { kind: 'approve'; action: ApprovalAction; target: string };
