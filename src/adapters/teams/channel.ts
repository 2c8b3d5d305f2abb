import type { ConnectorClient } from '@microsoft/agents-hosting';
import {
  type Channel,
  type Conversation,
  type NotifyDestination,
  NotifyRefusedError,
  type Reply,
  SendFailedError,
  type SentMessage,
} from '../../core/index.js';
import { teamsConversation } from './conversation.js';
import type { HeldFiles } from './files.js';
import type { TeamsCloudAdapter } from './http.js';
import { TeamsPlace } from './place.js';
import {
  chatReferenceKey,
  type ReferenceStore,
  type TeamsReference,
  tenantReferenceKey,
  userReferenceKey,
} from './references.js';
import { renderReply } from './render-card.js';
import type { TeamsSender } from './sender.js';
import type { Targeting } from './targeting.js';
import { landedIn } from './turn.js';

/**
 * Where the core speaks first in Teams (docs/teams.md §4, docs/proactive.md §4.1): alerts, call
 * reports, digests and approval results, through the conversation references kept from earlier
 * activities and the SDK's `continueConversation`, which gives a Connector API client for that
 * `serviceUrl`. A person is reached in their personal chat (kept, or opened with `POST
 * v3/conversations`); a person who never installed the app is refused for good.
 */
export interface TeamsChannelDeps {
  readonly adapter: TeamsCloudAdapter;
  readonly appId: string;
  readonly references: ReferenceStore;
  readonly sender: TeamsSender;
  readonly targeting: Targeting;
  /** Files waiting for their consent card's answer (files.ts). */
  readonly files?: HeldFiles;
}

export function teamsChannel(deps: TeamsChannelDeps): Channel {
  const placeOf = async (ref: TeamsReference): Promise<TeamsPlace> => {
    const connector = await connectorFor(deps, ref);
    return new TeamsPlace({
      connector,
      serviceUrl: ref.serviceUrl,
      conversationId: ref.conversationId,
      isGroup: ref.isGroup,
      tenantId: ref.tenantId,
      bot: { id: `28:${deps.appId}` },
      sender: deps.sender,
    });
  };
  // No reference yet (nobody wrote from there since this process started, docs/teams.md §4): a
  // refusal the Outbox tries again later, not a destination refused for good.
  const noReference = () => new SendFailedError('refused', 'no-reference');
  const placeFor = async (to: NotifyDestination): Promise<TeamsPlace> => {
    if (to.kind === 'chat') {
      const ref = await deps.references.get(chatReferenceKey(to.tenant, to.chatId));
      if (!ref) throw noReference();
      return placeOf(ref);
    }
    const mine = await deps.references.get(userReferenceKey(to.tenant, to.user));
    if (mine) return placeOf(mine);
    const any = await deps.references.get(tenantReferenceKey(to.tenant));
    if (!any) throw noReference();
    const chat = await (await placeOf(any)).personalChat({ id: to.user, name: '' });
    if (chat === 'unreachable') throw new NotifyRefusedError('app not installed for the user');
    return chat;
  };
  const can = deps.targeting.everywhere;
  return {
    platform: 'teams',
    can,
    open: (to) =>
      lazy(can, to.kind === 'user' ? 'private' : 'shared', async () =>
        teamsConversation({
          place: await placeFor(to),
          can,
          kind: to.kind === 'user' ? 'private' : 'shared',
          landed: landedIn(to.tenant),
          ...(deps.files ? { files: deps.files } : {}),
        }),
      ),
    async edit(message: SentMessage, reply: Reply) {
      const ref = await deps.references.get(chatReferenceKey(message.tenant, message.chatId));
      const base = ref ?? (await deps.references.get(tenantReferenceKey(message.tenant)));
      if (!base) throw noReference();
      const place = await placeOf({
        ...base,
        conversationId: message.chatId,
        isGroup: ref?.isGroup ?? false,
      });
      await place.edit(message.messageId, renderReply(reply), false);
    },
  };
}

/** A connector client for a reference's `serviceUrl`, from the SDK's `continueConversation`. */
async function connectorFor(deps: TeamsChannelDeps, ref: TeamsReference): Promise<ConnectorClient> {
  let client: ConnectorClient | undefined;
  await deps.adapter.continueConversation(
    deps.appId,
    {
      serviceUrl: ref.serviceUrl,
      channelId: 'msteams',
      conversation: { id: ref.conversationId, isGroup: ref.isGroup, tenantId: ref.tenantId },
      agent: { id: `28:${deps.appId}`, name: '' },
    } as never,
    async (ctx) => {
      client = ctx.turnState.get(deps.adapter.ConnectorClientKey) as ConnectorClient;
    },
  );
  if (!client) throw new Error('teams: no connector client');
  return client;
}

/** A conversation opened on first use (the reference is looked up, the client made, once). */
function lazy(
  can: Conversation['can'],
  kind: Conversation['kind'],
  make: () => Promise<Conversation>,
): Conversation {
  let made: Promise<Conversation> | undefined;
  const conv = () => {
    made ??= make();
    return made;
  };
  return {
    platform: 'teams',
    can,
    kind,
    post: async (r, f) => (await conv()).post(r, f),
    showToActor: async (r, f) => (await conv()).showToActor(r, f),
    postPrivately: async (r, f) => (await conv()).postPrivately(r, f),
    editPressed: async (r) => (await conv()).editPressed(r),
    deleteIncoming: async () => false,
    upload: async (file, where, language) => (await conv()).upload(file, where, language),
  };
}
