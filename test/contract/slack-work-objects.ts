import { sealWorkObject, workObjectUrl } from '../../src/adapters/slack/work-object-id.js';
import type { FakeSlack } from '../helpers/fake-slack.js';
import type { ChannelDriver, Person, Where } from './driver.js';

/** The contract driver's Work Objects (docs/channels.md §2.3): an unfurl domain and the bot's key. */
export const CONTRACT_WORK_OBJECTS = {
  domain: 'bot.example.com',
  key: new TextEncoder().encode('the contract key for work objects'),
};

/**
 * Slack's Work Objects for the contract suite: a pasted link as `link_shared` delivers it, the
 * preview as `chat.unfurl` sent it (seen by everyone in the channel), and a click as
 * `entity_details_requested` delivers it, answered in the clicker's own panel.
 */
export function slackWorkObjects(
  slack: FakeSlack,
  event: (fields: Record<string, unknown>) => Promise<void>,
  userOf: (who: Person) => string,
  channelOf: (who: Person, where: Where) => string,
): NonNullable<ChannelDriver['workObjects']> {
  const { domain, key } = CONTRACT_WORK_OBJECTS;
  let ts = 0;
  const newest = (method: string, since: number) =>
    slack.calls.slice(since).filter((c) => c.method === method && c.refused === undefined);
  return {
    link: (ref) => workObjectUrl(domain, sealWorkObject(key, { kind: 'card', account: 'demo', ref })),
    async share(who, where, url) {
      const since = slack.calls.length;
      const channel = channelOf(who, where);
      const messageTs = `2.${String(++ts).padStart(6, '0')}`;
      await event({
        type: 'link_shared',
        channel,
        user: userOf(who),
        message_ts: messageTs,
        links: [{ url, domain }],
      });
      return newest('chat.unfurl', since)
        .map((c) => JSON.stringify(c.body))
        .join('\n');
    },
    async open(who, url) {
      const since = slack.calls.length;
      const id = new URL(url).pathname.slice('/wo/'.length);
      await event({
        type: 'entity_details_requested',
        user: userOf(who),
        trigger_id: slack.surfaces.entityTrigger(id),
        entity_url: url,
        app_unfurl_url: url,
        user_locale: 'en-US',
        external_ref: { id, type: 'card' },
      });
      return newest('entity.presentDetails', since)
        .map((c) => JSON.stringify(c.body))
        .join('\n');
    },
  };
}
