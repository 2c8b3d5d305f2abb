import type { webApi } from '@slack/bolt';
import { errorSummary } from '../../core/index.js';
import type { SlackLogger } from './options.js';

/** What the core needs to know about a Slack user beyond their ids (docs/privacy.md §3.1). */
export interface SlackUserFacts {
  /** Workspace admin or owner (`users.info` `is_admin` / `is_owner`). Undefined when unknown. */
  isAdmin?: boolean | undefined;
  /** Undefined when Slack has no name for the user. */
  displayName?: string | undefined;
  /** Ids of the user groups the user belongs to (`usergroups.list` with `include_users`). */
  groups?: string[];
  /** The user's Slack language (`users.info` with `include_locale`), e.g. `de-DE` (docs/language.md §1.2). */
  locale?: string;
  /** The user's IANA time zone (`users.info` `tz`), e.g. `Europe/Berlin` (docs/language.md §2.1). */
  timeZone?: string;
}

interface Cached<T> {
  at: number;
  value: Promise<T>;
}

/**
 * Looks users and user groups up through the Web API, with a short cache: a support agent runs
 * several commands in a row, and `users.info` is rate-limited (Tier 4). Slack has no "groups of a
 * user" method, so the team's groups are listed once (with their members) and inverted. A failed
 * lookup (a missing scope, say) leaves the facts undefined; the core then treats the user as
 * neither admin nor agent, which refuses rather than allows.
 */
export class SlackDirectory {
  readonly #users = new Map<string, Cached<SlackUserFacts>>();
  /** Looked-up facts, for callers that may not wait on the network (a modal's trigger_id, 3 s). */
  readonly #known = new Map<string, SlackUserFacts>();
  readonly #groups = new Map<string, Cached<Map<string, string[]>>>();
  /** `D…` conversation id → whether it is the app's own DM (see `isAppDm`). */
  readonly #appDms = new Map<string, boolean>();

  constructor(
    private readonly ttlMs: number,
    private readonly logger: SlackLogger,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The user's facts; their user groups only when `groups` (support channels), which costs a list. */
  async user(
    client: webApi.WebClient,
    team: string,
    user: string,
    options: { groups?: boolean } = { groups: true },
  ): Promise<SlackUserFacts> {
    const [info, groups] = await Promise.all([
      this.#cached(this.#users, `${team}:${user}`, () => this.#lookUp(client, team, user)),
      options.groups ? this.#cached(this.#groups, team, () => this.#groupMembers(client, team)) : undefined,
    ]);
    return groups ? { ...info, groups: groups.get(user) ?? [] } : info;
  }

  /**
   * The user's admin flag and user groups asked of Slack now, past both caches (which it then
   * refreshes): what an approval press reads, so a workspace admin demoted within the last
   * `ttlMs` approves nothing (docs/money-guard.md §2.5). A failed lookup leaves them undefined: no approver.
   */
  async userNow(client: webApi.WebClient, team: string, user: string): Promise<SlackUserFacts> {
    const now = this.clock();
    const info = this.#lookUp(client, team, user);
    const groups = this.#groupMembers(client, team);
    this.#users.set(`${team}:${user}`, { at: now, value: info });
    this.#groups.set(team, { at: now, value: groups });
    return { ...(await info), groups: (await groups).get(user) ?? [] };
  }

  /**
   * Whether `channel`, a `D…` id, is the app's own DM with the user rather than a DM between two
   * people, where `/tel` also works and the other person reads along. The app is a member of its
   * own DMs only, so `conversations.info` answers `channel_not_found` for the other kind (needs
   * `im:read`). A failed lookup counts as not private, which shows less rather than more, and is
   * asked again next time; an answer is kept for good, since a conversation never changes kind.
   */
  async isAppDm(client: webApi.WebClient, channel: string): Promise<boolean> {
    const known = this.#appDms.get(channel);
    if (known !== undefined) return known;
    try {
      const res = await client.conversations.info({ channel });
      const appDm = res.channel?.is_im === true;
      if (this.#appDms.size > 10_000) this.#appDms.clear();
      this.#appDms.set(channel, appDm);
      return appDm;
    } catch (err) {
      const code = (err as { data?: { error?: string } }).data?.error;
      if (code === 'channel_not_found') this.#appDms.set(channel, false);
      else
        this.logger.warn({ err: errorSummary(err), method: 'conversations.info' }, 'Slack DM lookup failed');
      return false;
    }
  }

  /** What an earlier lookup found about this user, without a request; undefined if none yet. */
  known(team: string, user: string): SlackUserFacts | undefined {
    return this.#known.get(`${team}:${user}`);
  }

  /** `users.info`, remembered for {@link known}. */
  #lookUp(client: webApi.WebClient, team: string, user: string): Promise<SlackUserFacts> {
    return this.#userInfo(client, user).then((facts) => {
      if (this.#known.size > 10_000) this.#known.clear();
      this.#known.set(`${team}:${user}`, facts);
      return facts;
    });
  }

  async #userInfo(client: webApi.WebClient, user: string): Promise<SlackUserFacts> {
    try {
      const res = await client.users.info({ user, include_locale: true });
      const u = res.user;
      return {
        isAdmin: Boolean(u?.is_admin || u?.is_owner || u?.is_primary_owner),
        displayName: u?.profile?.display_name || u?.real_name || u?.name || undefined,
        ...(u?.locale ? { locale: u.locale } : {}),
        ...(u?.tz ? { timeZone: u.tz } : {}),
      };
    } catch (err) {
      this.logger.warn({ err: errorSummary(err), method: 'users.info' }, 'Slack user lookup failed');
      return {};
    }
  }

  async #groupMembers(client: webApi.WebClient, team: string): Promise<Map<string, string[]>> {
    const byUser = new Map<string, string[]>();
    try {
      const res = await client.usergroups.list({ include_users: true, team_id: team });
      for (const group of res.usergroups ?? []) {
        if (!group.id) continue;
        for (const member of group.users ?? []) {
          byUser.set(member, [...(byUser.get(member) ?? []), group.id]);
        }
      }
    } catch (err) {
      this.logger.warn(
        { err: errorSummary(err), method: 'usergroups.list' },
        'Slack user group lookup failed',
      );
    }
    return byUser;
  }

  #cached<T>(map: Map<string, Cached<T>>, key: string, load: () => Promise<T>): Promise<T> {
    const now = this.clock();
    const hit = map.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit.value;
    if (map.size > 10_000) map.clear();
    const value = load();
    map.set(key, { at: now, value });
    return value;
  }
}
