import { createHash } from 'node:crypto';
import type { ChatRef, Identity } from '../../core/index.js';
import type { SlackUserFacts } from './directory.js';

/** Identities are keyed by team and user: `slack:T…:U…` (docs/accounts.md §1.1). */
export function slackIdentity(team: string, user: string, facts: SlackUserFacts = {}): Identity {
  return {
    platform: 'slack',
    tenant: team,
    user,
    ...(facts.displayName ? { displayName: facts.displayName } : {}),
    ...(facts.groups ? { groups: facts.groups } : {}),
  };
}

/** The user id of a Slack identity's key (`slack:T…:U…`), else `undefined`. */
export function userOfSlackKey(key: string): string | undefined {
  return /^slack:[A-Z0-9]+:([UW][A-Z0-9]+)$/.exec(key)?.[1];
}

/**
 * Conversation ids starting with `D` are direct messages. Only the app's own DM with the user is
 * private: `/tel` also works in a DM between two people, where the other person reads along
 * (`SlackDirectory.isAppDm` tells them apart).
 */
export function isDirectMessage(channel: string): boolean {
  return channel.startsWith('D');
}

export function slackChat(
  channel: string,
  facts: SlackUserFacts = {},
  appDm = isDirectMessage(channel),
): ChatRef {
  return {
    id: channel,
    kind: appDm ? 'private' : 'shared',
    ...(facts.isAdmin !== undefined ? { userIsAdmin: facts.isAdmin } : {}),
  };
}

/** A stable digest of a request body, for dedupe keys when Slack gave no unique id. */
export function bodyDigest(body: unknown): string {
  return createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 32);
}
