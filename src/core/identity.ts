/**
 * Where a message came from: the name a channel gives itself (`telegram`, `slack`, `console`, or
 * any channel that registers). The core never sees platform objects, and names no platform
 * (docs/architecture.md §5.1).
 */
export type Platform = string;

/** A chat user: `platform:tenant:user`, e.g. `telegram::123` or `slack:T1:U2` (docs/accounts.md §1.1). */
export interface Identity {
  readonly platform: Platform;
  /** Slack team id; empty for Telegram and the console. */
  readonly tenant: string;
  readonly user: string;
  /** Display name for audit lines and notices; never used as a key. */
  readonly displayName?: string;
  /** Platform groups the user belongs to (Slack user group ids), resolved by the adapter; for agent checks. */
  readonly groups?: readonly string[];
}

/** The conversation a command arrived in. */
export interface ChatRef {
  /** Platform chat or channel id. */
  readonly id: string;
  /** `private`: a one-to-one chat or DM. `shared`: a group, supergroup or channel with other people in it. */
  readonly kind: 'private' | 'shared';
  /** Whether the platform says this user administers the shared chat (Telegram group admin, Slack workspace admin). */
  readonly userIsAdmin?: boolean;
  /**
   * The person named this shared chat rather than writing in it (an assistant's tool option,
   * docs/mcp.md §4.4): the platform never said they are in it, so only its support agents act there.
   */
  readonly named?: boolean;
}

export function identityKey(id: Pick<Identity, 'platform' | 'tenant' | 'user'>): string {
  return `${id.platform}:${id.tenant}:${id.user}`;
}

/** The identity an {@link identityKey} names (`telegram::123`), for access granted to it; undefined if malformed. */
export function identityOfKey(key: string): Identity | undefined {
  const [platform, tenant, ...user] = key.split(':');
  return platform && tenant !== undefined && user.length > 0 && user.join(':')
    ? { platform, tenant, user: user.join(':') }
    : undefined;
}

export function chatKey(platform: Platform, tenant: string, chat: ChatRef): string {
  return `${platform}:${tenant}:${chat.id}`;
}

/**
 * Who may set a shared chat up as a support channel: its admin, as the platform says. The core
 * refuses anyone else on submission; an adapter asks the same question to say so while its form
 * is open, so the rule stays here.
 */
export function maySetUpSupport(chat: ChatRef): boolean {
  return chat.kind === 'shared' && chat.userIsAdmin === true;
}

/**
 * Who may run a command (docs/interface.md §1.4). `holder`: a chat user acting on their own linked account.
 * `agent`: a support agent in a support channel, acting with the team's credentials (docs/privacy.md §3.1).
 * `admin`: a workspace or group admin, for channel setup and group settings.
 */
export type Role = 'holder' | 'agent' | 'admin';
