import { handleConversation, lineMayHoldSecret } from '../accounts/linking.js';
import { identityKey } from '../identity.js';
import { errorSummary } from '../logs/safe-error.js';
import { suggest } from '../values/suggest.js';
import { tokenize } from '../values/tokenize.js';
import type { Engine } from './engine.js';
import { answer, ends, type Received, type Resolved, type Resolver, resolvedAs, type Step } from './turn.js';

/**
 * The steps of a line of text before its command is known (Received → Resolved): the rate limit,
 * a running linking conversation, and the lookup of the first word.
 */

/**
 * Per-user command rate limit, shared across instances through the store. One "slow down" per user
 * and window (docs/operations.md §7, abuse); the refusals after it are silent.
 */
export const rateLimitStep: Resolver = async (e, turn) => {
  if (!e.rateLimit) return undefined;
  const key = `cmd:${identityKey(turn.input.identity)}`;
  const r = await e.stores.rateLimit.hit(key, e.rateLimit.limit, e.rateLimit.windowMs);
  if (r.allowed) return undefined;
  const seconds = Math.max(1, Math.ceil(r.retryAfterMs / 1000));
  // Refused unread, but a PIN or a password in it is still deleted.
  turn.record.secretInput = await lineMayHoldSecret(
    e.stores,
    identityKey(turn.input.identity),
    turn.input.text,
    (name, args) => e.byName.get(name)?.secretArgs?.(args) ?? false,
  ).catch(() => true);
  if (!r.noticeDue) return ends(turn, 'rate-limited-silent');
  return ends(turn, 'rate-limited', { text: turn.loc.t.rateLimited(seconds), tone: 'warning' });
};

/** Plain text (and /cancel) may answer a running linking conversation. */
export const conversationStep: Resolver = async (e, turn) => {
  const text = turn.input.text.trim();
  if (text.startsWith('/') && !/^\/cancel\b/i.test(text)) return undefined;
  const found = await handleConversation({
    stores: e.stores,
    clientFactory: e.clientFactory,
    clock: e.clock,
    input: turn.input,
    t: turn.loc.t,
    onUnexpected: (err, ref) =>
      e.logger.error(
        { requestId: turn.requestId, ref, command: 'link', err: errorSummary(err, { frames: true }) },
        'command failed unexpectedly',
      ),
  });
  if (!found) return undefined;
  turn.record.name = 'link-conversation';
  turn.record.output = 'personal';
  turn.record.secretInput = found.secret;
  return answer(found.replies);
};

/** The command named by the first word, or "did you mean". Its secret-bearing arguments are noted first. */
export const lookupStep: Step<Received, Resolved> = async (e, turn) => {
  const { t } = turn.loc;
  let [rawName = '', ...tokens] = tokenize(turn.input.text.trim().replace(/^\//, ''));
  let name = rawName.toLowerCase();
  turn.record.name = name || 'empty';
  if (!name) return answer([{ text: t.notACommand }]);
  const resumes = e.byName.get(name)?.resumesDeepLink === true && tokens.length === 1;
  const resumed = resumes ? e.byName.get(tokens[0]?.toLowerCase() ?? '') : undefined;
  if (resumed && !resumed.hidden) {
    // A deep link from a group (`t.me/<bot>?start=topup`) resumes the command that sent the user here.
    name = resumed.name;
    tokens = [];
  }
  const linked = resumes && !resumed ? deepLinked(e, tokens[0] ?? '') : undefined;
  if (linked) [name, tokens] = linked;
  const spec = e.byName.get(name);
  // The age rule is for what must not act late (a call, a top-up redelivered after an outage);
  // a read answers now whatever its age, so a backlog never turns it away (docs/operations.md §7).
  const { sentAt } = turn.input;
  if (sentAt && spec?.changesState && e.clock().getTime() - sentAt.getTime() > e.maxCommandAgeMs)
    return ends(turn, 'too-old', { text: t.commandTooOld(`/${name.slice(0, 40)}`), tone: 'warning' });
  if (!spec) return unknown(e, turn, name);
  // Decided before anything can refuse: a secret is deleted whether the command runs or not.
  return resolvedAs(turn, spec, tokens, spec.secretArgs?.(tokens) ?? false);
};

/** A deep link's `<name>-<payload>` for a command that takes one (`assistants-K7P2QX`): its name and tokens. */
function deepLinked(e: Engine, payload: string): [string, string[]] | undefined {
  const at = payload.indexOf('-');
  const spec = at > 0 ? e.byName.get(payload.slice(0, at).toLowerCase()) : undefined;
  const rest = payload.slice(at + 1);
  return spec?.deepLinkArgs && rest ? [spec.name, spec.deepLinkArgs(rest)] : undefined;
}

/** No such command: "did you mean", or silence for what may be another bot's command in a group. */
function unknown(e: Engine, turn: Received, name: string) {
  // Logged and counted (`/metrics` labels) as `unknown`: the word typed may be anything, a
  // password sent by mistake included, and labels must stay a bounded set (docs/operations.md §7).
  turn.record.name = 'unknown';
  // In a group, `/stats` with no @name may be another bot's command: not ours to answer.
  const { input } = turn;
  if (input.via === 'chat' && input.chat.kind === 'shared' && !input.addressed) return ends(turn, 'not-ours');
  const hint = suggest(name, [...e.byName.keys()]);
  return ends(turn, 'unknown-command', {
    text: turn.loc.t.unknownCommand(name.slice(0, 40), hint),
    tone: 'error',
  });
}
