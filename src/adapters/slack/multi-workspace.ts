import type { App, AppOptions, webApi } from '@slack/bolt';
import { createSlackOAuth } from './oauth.js';
import type { SlackRoute } from './oauth-routes.js';
import type { ResolvedSlackOptions } from './options.js';
import { registerUninstall } from './uninstall.js';
import { workspaceClients } from './workspace-clients.js';

/** How the app finds its token: one bot token, or each workspace's own installation (OAuth). */
export interface WorkspaceAuth {
  /** Spread into bolt's `App` options: `token`, or `authorize`. */
  app: Pick<AppOptions, 'token' | 'authorize'>;
  /** The client for a proactive message to a workspace (OAuth only; else `app.client`). */
  clientFor?: (team: string) => Promise<webApi.WebClient>;
  /** `/slack/install` and `/slack/oauth_redirect` (OAuth only). */
  routes: SlackRoute[];
  /** Registers the uninstall listeners (OAuth only). */
  register(app: App): void;
}

/**
 * Single workspace (`SLACK_BOT_TOKEN`): bolt checks the token with `auth.test` at start, exactly as
 * before. Many workspaces (docs/operations.md §5.1): bolt's `authorize` reads the installation of the team (or
 * Enterprise Grid org) each request comes from, so every listener's `client` has that workspace's token.
 */
export function workspaceAuth(
  options: ResolvedSlackOptions,
  clientOptions: webApi.WebClientOptions,
): WorkspaceAuth {
  if (!options.oauth) return { app: { token: options.botToken }, routes: [], register() {} };
  const oauth = createSlackOAuth(options.oauth, {
    logger: options.logger,
    clientOptions,
    authorizationUrl: authorizeUrlOf(options.apiUrl),
    command: options.command,
  });
  return {
    app: { authorize: oauth.authorize },
    clientFor: workspaceClients(oauth.store, clientOptions),
    routes: oauth.routes,
    register: (app) => registerUninstall(app, oauth, options.logger),
  };
}

/** Slack's consent page sits beside its Web API: `https://slack.com/api/` → `https://slack.com/oauth/v2/authorize`. */
function authorizeUrlOf(apiUrl: string | undefined): string {
  const base = apiUrl ? (apiUrl.endsWith('/') ? apiUrl : `${apiUrl}/`) : 'https://slack.com/api/';
  return new URL('../oauth/v2/authorize', base).toString();
}
