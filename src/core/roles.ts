/**
 * Who may run a command (issue 4). `holder`: a chat user acting on their own linked account.
 * `agent`: a support agent in a support channel, acting with the team's credentials (issue 6).
 * `admin`: a workspace or group admin, for channel setup and group settings.
 */
export type Role = 'holder' | 'agent' | 'admin';

/** A support channel's set-up (ChatSettings.support), as far as agent checks need it. */
export interface SupportAgents {
  agents: readonly string[];
  agentGroup?: string;
}

/** Whether this user is an agent of the support channel: named, or in its user group (issue 6). */
export function isAgent(
  support: SupportAgents | undefined,
  identity: { user: string; groups?: readonly string[] },
): boolean {
  if (!support) return false;
  if (support.agents.includes(identity.user)) return true;
  return support.agentGroup !== undefined && (identity.groups ?? []).includes(support.agentGroup);
}
