import { catalogues, isStoreUnavailable, languageOf } from '../../core/index.js';
import type { SlackHandlerDeps } from './deps.js';
import type { ReplyTarget } from './responder.js';

/**
 * The "run once" claim of a request, or why not: `duplicate` (a retry, or another instance has
 * it) or `unavailable` (the shared store is down, docs/reliability.md §5.2). Slack does not redeliver slash
 * commands or button presses, so while the store is down the user is told at once, in their
 * language (README "One road out"), and nothing runs.
 */
export async function claimRequest(
  deps: SlackHandlerDeps,
  key: string,
  target: ReplyTarget,
): Promise<'first' | 'duplicate' | 'unavailable'> {
  try {
    return (await deps.options.dedupe.claim(key, deps.options.dedupeTtlMs)) ? 'first' : 'duplicate';
  } catch (error) {
    if (!isStoreUnavailable(error)) throw error;
    deps.options.logger.warn({}, 'Slack: store unavailable, request not run');
    const text = await unavailableNotice(deps, target).catch(() => bothLanguages());
    await deps.responder.notice(target, text).catch(() => undefined);
    return 'unavailable';
  }
}

/**
 * The notice in the user's Slack language: known from an earlier request, else from `users.info`
 * (Slack answers while our store does not; the request was acknowledged already). Where Slack
 * cannot tell either (the lookup failed, no workspace known), in every language we speak.
 */
async function unavailableNotice(deps: SlackHandlerDeps, target: ReplyTarget): Promise<string> {
  const team = target.tenant;
  if (team === undefined) return bothLanguages();
  const facts =
    deps.directory.known(team, target.user) ??
    (await deps.directory.user(target.client, team, target.user, { groups: false }));
  return facts.locale ? catalogues[languageOf(facts.locale)].storeUnavailable : bothLanguages();
}

const bothLanguages = () => [catalogues.en.storeUnavailable, catalogues.de.storeUnavailable].join('\n\n');
