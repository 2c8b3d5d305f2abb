import { handleConversation, lineMayHoldSecret } from '../accounts/linking.js';
import { roleFor } from '../accounts/roles.js';
import { argsSchema, type CommandContext, type CommandSpec } from '../command-spec.js';
import type { IncomingText } from '../core.js';
import type { Role } from '../identity.js';
import { identityKey } from '../identity.js';
import { errorSummary } from '../logs/safe-error.js';
import { withBack } from '../menu/home.js';
import { needsPaging, pageOf } from '../menu/paging.js';
import { markSecret } from '../menu/secrets.js';
import type { Messages } from '../messages.js';
import type { AuditEntry, ChatSettings } from '../ports/records.js';
import type { OutputClass, Reply } from '../reply.js';
import { suggest } from '../values/suggest.js';
import { tokenize } from '../values/tokenize.js';
import { type UserLocale, userLocale } from '../values/user-locale.js';
import { makeContext } from './command-context.js';
import type { Engine } from './engine.js';

/** One line of text on its way through the dispatcher. Steps fill it in, in order. */
export interface TextTurn {
  readonly input: IncomingText;
  /** The user's catalogue; set with `loc` once the user's settings are read. */
  t: Messages;
  loc?: UserLocale;
  readonly requestId: string;
  readonly settings: ChatSettings;
  readonly audited: AuditEntry[];
  /** For the log line: the command, and how it ended. */
  name: string;
  outcome: string;
  /** The class of replies that do not say their own; `echo` until the command itself answers. */
  output: OutputClass;
  secretInput: boolean;
  spec?: CommandSpec;
  tokens: string[];
  role?: Role;
  args?: unknown;
  ctx?: CommandContext<unknown>;
  /** Where the answer is shown: opened from the home menu, or a page of an earlier list (docs/interface.md §3.1). */
  view: View;
}

export interface View {
  fromMenu?: boolean | undefined;
  pageId?: string;
  page?: number;
}

/** A step either answers (and the turn ends) or returns `undefined` to pass the turn on. */
export type TextStep = (e: Engine, turn: TextTurn) => Promise<Reply[] | undefined>;

/** Ends the turn with `reply`, or with no answer at all (a rate limit's notice was already given). */
export const ends = (turn: TextTurn, outcome: string, reply: Reply | undefined): Reply[] => {
  turn.outcome = outcome;
  return reply ? [reply] : [];
};

/**
 * Per-user command rate limit, shared across instances through the store. One "slow down" per user
 * and window (README "Operations", abuse); the refusals after it are silent.
 */
export const rateLimitStep: TextStep = async (e, turn) => {
  if (!e.rateLimit) return undefined;
  const key = `cmd:${identityKey(turn.input.identity)}`;
  const r = await e.stores.rateLimit.hit(key, e.rateLimit.limit, e.rateLimit.windowMs);
  if (r.allowed) return undefined;
  const seconds = Math.max(1, Math.ceil(r.retryAfterMs / 1000));
  // Refused unread, but a PIN or a password in it is still deleted (docs/privacy.md §2.2).
  turn.secretInput = await lineMayHoldSecret(
    e.stores,
    identityKey(turn.input.identity),
    turn.input.text,
    (name, args) => e.byName.get(name)?.secretArgs?.(args) ?? false,
  ).catch(() => true);
  if (!r.noticeDue) {
    turn.outcome = 'rate-limited-silent';
    return [];
  }
  return ends(turn, 'rate-limited', { text: turn.t.rateLimited(seconds), tone: 'warning' });
};

/** Plain text (and /cancel) may answer a running linking conversation. */
export const conversationStep: TextStep = async (e, turn) => {
  const text = turn.input.text.trim();
  if (text.startsWith('/') && !/^\/cancel\b/i.test(text)) return undefined;
  const answer = await handleConversation({
    stores: e.stores,
    clientFactory: e.clientFactory,
    clock: e.clock,
    input: turn.input,
    t: turn.t,
    onUnexpected: (err, ref) =>
      e.logger.error(
        { requestId: turn.requestId, ref, command: 'link', err: errorSummary(err, { frames: true }) },
        'command failed unexpectedly',
      ),
  });
  if (!answer) return undefined;
  turn.name = 'link-conversation';
  turn.output = 'personal';
  turn.secretInput = answer.secret;
  return answer.replies;
};

