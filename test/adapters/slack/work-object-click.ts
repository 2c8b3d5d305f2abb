import { eventCallbackBody } from '../../helpers/fake-slack.js';
import type { SlackHarness } from './harness.js';

/** A click on a Work Object's link, as Slack delivers it (`entity_details_requested`), in English. */
export function clickWorkObject(h: SlackHarness, user: string, url: string, type: 'card' | 'call') {
  const id = new URL(url).pathname.slice('/wo/'.length);
  return h.event(
    eventCallbackBody({
      type: 'entity_details_requested',
      user,
      trigger_id: h.slack.surfaces.entityTrigger(id),
      link: { url, domain: new URL(url).hostname },
      entity_url: url,
      app_unfurl_url: url,
      user_locale: 'en-US',
      external_ref: { id, type },
    }),
  );
}
