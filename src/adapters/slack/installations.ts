import type { Installation, InstallationQuery, InstallationStore } from '@slack/oauth';
import type { SlackLogger } from './options.js';

/** Record ids: a workspace's install, an org-wide install, and a workspace's pointer to its org's. */
const TEAM_PREFIX = 'slack:team:';
const ORG_PREFIX = 'slack:org:';
const ORG_POINTER_PREFIX = 'slack:team-org:';

/**
 * Where installations are kept: the composition root hands in the project's own store (sealed
 * records on the key-value store, src/store/installation-store.ts). This adapter only needs these
 * three operations on opaque JSON, so it imports nothing from the store.
 */
export interface InstallationRecords {
  get<T>(id: string): Promise<T | undefined>;
  set<T>(id: string, record: T): Promise<void>;
  delete(id: string): Promise<boolean>;
}

/** Who an installation serves: a workspace, or a whole Enterprise Grid org (`isEnterpriseInstall`). */
export interface InstallationKey {
  teamId?: string | undefined;
  enterpriseId?: string | undefined;
  isEnterpriseInstall?: boolean | undefined;
}

/**
 * An org-wide install serves every workspace of the org under one token, so it is found by the
 * enterprise id; any other install by its team id, which Slack keeps unique across orgs.
 */
function installationId(key: InstallationKey): string | undefined {
  if (key.isEnterpriseInstall) return key.enterpriseId ? `${ORG_PREFIX}${key.enterpriseId}` : undefined;
  return key.teamId ? `${TEAM_PREFIX}${key.teamId}` : undefined;
}

/** Which org-wide install a workspace of an Enterprise Grid org asked through (no secret in it). */
const orgPointer = (team: string) => `${ORG_POINTER_PREFIX}${team}`;

/** Not installed (never, or uninstalled since): bolt answers the request without calling a listener. */
class NotInstalledError extends Error {
  override name = 'NotInstalledError';
  readonly code = 'SLACK_NOT_INSTALLED';
  constructor(id: string | undefined) {
    super(`the app is not installed for ${id ?? 'this request'}; install it through /slack/install`);
  }
}

/** What the logs may say about an installation: ids and flags, never a token. */
function described(key: InstallationKey): Record<string, unknown> {
  return {
    team: key.teamId,
    ...(key.enterpriseId ? { enterprise: key.enterpriseId } : {}),
    orgWide: Boolean(key.isEnterpriseInstall),
  };
}

function keyOf(installation: Installation<'v1' | 'v2', boolean>): InstallationKey {
  return {
    teamId: installation.team?.id,
    enterpriseId: installation.enterprise?.id,
    isEnterpriseInstall: installation.isEnterpriseInstall ?? false,
  };
}

/**
 * bolt's `InstallationStore` (the installer writes, `authorize` reads, uninstall deletes) on the
 * project's store. The record is sealed whole by the store, so its tokens never sit in clear.
 */
export interface SlackInstallationStore extends InstallationStore {
  deleteInstallation(query: InstallationKey): Promise<void>;
  /** The installation a proactive message to `team` goes out with (docs/operations.md §5.1), if any. */
  forTeam(team: string): Promise<Installation<'v1' | 'v2', boolean> | undefined>;
  /** Drops the user tokens of `users` and keeps the bot's (`tokens_revoked` for `oauth` tokens). */
  dropUserTokens(key: InstallationKey, users: string[]): Promise<void>;
}

