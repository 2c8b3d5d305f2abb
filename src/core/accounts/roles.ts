import type { IncomingText } from '../core.js';
import type { Role } from '../identity.js';
import type { ChatSettings } from '../ports/records.js';

/**
 * What the platform says of a person's role in a shared chat right now, asked past every cache
 * (Telegram `getChatMember`, Slack `users.info` and the user groups): the approval press reads it
 * (docs/money-guard.md §2.5). `groups` absent: the platform has none (Telegram).
 */
export interface RoleNow {
  userIsAdmin: boolean;
  groups?: readonly string[];
}

/** A support channel's set-up (ChatSettings.support), as far as agent checks need it. */
export interface SupportAgents {
  agents: readonly string[];
  agentGroup?: string | undefined;
}

/** Whether this user is an agent of the support channel: named, or in its user group (docs/privacy.md §3.1). */
export function isAgent(
  support: SupportAgents | undefined,
  identity: { user: string; groups?: readonly string[] },
): boolean {
  if (!support) return false;
  if (support.agents.includes(identity.user)) return true;
  return support.agentGroup !== undefined && (identity.groups ?? []).includes(support.agentGroup);
}

/** What the role rule reads of a command's row in the command table (`CommandSpec`). */
interface RoleRule {
  readonly roles: readonly Role[];
  readonly needs: string;
}

/** Who the asker is here, or why they may not run it. */
export function roleFor(
  spec: RoleRule,
  input: Pick<IncomingText, 'identity' | 'chat'>,
  settings: ChatSettings,
): Role | 'not-agent' | 'not-allowed' {
  const support = input.chat.kind === 'shared' ? settings.support : undefined;
  const agent = isAgent(support, input.identity);
  // A chat named from elsewhere is acted in by its agents alone: nobody else is known to be there.
  if (input.chat.named && !agent) return 'not-agent';
  const admin = spec.roles.includes('admin') && input.chat.userIsAdmin === true;
  if (agent && spec.roles.includes('agent')) return 'agent';
  // In a support channel, only agents act on accounts (the team's); admins keep their admin commands.
  if (support && spec.needs !== 'none') return admin ? 'admin' : agent ? 'not-allowed' : 'not-agent';
  if (spec.roles.includes('holder')) return 'holder';
  return admin ? 'admin' : 'not-allowed';
}
