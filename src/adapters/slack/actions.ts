import type { App, BlockAction, ButtonAction } from '@slack/bolt';
import { pressedOnHome } from './app-home.js';
import { claimRequest } from './claim.js';
import { type SlackHandlerDeps, userLocale, whoAndWhere } from './deps.js';
import { slackIdentity } from './normalise.js';
import type { ReplyTarget } from './responder.js';

/**
 * Button presses. Acknowledged first; the outcome replaces the original message. A retried
 * delivery carries the same `action_ts` and is dropped on the claim; a double click has two
 * `action_ts` and passes here, but the core's pending actions are single-use, so both layers hold.
 */
export function registerActions(app: App, deps: SlackHandlerDeps): void {
  app.action<BlockAction<ButtonAction>>({ type: 'block_actions' }, async ({ ack, body, client }) => {
    await ack();
    await deps.track('action', async () => {
      await deps.afterAck();
      const action = body.actions[0];
      if (action?.type !== 'button') return;
      const team = body.team?.id ?? body.user.team_id ?? '';
      const channel = body.channel?.id ?? body.container?.channel_id;
      const { options } = deps;
      const key = `slack:action:${team}:${action.action_ts}:${action.action_id}:${body.user.id}`;
      const claim = await claimRequest(deps, key, {
        client,
        // A Home tab press has no conversation: a notice then goes nowhere, and is dropped.
        channel: channel ?? '',
        user: body.user.id,
        chat: { id: channel ?? '', kind: 'shared' },
        ...(body.response_url ? { responseUrl: body.response_url } : {}),
      });
      if (claim !== 'first') {
        if (claim === 'duplicate') options.logger.info({ team }, 'Slack retried action dropped');
        return;
      }
      if (!channel) {
        // A button on the Home tab: no conversation, the tab itself shows the outcome (issue 16).
        if (body.view?.type !== 'home') return;
        const identity = slackIdentity(team, body.user.id);
        const outcome = await options.core.handleAction({
          identity,
          chat: { id: `home:${body.user.id}`, kind: 'private' },
          actionId: action.action_id,
          requestId: action.action_ts,
          ...(await userLocale(deps, client, team, body.user.id)),
        });
        await pressedOnHome(deps, client, team, body.user.id, action.action_id, outcome);
        return;
      }
      const { identity, chat, locale, timeZone } = await whoAndWhere(
        deps,
        client,
        team,
        body.user.id,
        channel,
      );
      const target: ReplyTarget = {
        client,
        channel,
        user: body.user.id,
        chat,
        tenant: team,
        ...(body.response_url ? { responseUrl: body.response_url } : {}),
        ...(body.message?.ts ? { messageTs: body.message.ts } : {}),
      };
      const outcome = await options.core.handleAction({
        identity,
        chat,
        actionId: action.action_id,
        requestId: action.action_ts,
        ...(locale ? { locale } : {}),
        ...(timeZone ? { timeZone } : {}),
      });
      await deps.responder.outcome(target, outcome);
    });
  });
}
