import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  type CodedError,
  type Installation,
  type InstallProvider,
  ErrorCode as slackOAuthErrors,
} from '@slack/oauth';
import { errorSummary } from '../../core/index.js';
import type { SlackLogger } from './options.js';

/** A browser route the composition root serves beside Slack's posts (the OAuth install flow). */
export interface SlackRoute {
  path: string;
  handler: (req: IncomingMessage, res: ServerResponse) => void;
}

/**
 * The install link (a 302 to Slack's consent page with the state cookie) and Slack's redirect back
 * (the code exchanged, the installation stored), as small pages a browser shows (docs/operations.md §5.2).
 */
export function oauthRoutes(
  installer: InstallProvider,
  o: { installPath: string; redirectPath: string; command: string; logger: SlackLogger },
): SlackRoute[] {
  const log = o.logger;
  return [
    {
      path: o.installPath,
      handler: (req, res) => {
        if (!isGet(req, res)) return;
        installer.handleInstallPath(req, sameSiteLax(res)).catch((err: unknown) => {
          log.error({ err: errorSummary(err) }, 'Slack install link failed');
          page(res, 500, 'The install link is not available right now. Try again in a minute.');
        });
      },
    },
    {
      path: o.redirectPath,
      handler: (req, res) => {
        if (!isGet(req, res)) return;
        void installer.handleCallback(req, sameSiteLax(res), {
          success: (installation) => installed(installation, res, o.command),
          failure: (error) => refused(error, res, log, o.installPath),
        });
      },
    },
  ];
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
 * A refused install: the person cancelled on Slack's consent page, the state is missing, expired
 * (older than 10 minutes) or from another browser, or Slack refused the code. The page says what
 * to do; the log says which, without the code or any token.
 */
function refused(error: CodedError, res: ServerResponse, log: SlackLogger, installPath: string): void {
  const slackError = (error as { data?: { error?: unknown } }).data?.error;
  log.warn({ err: errorSummary(error) }, 'Slack install refused');
  if (error.code === slackOAuthErrors.AuthorizationError) {
    // Slack's redirect with `error=access_denied`: Cancel was pressed, nothing is wrong with the app.
    page(res, 400, `The installation was cancelled. To install, start again from ${installPath}.`);
    return;
  }
  const stale = /state|code/.test(error.code) || slackError === 'invalid_code';
  page(
    res,
    stale ? 400 : 502,
    stale
      ? `This install link expired or was opened in another browser. Start again from ${installPath}.`
      : `Slack did not complete the installation. Start again from ${installPath}; if it keeps failing, check SLACK_CLIENT_ID and SLACK_CLIENT_SECRET.`,
  );
}

/**
 * @slack/oauth's state cookie is Secure and HttpOnly but names no SameSite, which some browsers
 * read as None. Lax still sends it on Slack's redirect back (a top-level GET) and never on a
 * request another site's page makes, so the CSRF check does not rest on the browser's default.
 */
function sameSiteLax(res: ServerResponse): ServerResponse {
  const setHeader = res.setHeader.bind(res);
  const lax = (cookie: string) => (/;\s*samesite=/i.test(cookie) ? cookie : `${cookie}; SameSite=Lax`);
  res.setHeader = (name, value) =>
    name.toLowerCase() === 'set-cookie'
      ? setHeader(name, Array.isArray(value) ? value.map(lax) : lax(String(value)))
      : setHeader(name, value);
  return res;
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
