import type { Activity } from '@microsoft/agents-activity';
import type { ConnectorClient } from '@microsoft/agents-hosting';

/**
 * Who administers a shared conversation, asked of Teams (docs/teams.md §2): the member's
 * `userRole` in the team the channel belongs to (`GET v3/conversations/{team}/members/{user}`);
 * `owner` administers it. Anything else, or no answer, is not an admin: roles fail closed.
 */
export async function isTeamOwner(
  connector: ConnectorClient | undefined,
  activity: Activity,
): Promise<boolean> {
  if (!connector || !activity.conversation?.isGroup || !activity.from?.id) return false;
  const team = (activity.channelData as { team?: { id?: string } } | undefined)?.team?.id;
  try {
    const member = await connector.getConversationMember(activity.from.id, team ?? activity.conversation.id);
    return (member as { userRole?: string }).userRole === 'owner';
  } catch {
    return false;
  }
}
