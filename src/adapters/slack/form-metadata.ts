import type { ModalMeta } from './modals.js';

/**
 * Nothing the client sends is trusted for routing (docs/privacy.md §2.6). A form's
 * `private_metadata` comes back with a signed submission, yet it names where the answer goes (a
 * conversation, a response URL): it counts only when it names the same team and user as the signed
 * payload, and a response URL on Slack's own host. Anything else is "this form has expired".
 */

/** Slack's host of response URLs (`https://hooks.slack.com/commands/…`, `/actions/…`, `/app/…`). */
const SLACK_HOOKS_ORIGIN = 'https://hooks.slack.com';

/**
 * A response URL the bot may post to: on `hooks.slack.com` over HTTPS, or on the host of the
 * configured Web API (`SLACK_API_URL`, a fake in tests or a proxy the operator set), never elsewhere.
 */
export function isSlackResponseUrl(url: string, apiUrl: string | undefined): boolean {
  const origin = originOf(url);
  if (origin === undefined) return false;
  return origin === SLACK_HOOKS_ORIGIN || (apiUrl !== undefined && origin === originOf(apiUrl));
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** Who signed the submission, as Slack put it in the payload. */
export interface SignedSubmitter {
  team: string;
  user: string;
}

/** A form's metadata when it may route the answer, else `undefined` (a stale or forged form). */
export function trustedFormMeta(
  meta: ModalMeta | undefined,
  signed: SignedSubmitter,
  apiUrl: string | undefined,
): ModalMeta | undefined {
  if (!meta) return undefined;
  if (meta.team !== signed.team || meta.user !== signed.user) return undefined;
  if (meta.responseUrl !== undefined && !isSlackResponseUrl(meta.responseUrl, apiUrl)) return undefined;
  return meta;
}
