import type { App, BlockAction, ButtonAction } from '@slack/bolt';
import { type ActionOutcome, HOME_BUTTON } from '../../core/index.js';
import { AGENT_VIEW_PREFIX } from './agent-session.js';
import { pressedOnHome } from './app-home.js';
import type { SlackHandlerDeps } from './deps.js';
import { acknowledged, envelope, lookUp, replyTarget, type SlackRequest, type SlackTurn } from './turn.js';

/**
 * Button presses. Acknowledged first; the outcome replaces the original message. A retried
 * delivery carries the same `action_ts` and is dropped on the claim; a double click has two
 * `action_ts` and passes here, but the core's pending actions are single-use, so both layers hold.
 */
export function registerActions(app: App, deps: SlackHandlerDeps): void {
  app.action<BlockAction<ButtonAction>>({ type: 'block_actions' }, ({ ack, body, client }) =>
    acknowledged(deps, 'action', ack, async () => {
      const action = body.actions[0];
      // The agent view's offer has its own listener (agent-view.ts).
      if (action?.type !== 'button' || action.action_id.startsWith(AGENT_VIEW_PREFIX)) return;
      const channel = body.channel?.id ?? body.container?.channel_id;
      const req: SlackRequest = {
        client,
        team: body.team?.id ?? body.user.team_id ?? '',
        user: body.user.id,
        // A Home tab press has no conversation: a notice then goes nowhere, and is dropped.
        channel: channel ?? '',
        responseUrl: body.response_url,
        messageTs: body.message?.ts,
        triggerId: body.trigger_id,
        // A button on an ephemeral message: only the presser sees that message (a page of their records).
        pressedPrivately: body.container?.is_ephemeral === true,
      };
      // A button on the Home tab: no conversation, the tab itself shows the outcome.
      const home = !channel && body.view?.type === 'home';
      if (!channel && !home) return;
      const claim = `slack:action:${req.team}:${action.action_ts}:${action.action_id}:${req.user}`;
      const chat = home ? { chat: { id: `home:${req.user}`, kind: 'private' as const } } : {};
      let turn: SlackTurn | undefined;
      await deps.door.receive({
        ...envelope(deps, req, claim),
        press: true,
        async enrich() {
          turn = await lookUp(deps, req, chat);
          const input = {
            ...turn.asker,
            actionId: action.action_id,
            ...(req.pressedPrivately ? { pressedPrivately: true } : {}),
            requestId: action.action_ts,
            // An approval asks past the directory's cache (docs/money-guard.md §2.5).
            roleNow: async () => {
              const facts = await deps.directory.userNow(client, req.team, req.user);
              return {
                userIsAdmin: facts.isAdmin === true,
                ...(facts.groups ? { groups: facts.groups } : {}),
              };
            },
          };
          return { conversation: turn.conv, action: input };
        },
        // On the Home tab the tab itself shows the outcome.
        show: async (outcome) => {
          if (!home || !turn) return { rest: outcome };
          await onHomeTab(deps, turn, action.action_id, outcome);
          return {};
        },
      });
    }),
  );
}

/**
 * The core asks for a secret (Link account, Top up): on the Home tab too it goes into its form,
 * never into a message (docs/architecture.md §8.3.3), with the person's DM with the app as the form's
 * conversation. Once the form opened, the core's words for where it cannot ("send the PIN with the
 * command") would contradict it: the tab leaves them out and, with nothing else to show, shows the
 * home screen under the form. Where the form could not open (its trigger expired), the tab shows them.
 */
async function onHomeTab(deps: SlackHandlerDeps, turn: SlackTurn, actionId: string, outcome: ActionOutcome) {
  const { req } = turn;
  let shown = outcome;
  const asking = [outcome.update, ...(outcome.followUps ?? [])].find((r) => r?.asksSecret);
  if (asking?.asksSecret && req.triggerId) {
    const dm = await req.client.conversations.open({ users: req.user });
    const inDm = replyTarget({ ...req, channel: dm.channel?.id ?? '' }, turn.asker.chat);
    const opened = await deps.responder
      .conversation(inDm)
      .askSecret?.({ form: asking.asksSecret, language: asking.language ?? 'en' });
    if (opened) shown = withoutReply(outcome, asking);
    // Nothing else to show: the tab under the form shows home again, as Back would.
    if (!shown.update && !shown.followUps?.length && !shown.notice)
      return pressedOnHome(deps, req.client, req.team, req.user, HOME_BUTTON, shown);
  }
  await pressedOnHome(deps, req.client, req.team, req.user, actionId, shown);
}

/** The outcome without one of its replies (the question a form asked instead). */
function withoutReply(outcome: ActionOutcome, reply: object): ActionOutcome {
  const followUps = (outcome.followUps ?? []).filter((r) => r !== reply);
  const { update, ...rest } = outcome;
  return { ...rest, followUps, ...(update && update !== reply ? { update } : {}) };
}
