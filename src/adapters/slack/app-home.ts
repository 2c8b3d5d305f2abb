import type { App, types, webApi } from '@slack/bolt';
import { type ActionOutcome, HOME_BUTTON, type Reply } from '../../core/index.js';
import type { SlackHandlerDeps } from './deps.js';
import { escapeMrkdwn } from './escape.js';
import { nextTurn } from './quiet-gate.js';
import { renderReply } from './render-blocks.js';
import { SLACK_CAN } from './responder.js';
import { lookUp, slackIdentity, userLocale } from './turn.js';

type KnownBlock = types.KnownBlock;

/** A Home tab holds at most 100 blocks (Block Kit, "Views"). */
const HOME_BLOCK_LIMIT = 100;

/**
 * The App Home tab (docs/interface.md §4.2): `app_home_opened` publishes the person's home screen, which the
 * core assembles (menu, linked accounts, balance, last calls). Buttons pressed on the tab show
 * their screen in the tab itself, with the core's Back button; Back shows the home screen again.
 */
export function registerAppHome(app: App, deps: SlackHandlerDeps): void {
  app.event('app_home_opened', async ({ event, body, client }) => {
    // The Messages tab opens this event too; only the Home tab has something to publish.
    if (event.tab !== 'home') return;
    await deps.track('app_home_opened', async () => {
      await nextTurn();
      const req = { client, team: body.team_id ?? '', user: event.user, channel: '' };
      // Not a request through the door: it changes nothing, and publishing the same tab twice shows the same screen.
      const turn = await lookUp(deps, req, { chat: { id: `home:${event.user}`, kind: 'private' } });
      const { identity, locale, timeZone, can } = turn.asker;
      // The channel's words (how Slack links: a private form), not "a private chat with me".
      const replies = await deps.options.core.home({
        identity,
        can,
        ...(locale ? { locale } : {}),
        ...(timeZone ? { timeZone } : {}),
      });
      await publishHome(client, event.user, replies);
    });
  });
}

/** Renders replies into one Home tab view, separated by dividers, within the 100-block limit. */
export function homeView(replies: readonly Reply[], notice?: string): types.HomeView {
  const blocks: KnownBlock[] = [];
  if (notice) blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: escapeMrkdwn(notice) }] });
  for (const [i, reply] of replies.entries()) {
    // The table block exists in messages only ("Table block"): the tab shows the code block form.
    const rendered = renderReply(reply, { nativeTable: false }).blocks;
    if (blocks.length + rendered.length + (i > 0 ? 1 : 0) > HOME_BLOCK_LIMIT) break;
    if (i > 0) blocks.push({ type: 'divider' });
    blocks.push(...rendered);
  }
  return { type: 'home', blocks };
}

async function publishHome(
  client: webApi.WebClient,
  user: string,
  replies: readonly Reply[],
  notice?: string,
): Promise<void> {
  await client.views.publish({ user_id: user, view: homeView(replies, notice) });
}

/**
 * A button pressed on the Home tab: Back (`m:home`) shows the home screen again; any other
 * outcome is shown in the tab, the pressed screen first, its notice above it unless a reply says it.
 */
export async function pressedOnHome(
  deps: SlackHandlerDeps,
  client: webApi.WebClient,
  team: string,
  user: string,
  actionId: string,
  outcome: ActionOutcome,
): Promise<void> {
  if (actionId === HOME_BUTTON) {
    const replies = await deps.options.core.home({
      identity: slackIdentity(team, user),
      can: SLACK_CAN,
      ...(await userLocale(deps, client, team, user)),
    });
    await publishHome(client, user, replies);
    return;
  }
  const shown = [outcome.update, ...(outcome.followUps ?? [])].filter((r): r is Reply => r !== undefined);
  // A refusal is both the notice and the screen: said once (no sentence twice, docs/architecture.md §8.3.3).
  const notice = shown.some((r) => r.text === outcome.notice) ? undefined : outcome.notice;
  await publishHome(client, user, shown, notice);
}
