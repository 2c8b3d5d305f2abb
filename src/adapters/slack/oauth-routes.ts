import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CodedError, Installation, InstallProvider } from '@slack/oauth';
import { errorSummary } from '../../core/safe-error.js';
import type { SlackLogger } from './options.js';

/** A browser route the composition root serves beside Slack's posts (the OAuth install flow). */
export interface SlackRoute {
  path: string;
  handler: (req: IncomingMessage, res: ServerResponse) => void;
}

/**
 * The install link (a 302 to Slack's consent page with the state cookie) and Slack's redirect back
 * (the code exchanged, the installation stored), as small pages a browser shows (issue 16).
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
        installer.handleInstallPath(req, res).catch((err: unknown) => {
          log.error({ err: errorSummary(err) }, 'Slack install link failed');
          page(res, 500, 'The install link is not available right now. Try again in a minute.');
        });
      },
    },
    {
      path: o.redirectPath,
      handler: (req, res) => {
        if (!isGet(req, res)) return;
        void installer.handleCallback(req, res, {
          success: (installation) => installed(installation, res, o.command),
          failure: (error) => refused(error, res, log),
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
 * A refused install: the state is missing, expired (older than 10 minutes) or from another
 * browser, or Slack refused the code. The page says what to do; the log says which, without the
 * code or any token.
 */
function refused(error: CodedError, res: ServerResponse, log: SlackLogger): void {
  const slackError = (error as { data?: { error?: unknown } }).data?.error;
  log.warn({ err: errorSummary(error) }, 'Slack install refused');
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
