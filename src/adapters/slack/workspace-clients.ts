import { webApi } from '@slack/bolt';
import { NotifyRefusedError } from '../../core/notify/notifier.js';
import type { SlackInstallationStore } from './installations.js';

/**
 * The Web API client for one workspace's proactive messages (issue 16): with OAuth each workspace
 * has its own bot token, so an alert for team T goes out with T's token, read from its installation
 * on every send so that an uninstall takes effect at once. A workspace with no installation (never
 * installed, or uninstalled since) refuses the destination for good: the subscription pauses.
 */
export function workspaceClients(
  store: SlackInstallationStore,
  clientOptions: webApi.WebClientOptions,
): (team: string) => Promise<webApi.WebClient> {
  // One client per token, so connection reuse and 429 pacing stay per workspace.
  const clients = new Map<string, webApi.WebClient>();
  return async (team) => {
    const token = (await store.forTeam(team))?.bot?.token;
    if (!token) throw new NotifyRefusedError('not_installed');
    let client = clients.get(token);
    if (!client) {
      client = new webApi.WebClient(token, { ...clientOptions, teamId: team });
      clients.set(token, client);
    }
    return client;
  };
}
