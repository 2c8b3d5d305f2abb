import { lineMayHoldSecret } from '../accounts/linking.js';
import { roleFor } from '../accounts/roles.js';
import type { CommandSpec } from '../command-spec.js';
import type { IncomingText } from '../core.js';
import { place } from '../delivery/delivery.js';
import { isStoreUnavailable } from '../delivery/error-replies.js';
import { dataLossStep } from '../guard/data-loss.js';
import type { Role } from '../identity.js';
import { type Language, languageOf, messagesFor } from '../messages.js';
import type { ChatSettings } from '../ports/records.js';
import type { PlacedReply, Reply } from '../reply.js';
import type { UserLocale } from '../values/user-locale.js';
import { askStep } from './ask-step.js';
import {
  argumentsStep,
  chatRulesStep,
  confirmationStep,
  credentialsStep,
  parsedAs,
  rolesStep,
  runStep,
} from './command-steps.js';
import { chatSettingsOf, type Engine, failure, localeOf } from './engine.js';
import { guardStep } from './guard-step.js';
import {
  chain,
  newRecord,
  type Parsed,
  type Received,
  type Resolved,
  resolvedAs,
  type Step,
  type TurnRecord,
  type View,
} from './turn.js';

/** Who asks where, as every step needs it (a button press has no text). */
export type Asker = Pick<IncomingText, 'identity' | 'chat' | 'locale' | 'inputIsPrivate' | 'requestId'> &
  Partial<IncomingText>;

/** The commands this asker may run in this chat: the same chat rules and roles as the steps. */
export function commandsHere(e: Engine, input: Asker): () => Promise<CommandSpec[]> {
  return async () => {
    const settings = await chatSettingsOf(e, input.identity, input.chat);
    const shared = input.chat.kind === 'shared';
    return e.table.filter(
      (s) =>
        !(s.privateOnly && shared && !input.inputIsPrivate) &&
        !(s.sharedOnly && !shared) &&
        !['not-agent', 'not-allowed'].includes(roleFor(s, input, settings)),
    );
  };
}

/** The credentials step, its help listing what this asker may run here. */
export const credentials = (e: Engine) => credentialsStep((turn) => commandsHere(e, turn.input));

/** The steps that run one known command: chat rules, roles, a question, arguments, credentials, guard, confirmation, run. */
export function commandSteps(e: Engine): Step<Resolved, never> {
  return chain(chatRulesStep)
    .to(dataLossStep)
    .to(rolesStep)
    .to(askStep)
    .to(argumentsStep)
    .to(credentials(e))
    .to(guardStep)
    .to(confirmationStep)
    .to(runStep).run;
}

/** Where a turn starts: who asks, its id, what it is shown in, and what it records. */
export interface TurnStart {
  input: Asker;
  requestId: string;
  view?: View;
  /** Already read (a press's turn read it): not read again. */
  loc?: UserLocale;
  record?: TurnRecord;
}

/**
 * Reads what every step needs (the chat's settings, the user's language), runs `steps` to their
 * answer, turns a failure into plain words, and places every reply by the one delivery rule
 * (delivery.ts). Typed commands, menu screens, pages, confirmed and approved commands all end here.
 */
export async function runTurn(
  e: Engine,
  start: TurnStart,
  steps: Step<Received, never>,
): Promise<{ placed: PlacedReply[]; record: TurnRecord }> {
  const input: IncomingText = { text: '', ...start.input };
  const record = start.record ?? newRecord();
  let settings: ChatSettings = {};
  let loc = start.loc;
  let replies: Reply[];
  try {
    settings = await chatSettingsOf(e, input.identity, input.chat);
    loc ??= await localeOf(e, input);
    const turn = { input, requestId: start.requestId, loc, settings, view: start.view ?? {}, record };
    replies = (await steps(e, turn)).ended;
  } catch (err) {
    const { reached } = record;
    record.outcome = reached?.ready ? 'failed' : 'error';
    const t = loc?.t ?? messagesFor(input.locale);
    replies = [failure(e, err, t, start.requestId, reached?.spec, reached?.args)];
    // Refused unread because the store is down: a PIN or a password in it still goes.
    if (isStoreUnavailable(err) && !record.secretInput) record.secretInput = await mayHoldSecret(e, input);
  }
  const placed = place(replies, {
    chat: input.chat,
    settings,
    inputSeen: input.chat.kind === 'shared' && !input.inputIsPrivate && input.text !== '',
    output: record.output,
    // A secret is deleted unless the bot knows it alone received it (a Telegram command declared
    // ephemeral, a Slack slash command): then nobody else read it (docs/privacy.md §2.2).
    secretInput: record.secretInput && !(input.chat.kind === 'shared' && input.inputIsPrivate === true),
    actor: input.identity.user,
    audited: record.audited,
    t: loc?.t ?? messagesFor(input.locale),
  });
  // The reader's language, for the few words adapters write around a reply.
  return { placed: inLanguage(placed, loc?.language ?? languageOf(input.locale)), record };
}

/** Runs a known command for an asker, as if typed (menu screens, list pages, the home screen). */
export async function dispatch(
  e: Engine,
  spec: CommandSpec,
  tokens: readonly string[],
  input: Asker,
  requestId: string,
  view: View,
): Promise<PlacedReply[]> {
  const steps = commandSteps(e);
  const ran = await runTurn(e, { input, requestId, view }, (e2, turn) =>
    steps(e2, resolvedAs(turn, spec, tokens)),
  );
  return ran.placed;
}

/** A command whose arguments were checked before (a confirmed or an approved request), as whom it ran. */
export interface CheckedCommand {
  spec: CommandSpec;
  tokens: readonly string[];
  args: unknown;
  role: Role;
}

/** Runs a checked command from its credentials on (`steps` start at Parsed), placed like every reply. */
export function runChecked(e: Engine, start: TurnStart, command: CheckedCommand, steps: Step<Parsed, never>) {
  return runTurn(e, start, (e2, turn) => {
    const resolved = resolvedAs(turn, command.spec, command.tokens);
    return steps(e2, parsedAs({ ...resolved, role: command.role }, command.args));
  });
}

/** With no store to ask: a command with secret arguments, or any plain line of a private chat. */
function mayHoldSecret(e: Engine, input: IncomingText): Promise<boolean> {
  const text = input.text;
  if (input.chat.kind !== 'private' && !text.trim().startsWith('/')) return Promise.resolve(false);
  return lineMayHoldSecret(undefined, '', text, (n, args) => e.byName.get(n)?.secretArgs?.(args) ?? false);
}

/** Stamps the reader's language on replies that do not carry one. */
export function inLanguage<R extends Reply>(replies: R[], language: Language): R[] {
  return replies.map((r) => (r.language ? r : { ...r, language }));
}
