import { Activity } from '@microsoft/agents-activity';
import type { ConnectorClient } from '@microsoft/agents-hosting';
import { SendFailedError } from '../../core/index.js';
import type { Rendered } from './render-card.js';
import type { TeamsSender } from './sender.js';

/**
 * Where a Teams conversation's primitives speak (docs/teams.md §3): one conversation at one
 * `serviceUrl`, reached through the SDK's Connector API client, every call under Teams' rate
 * limits (send.ts). It sends, sends to one member (a targeted message), edits and opens the
 * personal chat; the rules of which to use are the core's.
 */
export interface Person {
  /** The Teams user id (`29:…`). */
  readonly id: string;
  readonly name: string;
}

export interface PlaceOptions {
  readonly connector: ConnectorClient;
  readonly serviceUrl: string;
  readonly conversationId: string;
  readonly isGroup: boolean;
  readonly tenantId: string;
  /** The bot's own account (`28:<app id>`). */
  readonly bot: { id: string; name?: string };
  readonly sender: TeamsSender;
}

export class TeamsPlace {
  constructor(readonly o: PlaceOptions) {}

  /** A send counts against this conversation's limits too; every call against the tenant's. */
  #scope(send: boolean) {
    return { tenant: this.o.tenantId, ...(send ? { thread: this.o.conversationId } : {}) };
  }

  #activity(
    rendered: Rendered,
    to?: Person,
    conversationId = this.o.conversationId,
    isGroup = this.o.isGroup,
  ) {
    const activity = Activity.fromObject({
      ...rendered,
      channelId: 'msteams',
      serviceUrl: this.o.serviceUrl,
      from: this.o.bot,
      conversation: { id: conversationId, isGroup, tenantId: this.o.tenantId },
      ...(to ? { recipient: to } : {}),
    });
    if (to && isGroup) activity.makeTargetedActivity();
    return activity;
  }

  /** Posts in the conversation; `to`: a targeted message only that member sees. The new message's id. */
  async send(rendered: Rendered, to?: Person): Promise<string> {
    const sent = await this.o.sender.call(this.#scope(true), () =>
      this.o.connector.sendToConversation(this.o.conversationId, this.#activity(rendered, to)),
    );
    return sent.id ?? '';
  }

  /** The typing indicator, while a decision takes longer than its budget (docs/teams.md §3.4). */
  async typing(): Promise<void> {
    const activity = this.#activity({ type: 'message' });
    activity.type = 'typing';
    await this.o.sender.call(this.#scope(true), () =>
      this.o.connector.sendToConversation(this.o.conversationId, activity),
    );
  }

  /** Replies in the thread of channel message `parentId` (a channel's reply chain). The reply's id. */
  async reply(parentId: string, rendered: Rendered): Promise<string> {
    const sent = await this.o.sender.call(this.#scope(true), () =>
      this.o.connector.replyToActivity(this.o.conversationId, parentId, this.#activity(rendered)),
    );
    return sent.id ?? '';
  }

  /**
   * Replaces message `id`. A targeted message is edited with the flag and without a recipient:
   * Teams refuses an edit that names one (400), which the SDK's own `updateActivity` would send.
   */
  async edit(id: string, rendered: Rendered, targeted: boolean): Promise<void> {
    const activity = this.#activity(rendered);
    activity.id = id;
    if (targeted && this.o.isGroup) activity.makeTargetedActivity();
    (activity as { recipient?: unknown }).recipient = undefined;
    await this.o.sender.call(this.#scope(false), () =>
      this.o.connector.updateActivity(this.o.conversationId, id, activity),
    );
  }

  /**
   * The personal chat with `person` (`POST v3/conversations`, which gives the same chat each time),
   * or `unreachable` where Teams says the app is not installed for them (403).
   */
  async personalChat(person: Person): Promise<TeamsPlace | 'unreachable'> {
    try {
      const created = await this.o.sender.call(this.#scope(false), () =>
        this.o.connector.createConversation({
          isGroup: false,
          agent: this.o.bot,
          members: [person],
          tenantId: this.o.tenantId,
          channelData: { tenant: { id: this.o.tenantId } },
        } as unknown as Parameters<ConnectorClient['createConversation']>[0]),
      );
      return new TeamsPlace({ ...this.o, conversationId: created.id, isGroup: false });
    } catch (error) {
      if (error instanceof SendFailedError && error.reason === '403') return 'unreachable';
      throw error;
    }
  }
}
