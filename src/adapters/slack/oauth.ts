import { createHmac } from 'node:crypto';
import type { webApi } from '@slack/bolt';
import slackOAuth, { type InstallationQuery, InstallProvider, type StateStore } from '@slack/oauth';
import { boltLogger } from './bolt-logger.js';
import {
  createSlackInstallationStore,
  type InstallationRecords,
  type SlackInstallationStore,
} from './installations.js';
import { oauthRoutes, type SlackRoute } from './oauth-routes.js';
import type { SlackLogger } from './options.js';

/** Slack's OAuth install flow (docs/operations.md §5.1, installation in many workspaces), as the root configures it. */
export interface SlackOAuthOptions {
  clientId: string;
  clientSecret: string;
  /** Signs the `state` parameter. Default: derived from the client secret. */
  stateSecret?: string;
  /** The bot scopes to ask for. Default {@link SLACK_BOT_SCOPES}, the manifest's. */
  scopes?: string[];
  /** The public redirect URL (`…/slack/oauth_redirect`); unset: the manifest's first redirect URL. */
  redirectUrl?: string;
  /** Where the installs are kept, sealed (the project's store). */
  records: InstallationRecords;
  /** Path of the install link. Default `/slack/install`. */
  installPath?: string;
  /** Path Slack redirects back to. Default the path of `redirectUrl`, else `/slack/oauth_redirect`. */
  redirectPath?: string;
  /** Clock for the state's 10-minute lifetime (tests). */
  now?: () => Date;
}

/**
 * The bot scopes the adapter uses, as slack/manifest.yaml declares them (a test keeps the two in
 * step): the install link asks for exactly these.
 */
export const SLACK_BOT_SCOPES = [
  'commands',
  'chat:write',
  'files:write',
  'im:write',
  'im:read',
  'users:read',
  'usergroups:read',
  'app_mentions:read',
  'im:history',
  'assistant:write',
  'channels:read',
  'groups:read',
  'links:read',
  'links:write',
];

/** How long an install link's `state` holds: as long as its cookie and Slack's code (10 minutes). */
const STATE_TTL_SECONDS = 600;

export interface SlackOAuth {
  installer: InstallProvider;
  store: SlackInstallationStore;
  /** bolt's `authorize`: the installation's token for the team (or org) a request comes from. */
  authorize(source: InstallationQuery<boolean>): ReturnType<InstallProvider['authorize']>;
  /** The two browser routes, for the composition root's HTTP server. */
  routes: SlackRoute[];
}

/**
 * The state secret, when none is configured: an HMAC of the client secret, so every instance of
 * one app derives the same one and the client secret itself never signs anything a browser sees.
 */
function deriveStateSecret(clientSecret: string): string {
  return createHmac('sha256', clientSecret).update('telephony-bot:slack-oauth-state:v1').digest('base64url');
}

/** bolt's signed-state store, reading the injected clock instead of the installer's `new Date()`. */
function clockedStateStore(secret: string, now: () => Date): StateStore {
  // A re-export Node's CommonJS named-export detection misses: read it from the module object.
  const inner = new slackOAuth.ClearStateStore(secret, STATE_TTL_SECONDS);
  return {
    generateStateParam: (options) => inner.generateStateParam(options, now()),
    verifyStateParam: (_ignored, state) => inner.verifyStateParam(now(), state),
  };
}

export function createSlackOAuth(
  o: SlackOAuthOptions,
  ctx: {
    logger: SlackLogger;
    clientOptions: Omit<webApi.WebClientOptions, 'logLevel' | 'logger'>;
    authorizationUrl: string;
    command: string;
  },
): SlackOAuth {
  const store = createSlackInstallationStore(o.records, ctx.logger);
  const installer = new InstallProvider({
    clientId: o.clientId,
    clientSecret: o.clientSecret,
    stateStore: clockedStateStore(
      o.stateSecret ?? deriveStateSecret(o.clientSecret),
      o.now ?? (() => new Date()),
    ),
    stateCookieExpirationSeconds: STATE_TTL_SECONDS,
    installationStore: store,
    // The install link sends the browser straight to Slack's consent page, with the state cookie set.
    directInstall: true,
    installUrlOptions: {
      scopes: o.scopes ?? SLACK_BOT_SCOPES,
      ...(o.redirectUrl ? { redirectUri: o.redirectUrl } : {}),
    },
    authorizationUrl: ctx.authorizationUrl,
    logger: boltLogger(ctx.logger),
    clientOptions: ctx.clientOptions,
  });
  return {
    installer,
    store,
    authorize: (source) => installer.authorize(source),
    routes: oauthRoutes(installer, {
      installPath: o.installPath ?? '/slack/install',
      redirectPath:
        o.redirectPath ?? (o.redirectUrl ? new URL(o.redirectUrl).pathname : '/slack/oauth_redirect'),
      command: ctx.command,
      logger: ctx.logger,
    }),
  };
}
