import { webApi } from '@slack/bolt';
import { NotifyRefusedError } from '../../core/index.js';
import type { SlackInstallationStore } from './installations.js';

/**
 * The Web API client for one workspace's proactive messages (docs/operations.md §5.1): with OAuth each workspace
 * has its own bot token, so an alert for team T goes out with T's token, read from its installation
 * on every send so that an uninstall takes effect at once. A workspace with no installation (never
 * installed, or uninstalled since) refuses the destination for good: the subscription pauses.
 */
export function workspaceClients(
  store: SlackInstallationStore,
  clientOptions: webApi.WebClientOptions,
): (team: string) => Promise<webApi.WebClient> {
  // One client per workspace, so connection reuse and 429 pacing stay per workspace. Keyed by the
  // team, not the token: an Enterprise Grid org-wide token serves every workspace of the org, and
  // the client sends its `teamId` as `team_id` on every call, which names the workspace meant.
  const clients = new Map<string, { token: string; client: webApi.WebClient }>();
  return async (team) => {
    const token = (await store.forTeam(team))?.bot?.token;
    if (!token) {
      clients.delete(team);
      throw new NotifyRefusedError('not_installed');
    }
    const known = clients.get(team);
    if (known?.token === token) return known.client;
    const client = new webApi.WebClient(token, { ...clientOptions, teamId: team });
    clients.set(team, { token, client });
    return client;
  };
}