/** The command named by the first word, or "did you mean". Its secret-bearing arguments are noted first. */
export const lookupStep: TextStep = async (e, turn) => {
  if (turn.spec) return undefined;
  let [rawName = '', ...tokens] = tokenize(turn.input.text.trim().replace(/^\//, ''));
  let name = rawName.toLowerCase();
  turn.name = name || 'empty';
  if (!name) return [{ text: turn.t.notACommand }];
  const resumes = e.byName.get(name)?.resumesDeepLink === true && tokens.length === 1;
  const resumed = resumes ? e.byName.get(tokens[0]!.toLowerCase()) : undefined;
  if (resumed && !resumed.hidden) {
    // A deep link from a group (`t.me/<bot>?start=topup`) resumes the command that sent the user here.
    name = resumed.name;
    tokens = [];
  }
  turn.tokens = tokens;
  const spec = e.byName.get(name);
  // The age rule is for what must not act late (a call, a top-up redelivered after an outage);
  // a read answers now whatever its age, so a backlog never turns it away (README "Operations").
  const { sentAt } = turn.input;
  if (sentAt && spec?.changesState && e.clock().getTime() - sentAt.getTime() > e.maxCommandAgeMs)
    return ends(turn, 'too-old', { text: turn.t.commandTooOld(`/${name.slice(0, 40)}`), tone: 'warning' });
  if (!spec) {
    // Logged and counted (`/metrics` labels) as `unknown`: the word typed may be anything, a
    // password sent by mistake included, and labels must stay a bounded set (README "Operations").
    turn.name = 'unknown';
    // In a group, `/stats` with no @name may be another bot's command: not ours to answer (docs/interface.md §4.1).
    const { input } = turn;
    if (input.via === 'chat' && input.chat.kind === 'shared' && !input.addressed) {
      turn.outcome = 'not-ours';
      return [];
    }
    const hint = suggest(name, [...e.byName.keys()]);
    return ends(turn, 'unknown-command', {
      text: turn.t.unknownCommand(name.slice(0, 40), hint),
      tone: 'error',
    });
  }
  turn.spec = spec;
  turn.name = spec.name;
  // Decided before anything can refuse: a secret is deleted whether the command runs or not.
  turn.secretInput = spec.secretArgs?.(tokens) ?? false;
  return undefined;
};

/** Where a command may run: private-only ones point to the private chat, group settings stay in groups. */
export const chatRulesStep: TextStep = async (_e, turn) => {
  const { spec, input, t } = turn;
  if (!spec) return undefined;
  if (spec.privateOnly && input.chat.kind === 'shared' && !input.inputIsPrivate)
    return ends(turn, 'private-only', {
      text: t.privateOnly(spec.name),
      tone: 'warning',
      privateRedirect: { startParam: spec.name },
    });
  if (spec.sharedOnly && input.chat.kind !== 'shared')
    return ends(turn, 'shared-only', { text: t.sharedOnly(spec.name), tone: 'warning' });
  return undefined;
};

export const rolesStep: TextStep = async (_e, turn) => {
  const { spec, t } = turn;
  if (!spec) return undefined;
  const role = roleFor(spec, turn.input, turn.settings);
  if (role === 'not-agent') return ends(turn, 'refused', { text: t.notAgent, tone: 'error' });
  if (role === 'not-allowed')
    return ends(turn, 'refused', { text: spec.refusal?.(t) ?? t.notAllowed(spec.name), tone: 'error' });
  turn.role = role;
  return undefined;
};

/** Parses the arguments; the first issue's message is the fix shown, with usage and an example. */
export const argumentsStep: TextStep = async (e, turn) => {
  const { spec, t } = turn;
  if (!spec) return undefined;
  const parsed = parseArgs(e, spec, turn.tokens, turn.loc);
  if (parsed.success) {
    turn.args = parsed.data;
    return undefined;
  }
  const fix = parsed.error.issues[0]?.message ?? t.vGeneric;
  return ends(turn, 'bad-input', { text: t.badArgs(fix, spec.usage(t), spec.example(t)), tone: 'error' });
};

/** The argument schema of `spec` for this user: fixes in their words, dates in their zone. */
export function parseArgs(
  e: Engine,
  spec: CommandSpec,
  tokens: readonly string[],
  loc: UserLocale | undefined,
) {
  const { t, fmt } = loc ?? userLocale({});
  return argsSchema(spec, { t, timeZone: fmt.timeZone, now: e.clock }).safeParse(tokens);
}

/** Builds the context and checks the credentials the command needs, before anything else is asked. */
export function credentialsStep(commandsHere: (turn: TextTurn) => () => Promise<CommandSpec[]>): TextStep {
  return async (e, turn) => {
    const { spec, role } = turn;
    if (!spec || !role) return undefined;
    turn.output = spec.output;
    const input = {
      ...turn.input,
      settings: turn.settings,
      audited: turn.audited,
      loc: turn.loc ?? userLocale({}),
    };
    turn.ctx = makeContext(e, turn.args, turn.tokens, input, role, commandsHere(turn));
    if (spec.needs === 'account') await turn.ctx.account();
    if (spec.needs === 'card') await turn.ctx.card();
    return undefined;
  };
}

/** A command that asks first gets a single-use Confirm / Cancel pair; its handler runs on Confirm. */
export const confirmationStep: TextStep = async (e, turn) => {
  const { spec, ctx, t } = turn;
  // A page of an earlier answer was confirmed already.
  if (!spec?.confirm || !ctx || turn.view.pageId !== undefined) return undefined;
  const prompt = await spec.confirm(ctx);
  if (!prompt) return undefined;
  const id = await ctx.pending('confirm', spec.name, [...turn.tokens]);
  const ttl = spec.pendingTtlMs ?? e.confirmTtlMs;
  const minutes = Math.round(ttl / 60_000);
  return ends(turn, 'confirm-asked', {
    text: `${prompt}\n${t.confirmExpiresIn(minutes)}`,
    actions: [
      // Slack shows `confirmText` as a dialog on the button (docs/interface.md §2.3).
      {
        label: t.confirmButton,
        actionId: `c:${id}`,
        style: spec.confirmStyle ?? 'primary',
        confirmText: prompt,
      },
      { label: t.cancelButton, actionId: `x:${id}` },
    ],
    expiresAt: new Date(ctx.now.getTime() + ttl),
  });
};

/** Runs the handler; secrets are marked to be deleted later, and a long list is cut into pages. */
export const runStep: TextStep = async (e, turn) => {
  const { spec, ctx } = turn;
  if (!spec || !ctx) return undefined;
  const out = await spec.handler(ctx);
  const replies = (Array.isArray(out) ? out : [out]).map((r) =>
    markSecret(r, ctx.t, e.secretTtlFor(ctx.can)),
  );
  return paginate(e, spec, ctx, replies, turn.view);
};

/** Cuts the first long list into pages (docs/interface.md §3.2); a page press re-reads it with the same arguments. */
async function paginate(
  e: Engine,
  spec: CommandSpec,
  ctx: CommandContext<unknown>,
  replies: Reply[],
  view: View,
): Promise<Reply[]> {
  const i = replies.findIndex((r) => needsPaging(r, e.pageRows));
  if (i < 0 || spec.changesState) {
    return view.fromMenu && replies[0] ? [withBack(replies[0], ctx.t), ...replies.slice(1)] : replies;
  }
  const pendingId =
    view.pageId ?? (await ctx.pending('page', spec.name, [...ctx.tokens], { fromMenu: view.fromMenu }));
  const out = [...replies];
  out[i] = pageOf(replies[i]!, view.page ?? 0, {
    pageRows: e.pageRows,
    pendingId,
    t: ctx.t,
    back: view.fromMenu === true,
    first: view.pageId === undefined,
  });
  return out;
}
