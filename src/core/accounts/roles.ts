import type { CommandSpec } from '../command-spec.js';
import type { IncomingText } from '../core.js';
import type { ChatSettings } from '../ports/records.js';

/**
 * Who may run a command (issue 4). `holder`: a chat user acting on their own linked account.
 * `agent`: a support agent in a support channel, acting with the team's credentials (issue 6).
 * `admin`: a workspace or group admin, for channel setup and group settings.
 */
export type Role = 'holder' | 'agent' | 'admin';

/** A support channel's set-up (ChatSettings.support), as far as agent checks need it. */
export interface SupportAgents {
  agents: readonly string[];
  agentGroup?: string | undefined;
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

/** Who the asker is here, or why they may not run it. */
export function roleFor(
  spec: CommandSpec,
  input: Pick<IncomingText, 'identity' | 'chat'>,
  settings: ChatSettings,
): Role | 'not-agent' | 'not-allowed' {
  const support = input.chat.kind === 'shared' ? settings.support : undefined;
  const agent = isAgent(support, input.identity);
  const admin = spec.roles.includes('admin') && input.chat.userIsAdmin === true;
  if (agent && spec.roles.includes('agent')) return 'agent';
  // In a support channel, only agents act on accounts (the team's); admins keep their admin commands.
  if (support && spec.needs !== 'none') return admin ? 'admin' : agent ? 'not-allowed' : 'not-agent';
  if (spec.roles.includes('holder')) return 'holder';
  return admin ? 'admin' : 'not-allowed';
}
