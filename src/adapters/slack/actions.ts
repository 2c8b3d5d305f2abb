import type { App, BlockAction, ButtonAction, webApi } from '@slack/bolt';
import { pressedOnHome } from './app-home.js';
import { claimRequest } from './claim.js';
import { type SlackHandlerDeps, userLocale, whoAndWhere } from './deps.js';
import { linkModal } from './modals.js';
import { slackIdentity } from './normalise.js';
import { type ReplyTarget, SLACK_CAN } from './responder.js';

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
      await onPress(deps, body, client);
    });
  });
}

type Press = BlockAction<ButtonAction>;

async function onPress(deps: SlackHandlerDeps, body: Press, client: webApi.WebClient): Promise<void> {
  const action = body.actions[0];
  if (action?.type !== 'button') return;
  const team = body.team?.id ?? body.user.team_id ?? '';
  const channel = body.channel?.id ?? body.container?.channel_id;
  const key = `slack:action:${team}:${action.action_ts}:${action.action_id}:${body.user.id}`;
  const claim = await claimRequest(deps, key, {
    client,
    // A Home tab press has no conversation: a notice then goes nowhere, and is dropped.
    channel: channel ?? '',
    user: body.user.id,
    tenant: team,
    chat: { id: channel ?? '', kind: 'shared' },
    ...(body.response_url ? { responseUrl: body.response_url } : {}),
  });
  if (claim !== 'first') {
    if (claim === 'duplicate') deps.options.logger.info({ team }, 'Slack retried action dropped');
    return;
  }
  if (channel) await pressInChannel(deps, body, client, { team, channel, action });
  // A button on the Home tab: no conversation, the tab itself shows the outcome (issue 16).
  else if (body.view?.type === 'home') await pressOnHomeTab(deps, body, client, { team, action });
}

async function pressOnHomeTab(
  deps: SlackHandlerDeps,
  body: Press,
  client: webApi.WebClient,
  p: { team: string; action: ButtonAction },
): Promise<void> {
  const outcome = await deps.options.core.handleAction({
    identity: slackIdentity(p.team, body.user.id),
    chat: { id: `home:${body.user.id}`, kind: 'private' },
    actionId: p.action.action_id,
    requestId: p.action.action_ts,
    can: SLACK_CAN,
    ...(await userLocale(deps, client, p.team, body.user.id)),
  });
  // The core asks for a password (Link account): on the Home tab too it goes into the link form,
  // never into a message (README "One road out"); the tab shows the core's words beside it.
  const asks = [outcome.update, ...(outcome.followUps ?? [])].find((r) => r?.asksSecret)?.asksSecret;
  if (asks && asks !== 'topup' && body.trigger_id) {
    const dm = await client.conversations.open({ users: body.user.id });
    const language = outcome.update?.language ?? outcome.followUps?.[0]?.language;
    await client.views.open({
      trigger_id: body.trigger_id,
      view: linkModal({
        channel: dm.channel?.id ?? '',
        credential: asks === 'link-card' ? 'card' : 'account',
        ...(language ? { language } : {}),
      }),
    });
  }
  await pressedOnHome(deps, client, p.team, body.user.id, p.action.action_id, outcome);
}

/** A press in a conversation: the outcome replaces the original message. */
async function pressInChannel(
  deps: SlackHandlerDeps,
  body: Press,
  client: webApi.WebClient,
  p: { team: string; channel: string; action: ButtonAction },
): Promise<void> {
  const { identity, chat, locale, timeZone } = await whoAndWhere(
    deps,
    client,
    p.team,
    body.user.id,
    p.channel,
  );
  // A button on an ephemeral message: only the presser sees that message (a page of their records).
  const pressedPrivately = body.container?.is_ephemeral === true;
  const target: ReplyTarget = {
    client,
    channel: p.channel,
    user: body.user.id,
    chat,
    tenant: p.team,
    ...(body.response_url ? { responseUrl: body.response_url } : {}),
    ...(body.message?.ts ? { messageTs: body.message.ts } : {}),
    triggerId: body.trigger_id,
    ...(pressedPrivately ? { pressedPrivately } : {}),
  };
  const outcome = await deps.options.core.handleAction({
    identity,
    chat,
    actionId: p.action.action_id,
    ...(pressedPrivately ? { pressedPrivately } : {}),
    requestId: p.action.action_ts,
    can: SLACK_CAN,
    ...(locale ? { locale } : {}),
    ...(timeZone ? { timeZone } : {}),
  });
  await deps.options.core.deliverOutcome(deps.responder.conversation(target), outcome);
}
