import { roleFor } from '../accounts/roles.js';
import { encodeButton } from '../buttons.js';
import { argsSchema, type CommandContext, type CommandSpec } from '../command-spec.js';
import { runEffect, runNeverRetry } from '../commands/tool-fields.js';
import { CONFIRM_WATCH_PREFIX, confirmationShown } from '../menu/confirm-shown.js';
import { withBack } from '../menu/home.js';
import { needsPaging, pageOf } from '../menu/paging.js';
import { markSecret } from '../menu/secrets.js';
import type { Reply } from '../reply.js';
import { type UserLocale, userLocale } from '../values/user-locale.js';
import { makeContext } from './command-context.js';
import type { Engine } from './engine.js';
import { pinExposed, privateOnlyRefusal } from './exposed-secret.js';
import { encodeArgs } from './pending-args.js';
import {
  type Authorized,
  answer,
  ends,
  type Parsed,
  type Ready,
  type Resolved,
  type Step,
  type View,
} from './turn.js';

/**
 * The steps of a known command, each making the phase the next one needs:
 * Resolved → (chat rules) → Authorized → Parsed → Ready → (guard, confirmation) → its answer.
 */

/** Where a command may run: private-only ones point to the private chat, group settings stay in groups. */
export const chatRulesStep: Step<Resolved, Resolved> = async (_e, turn) => {
  const { spec, input } = turn;
  const { t } = turn.loc;
  if (spec.privateOnly && input.chat.kind === 'shared' && !input.inputIsPrivate && !pinExposed(turn))
    return ends(turn, 'private-only', privateOnlyRefusal(turn));
  if (spec.sharedOnly && input.chat.kind !== 'shared')
    return ends(turn, 'shared-only', { text: t.sharedOnly(spec.name), tone: 'warning' });
  return turn;
};

/** Who the asker is here (holder, agent, admin), or the refusal. */
export const rolesStep: Step<Resolved, Authorized> = async (_e, turn) => {
  const { spec } = turn;
  const { t } = turn.loc;
  const role = roleFor(spec, turn.input, turn.settings);
  if (role === 'not-agent') return ends(turn, 'refused', { text: t.notAgent, tone: 'error' });
  if (role === 'not-allowed')
    return ends(turn, 'refused', { text: spec.refusal?.(t) ?? t.notAllowed(spec.name), tone: 'error' });
  return { ...turn, role };
};

/** Parses the arguments; the first issue's message is the fix shown, with usage and an example. */
export const argumentsStep: Step<Authorized, Parsed> = async (e, turn) => {
  const { spec } = turn;
  const { t } = turn.loc;
  const parsed = parseArgs(e, spec, turn.tokens, turn.loc);
  if (!parsed.success) {
    const fix = parsed.error.issues[0]?.message ?? t.vGeneric;
    return ends(turn, 'bad-input', { text: t.badArgs(fix, spec.usage(t), spec.example(t)), tone: 'error' });
  }
  return parsedAs(turn, parsed.data);
};

/** The turn with its arguments checked (a confirmation's press brings them from the store). */
export function parsedAs(turn: Authorized, args: unknown): Parsed {
  turn.record.reached = { spec: turn.spec, args };
  return { ...turn, args };
}

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
export function credentialsStep(
  commandsHere: (turn: Parsed) => () => Promise<CommandSpec[]>,
): Step<Parsed, Ready> {
  return async (e, turn) => {
    const { spec, record } = turn;
    record.output = spec.output;
    const input = { ...turn.input, settings: turn.settings, audited: record.audited, loc: turn.loc };
    const ctx = makeContext(e, turn.args, turn.tokens, input, turn.role, commandsHere(turn));
    record.reached = { spec, args: turn.args, ready: true };
    if (spec.needs === 'account') await ctx.account();
    if (spec.needs === 'card') await ctx.card();
    return { ...turn, ctx };
  };
}

