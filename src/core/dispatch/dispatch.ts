import { lineMayHoldSecret } from '../accounts/linking.js';
import { roleFor } from '../accounts/roles.js';
import type { CommandSpec } from '../command-spec.js';
import type { IncomingText } from '../core.js';
import { place } from '../delivery/delivery.js';
import { isStoreUnavailable } from '../delivery/error-replies.js';
import { type Language, languageOf, messagesFor } from '../messages.js';
import type { PlacedReply, Reply } from '../reply.js';
import { askStep } from './ask-step.js';
import { chatSettingsOf, type Engine, failure, localeOf } from './engine.js';
import { guardStep } from './guard-step.js';
import {
  argumentsStep,
  chatRulesStep,
  confirmationStep,
  credentialsStep,
  rolesStep,
  runStep,
  type TextStep,
  type TextTurn,
  type View,
} from './text-steps.js';

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

/** The steps that run one known command: chat rules, roles, a question, arguments, credentials, guard, confirmation, run. */
export function commandSteps(e: Engine): TextStep[] {
  return [
    chatRulesStep,
    rolesStep,
    askStep,
    argumentsStep,
    credentialsStep((turn) => commandsHere(e, turn.input)),
    guardStep,
    confirmationStep,
    runStep,
  ];
}

export function newTurn(input: Asker, requestId: string, view: View = {}): TextTurn {
  return {
    input: { text: '', ...input },
    t: messagesFor(input.locale),
    requestId,
    settings: {},
    audited: [],
    name: 'text',
    outcome: 'ok',
    output: 'echo',
    secretInput: false,
    tokens: [],
    view,
  };
}

/**
 * Runs `steps` until one answers, turns a failure into plain words, and places every reply by the
 * one delivery rule (delivery.ts). Typed commands, menu screens, pages and answered questions all
 * end here.
 */
export async function runTurn(e: Engine, turn: TextTurn, steps: readonly TextStep[]): Promise<PlacedReply[]> {
  const { input } = turn;
  let replies: Reply[] = [];
  try {
    (turn as { settings: TextTurn['settings'] }).settings = await chatSettingsOf(
      e,
      input.identity,
      input.chat,
    );
    turn.loc ??= await localeOf(e, input);
    turn.t = turn.loc.t;
    for (const step of steps) {
      const answer = await step(e, turn);
      if (answer) {
        replies = answer;
        break;
      }
    }
  } catch (err) {
    turn.outcome = turn.ctx ? 'failed' : 'error';
    replies = [failure(e, err, turn.t, turn.requestId, turn.spec, turn.args)];
    // Refused unread because the store is down (docs/privacy.md §2.2): a PIN or a password in it still goes.
    if (isStoreUnavailable(err) && !turn.secretInput) turn.secretInput = await mayHoldSecret(e, input);
  }
  const placed = place(replies, {
    chat: input.chat,
    settings: turn.settings,
    inputSeen: input.chat.kind === 'shared' && !input.inputIsPrivate && input.text !== '',
    output: turn.output,
    secretInput: turn.secretInput,
    actor: input.identity.user,
    audited: turn.audited,
    t: turn.t,
  });
  // The reader's language, for the few words adapters write around a reply (docs/language.md §1.2).
  return inLanguage(placed, turn.loc?.language ?? languageOf(input.locale));
}

/** Runs a known command for an asker, as if typed (menu screens, list pages). */
export function dispatch(
  e: Engine,
  spec: CommandSpec,
  tokens: string[],
  input: Asker,
  requestId: string,
  view: View,
): Promise<PlacedReply[]> {
  const turn = newTurn(input, requestId, view);
  turn.spec = spec;
  turn.name = spec.name;
  turn.tokens = tokens;
  return runTurn(e, turn, commandSteps(e));
}

/** With no store to ask: a command with secret arguments, or any plain line of a private chat. */
function mayHoldSecret(e: Engine, input: Asker): Promise<boolean> {
  const text = input.text ?? '';
  if (input.chat.kind !== 'private' && !text.trim().startsWith('/')) return Promise.resolve(false);
  return lineMayHoldSecret(undefined, '', text, (n, args) => e.byName.get(n)?.secretArgs?.(args) ?? false);
}

/** Stamps the reader's language on replies that do not carry one. */
export function inLanguage<R extends Reply>(replies: R[], language: Language): R[] {
  return replies.map((r) => (r.language ? r : { ...r, language }));
}
