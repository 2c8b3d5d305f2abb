import type { Activity } from '@microsoft/agents-activity';
import type { ConnectorClient } from '@microsoft/agents-hosting';
import type { TeamsSender } from './sender.js';

/**
 * Who administers a shared conversation, asked of Teams (docs/teams.md §2): the member's
 * `userRole` in the team the channel belongs to (`GET v3/conversations/{team}/members/{user}`);
 * `owner` administers it. Anything else, or no answer, is not an admin: roles fail closed.
 */
export async function isTeamOwner(
  connector: ConnectorClient | undefined,
  activity: Activity,
  via: { sender: TeamsSender; tenant: string },
): Promise<boolean> {
  const conversation = activity.conversation;
  const user = activity.from?.id;
  if (!connector || !conversation?.isGroup || !user) return false;
  return isOwnerOf(connector, teamOf(activity) ?? conversation.id, user, via);
}

/** The team a channel's activity came from (`channelData.team.id`); absent outside a team. */
export function teamOf(activity: Activity): string | undefined {
  return (activity.channelData as { team?: { id?: string } } | undefined)?.team?.id;
}

/** Whether `user` owns `team` now, asked of Teams; no answer is no. */
export async function isOwnerOf(
  connector: ConnectorClient,
  team: string,
  user: string,
  via: { sender: TeamsSender; tenant: string },
): Promise<boolean> {
  try {
    const member = await via.sender.call({ tenant: via.tenant }, () =>
      connector.getConversationMember(user, team),
    );
    return (member as { userRole?: string }).userRole === 'owner';
  } catch {
    return false;
  }
}