/** A command that asks first gets a single-use Confirm / Cancel pair; its handler runs on Confirm. */
export const confirmationStep: Step<Ready, Ready> = async (e, turn) => {
  const { spec, ctx } = turn;
  const { t } = turn.loc;
  // A page of an earlier answer was confirmed already.
  if (turn.view.pageId !== undefined) return turn;
  // An edit is easily sent by mistake: what acts once and for all asks first (docs/privacy.md §2.2).
  const edited =
    turn.input.edited && runNeverRetry(spec, turn.tokens) ? t.confirmEdited(`/${spec.name}`) : undefined;
  const prompt = (await spec.confirm?.(ctx)) ?? edited;
  if (!prompt) return turn;
  // Confirm runs on the arguments as parsed now, never on the text parsed again (pending-args.ts).
  const typedArgs = encodeArgs(turn.args);
  const ticket = await ctx.pending('confirm', spec.name, [...turn.tokens], { typedArgs });
  // `/cancel` cancels it (commands/link.ts).
  await ctx.stores.settings.updateUser(ctx.identityKey, { liveConfirm: ticket.id });
  const ttl = spec.pendingTtlMs ?? e.confirmTtlMs;
  const minutes = Math.round(ttl / 60_000);
  const why = pinExposed(turn) ? `${t.pinExposed}\n` : '';
  const expiresAt = new Date(ctx.now.getTime() + ttl);
  // At expiry its buttons become one disabled "Expired" where its message can still be edited
  // (docs/interface.md §2.6): remembered now, where it landed once the send says (`watch`).
  const shown = { id: ticket.id, prompt: `${why}${prompt}`, language: ctx.language };
  const times = { createdAt: ctx.now.toISOString(), expiresAt: expiresAt.toISOString() };
  await confirmationShown(ctx.stores, { ...shown, ...times });
  return ends(turn, 'confirm-asked', {
    text: `${why}${prompt}\n${t.confirmExpiresIn(minutes)}`,
    actions: [
      // Slack shows `confirmText` as a dialog on the button.
      {
        label: t.confirmButton,
        actionId: encodeButton({ kind: 'confirm', ticket }),
        style: spec.confirmStyle ?? 'primary',
        confirmText: prompt,
      },
      { label: t.cancelButton, actionId: encodeButton({ kind: 'cancel', ticket }) },
    ],
    expiresAt,
    watch: `${CONFIRM_WATCH_PREFIX}${ticket.id}`,
  });
};

/** Runs the handler; secrets are marked to be deleted later, and a long list is cut into pages. */
export const runStep: Step<Ready, never> = async (e, turn) => {
  const { spec, ctx } = turn;
  // From here a writing command may have acted, whatever it answers (changed-state.ts).
  turn.record.writing = runEffect(spec, turn.tokens) !== 'none';
  const out = await spec.handler(ctx);
  const replies = (Array.isArray(out) ? out : [out]).map((r) =>
    markSecret(r, ctx.t, e.secretTtlFor(ctx.can)),
  );
  return answer(await paginate(e, spec, ctx, replies, turn.view));
};

/** Cuts the first long list into pages; a page press re-reads it with the same arguments. */
async function paginate(
  e: Engine,
  spec: CommandSpec,
  ctx: CommandContext<unknown>,
  replies: Reply[],
  view: View,
): Promise<Reply[]> {
  const i = replies.findIndex((r) => needsPaging(r, e.pageRows));
  const long = replies[i];
  if (!long || spec.changesState) {
    return view.fromMenu && replies[0] ? [withBack(replies[0], ctx.t), ...replies.slice(1)] : replies;
  }
  const pendingId =
    view.pageId ?? (await ctx.pending('page', spec.name, [...ctx.tokens], { fromMenu: view.fromMenu })).id;
  const out = [...replies];
  out[i] = pageOf(long, view.page ?? 0, {
    pageRows: e.pageRows,
    pendingId,
    t: ctx.t,
    back: view.fromMenu === true,
    first: view.pageId === undefined,
  });
  return out;
}
