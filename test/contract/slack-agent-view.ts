import type { AuditEntry } from '../../src/core/ports/records.js';
import type { FakeSlack } from '../helpers/fake-slack.js';
import { buttonPressPayload } from '../helpers/fake-slack.js';
import type { TestStack } from '../helpers/stack.js';
import type { ChannelDriver, Person } from './driver.js';

/**
 * Slack's agent view for the contract suite (docs/channels.md §2.3): a look at the support channel
 * as `app_context_changed` delivers it, the offer's "Use" pressed in the DM with the channel as its
 * value, an agent dropped from the channel's set-up in the store, and the channel's audit log.
 */
export function slackAgentView(o: {
  slack: FakeSlack;
  stack: TestStack;
  event: (fields: Record<string, unknown>) => Promise<void>;
  deliver: (body: Record<string, unknown>) => Promise<void>;
  userOf: (who: Person) => string;
  dmOf: (who: Person) => string;
  channel: string;
}): NonNullable<ChannelDriver['agentView']> {
  const chatKey = `slack:T1:${o.channel}`;
  const postedTo = (dm: string, since: number) =>
    o.slack.calls
      .slice(since)
      .filter((c) => c.method === 'chat.postMessage' && c.body.channel === dm && c.refused === undefined)
      .map((c) => JSON.stringify(c.body))
      .join('\n');
  return {
    async lookAt(who) {
      const since = o.slack.calls.length;
      await o.event({
        type: 'app_context_changed',
        user: o.userOf(who),
        channel: o.dmOf(who),
        context: { entities: [{ type: 'slack#/types/channel_id', value: o.channel, team_id: 'T1' }] },
      });
      return postedTo(o.dmOf(who), since);
    },
    async take(who) {
      const since = o.slack.calls.length;
      const body = buttonPressPayload({
        actionId: 'av:use',
        user: o.userOf(who),
        channel: o.dmOf(who),
        responseUrl: o.slack.responseUrl(`av-${who}`),
      }) as { actions: { value?: string }[] };
      body.actions[0]!.value = o.channel;
      await o.deliver(body as unknown as Record<string, unknown>);
      return postedTo(o.dmOf(who), since);
    },
    async dismiss(who) {
      const { support } = await o.stack.stores.settings.chat(chatKey);
      if (!support) throw new Error('no support channel to dismiss an agent from');
      const agents = support.agents.filter((a) => a !== `slack:T1:${o.userOf(who)}` && a !== o.userOf(who));
      await o.stack.stores.settings.updateChat(chatKey, { support: { ...support, agents } });
    },
    audited: async (): Promise<AuditEntry[]> => o.stack.stores.audit.recent(50, { chat: chatKey }),
  };
}
