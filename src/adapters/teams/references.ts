import type { ConversationReferenceStore } from '../../core/index.js';

/**
 * Conversation references (docs/teams.md §4): what the bot needs to speak first in a Teams
 * conversation, kept from each authenticated activity: the `serviceUrl` it came through, the
 * conversation, and, for a person, their personal chat. Teams gives no other way to reach a
 * conversation; the app must be installed there.
 */
export interface TeamsReference {
  readonly serviceUrl: string;
  readonly tenantId: string;
  readonly conversationId: string;
  readonly isGroup: boolean;
}

export interface ReferenceStore {
  get(key: string): Promise<TeamsReference | undefined>;
  set(key: string, reference: TeamsReference): Promise<void>;
}

export const chatReferenceKey = (tenant: string, conversationId: string) =>
  `chat:${tenant}:${conversationId}`;
export const userReferenceKey = (tenant: string, user: string) => `user:${tenant}:${user}`;
export const tenantReferenceKey = (tenant: string) => `tenant:${tenant}`;

/** The references on the core's store port (docs/teams.md §4): they survive a restart. */
export function storedReferences(store: ConversationReferenceStore): ReferenceStore {
  return {
    get: (key) => store.get<TeamsReference>('teams', key),
    set: (key, reference) => store.set('teams', key, reference),
  };
}