export function createSlackInstallationStore(
  records: InstallationRecords,
  logger: SlackLogger,
): SlackInstallationStore {
  const fetch = async (key: InstallationKey) => {
    const id = installationId(key);
    return id ? records.get<Installation<'v1' | 'v2', boolean>>(id) : undefined;
  };
  // An org-wide install names no workspace; a proactive message names only its team. Each team seen
  // asking through an org's install is remembered once, so its alerts find the org's token.
  const orgTeams = new Set<string>();
  const rememberOrgTeam = async (query: InstallationKey) => {
    if (!query.isEnterpriseInstall || !query.teamId || !query.enterpriseId || orgTeams.has(query.teamId))
      return;
    await records.set(orgPointer(query.teamId), { enterpriseId: query.enterpriseId });
    orgTeams.add(query.teamId);
  };
  return {
    async storeInstallation(installation) {
      const key = keyOf(installation);
      const id = installationId(key);
      if (!id) throw new NotInstalledError(undefined);
      await records.set(id, installation);
      logger.info({ ...described(key), component: 'slack-oauth' }, 'Slack installation stored');
    },
    async fetchInstallation(query: InstallationQuery<boolean>) {
      const found = await fetch(query);
      if (!found) throw new NotInstalledError(installationId(query));
      await rememberOrgTeam(query);
      return found;
    },
    async deleteInstallation(query: InstallationKey) {
      const id = installationId(query);
      const existed = id ? await records.delete(id) : false;
      logger.info(
        { ...described(query), existed, component: 'slack-oauth' },
        'Slack installation deleted: its tokens are gone',
      );
    },
    async forTeam(team) {
      const own = await fetch({ teamId: team, isEnterpriseInstall: false });
      if (own) return own;
      const org = await records.get<{ enterpriseId: string }>(orgPointer(team));
      return org ? fetch({ enterpriseId: org.enterpriseId, isEnterpriseInstall: true }) : undefined;
    },
    async dropUserTokens(key, users) {
      const id = installationId(key);
      const found = await fetch(key);
      if (!id || !found?.user?.token || !users.includes(found.user.id)) return;
      const { token: _dropped, refreshToken: _refresh, ...user } = found.user;
      await records.set(id, { ...found, user });
      logger.info({ ...described(key), component: 'slack-oauth' }, 'Slack user token revoked: dropped');
    },
  };
}

/** What the operator's overview shows of one installation: ids, names and scopes, never a token. */
export interface SlackInstallationSummary {
  /** The id `slack installations remove` takes: the team id, or the enterprise id of an org-wide install. */
  id: string;
  orgWide: boolean;
  teamId?: string;
  teamName?: string;
  enterpriseId?: string;
  enterpriseName?: string;
  botUserId?: string;
  scopes: string[];
  /** Whether a user token is kept too (`user_scopes` granted). */
  userToken: boolean;
}

/** Installation records plus the listing of their ids (the store's `ids()`). */
export interface ListableInstallationRecords extends InstallationRecords {
  ids(): AsyncIterable<string>;
}

/** Every Slack installation, workspaces and org-wide installs, for `telephony-bot slack installations list`. */
export async function listSlackInstallations(
  records: ListableInstallationRecords,
): Promise<SlackInstallationSummary[]> {
  const found: SlackInstallationSummary[] = [];
  for await (const id of records.ids()) {
    const orgWide = id.startsWith(ORG_PREFIX);
    if (!orgWide && !id.startsWith(TEAM_PREFIX)) continue;
    const i = await records.get<Installation<'v1' | 'v2', boolean>>(id);
    if (!i) continue;
    found.push({
      id: id.slice((orgWide ? ORG_PREFIX : TEAM_PREFIX).length),
      orgWide,
      ...(i.team?.id ? { teamId: i.team.id } : {}),
      ...(i.team?.name ? { teamName: i.team.name } : {}),
      ...(i.enterprise?.id ? { enterpriseId: i.enterprise.id } : {}),
      ...(i.enterprise?.name ? { enterpriseName: i.enterprise.name } : {}),
      ...(i.bot?.userId ? { botUserId: i.bot.userId } : {}),
      scopes: i.bot?.scopes ?? [],
      userToken: Boolean(i.user?.token),
    });
  }
  return found.sort((a, b) => a.id.localeCompare(b.id));
}

/**
 * Removes the installation of a workspace (`T…`) or an org-wide one (`E…`), with the pointers of the
 * org's workspaces. Its tokens are gone from the store; the app stays listed in Slack until an admin
 * removes it there. Returns whether there was one.
 */
export async function removeSlackInstallation(
  records: ListableInstallationRecords,
  id: string,
): Promise<boolean> {
  const removed =
    (await records.delete(`${TEAM_PREFIX}${id}`)) || (await records.delete(`${ORG_PREFIX}${id}`));
  const pointers: string[] = [];
  for await (const key of records.ids())
    if (key.startsWith(ORG_POINTER_PREFIX)) {
      const pointer = await records.get<{ enterpriseId: string }>(key);
      if (pointer?.enterpriseId === id) pointers.push(key);
    }
  for (const key of pointers) await records.delete(key);
  return removed;
}
