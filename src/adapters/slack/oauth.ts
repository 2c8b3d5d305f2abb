import { createHmac } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { webApi } from '@slack/bolt';
import {
  ClearStateStore,
  type CodedError,
  type Installation,
  type InstallationQuery,
  InstallProvider,
  type StateStore,
} from '@slack/oauth';
import { boltLogger } from './bolt-logger.js';
import {
  createSlackInstallationStore,
  type InstallationRecords,
  type SlackInstallationStore,
} from './installations.js';
import type { SlackLogger } from './options.js';

/** Slack's OAuth install flow (issue 16, installation in many workspaces), as the root configures it. */
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
  'users:read',
  'usergroups:read',
  'app_mentions:read',
  'im:history',
];

/** How long an install link's `state` holds: as long as its cookie and Slack's code (10 minutes). */
export const STATE_TTL_SECONDS = 600;

export interface SlackOAuth {
  installer: InstallProvider;
  store: SlackInstallationStore;
  /** bolt's `authorize`: the installation's token for the team (or org) a request comes from. */
  authorize(source: InstallationQuery<boolean>): ReturnType<InstallProvider['authorize']>;
  /** The two browser routes, for the composition root's HTTP server. */
  routes: { path: string; handler: (req: IncomingMessage, res: ServerResponse) => void }[];
}

/**
 * The state secret, when none is configured: an HMAC of the client secret, so every instance of
 * one app derives the same one and the client secret itself never signs anything a browser sees.
 */
export function deriveStateSecret(clientSecret: string): string {
  return createHmac('sha256', clientSecret).update('telephony-bot:slack-oauth-state:v1').digest('base64url');
}

/** bolt's signed-state store, reading the injected clock instead of the installer's `new Date()`. */
function clockedStateStore(secret: string, now: () => Date): StateStore {
  const inner = new ClearStateStore(secret, STATE_TTL_SECONDS);
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
  const redirectPath =
    o.redirectPath ?? (o.redirectUrl ? new URL(o.redirectUrl).pathname : '/slack/oauth_redirect');
  const log = ctx.logger;
  return {
    installer,
    store,
    authorize: (source) => installer.authorize(source),
    routes: [
      {
        path: o.installPath ?? '/slack/install',
        handler: (req, res) => {
          if (!isGet(req, res)) return;
          installer.handleInstallPath(req, res).catch((err: unknown) => {
            log.error(
              { err: (err as Error)?.name, code: (err as CodedError)?.code },
              'Slack install link failed',
            );
            page(res, 500, 'The install link is not available right now. Try again in a minute.');
          });
        },
      },
      {
        path: redirectPath,
        handler: (req, res) => {
          if (!isGet(req, res)) return;
          void installer.handleCallback(req, res, {
            success: (installation) => installed(installation, res, ctx.command),
            failure: (error) => refused(error, res, log),
          });
        },
      },
    ],
  };
}

function isGet(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method === 'GET') return true;
  req.resume();
  page(res, 405, 'Open this link in a browser.');
  return false;
}

function installed(
  installation: Installation<'v1' | 'v2', boolean>,
  res: ServerResponse,
  command: string,
): void {
  const where = installation.isEnterpriseInstall
    ? (installation.enterprise?.name ?? 'your organisation')
    : (installation.team?.name ?? 'your workspace');
  page(res, 200, `Installed in ${where}. In Slack, type ${command} help in the app's Messages tab to begin.`);
}

/**
 * A refused install: the state is missing, expired (older than 10 minutes) or from another
 * browser, or Slack refused the code. The page says what to do; the log says which, without the
 * code or any token.
 */
function refused(error: CodedError, res: ServerResponse, log: SlackLogger): void {
  const slackError = (error as { data?: { error?: unknown } }).data?.error;
  log.warn(
    { err: error.name, code: error.code, ...(typeof slackError === 'string' ? { slackError } : {}) },
    'Slack install refused',
  );
  const stale = /state|code/.test(error.code) || slackError === 'invalid_code';
  page(
    res,
    stale ? 400 : 502,
    stale
      ? 'This install link expired or was opened in another browser. Start again from /slack/install.'
      : 'Slack did not complete the installation. Start again from /slack/install; if it keeps failing, check SLACK_CLIENT_ID and SLACK_CLIENT_SECRET.',
  );
}

function page(res: ServerResponse, status: number, text: string): void {
  const body = `<!doctype html><meta charset="utf-8"><title>telephony-bot</title><p>${escapeHtml(text)}</p>\n`;
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
  });
  res.end(body);
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
