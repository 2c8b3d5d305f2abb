import type { Activity } from '@microsoft/agents-activity';
import type { TurnContext } from '@microsoft/agents-hosting';
import {
  commandRef,
  type Enriched,
  languageOf,
  type PlacedReply,
  type Received,
  wordsIn,
} from '../../core/index.js';
import { withinBudget } from './budget.js';
import { type Pressed, readPressed } from './forms.js';
import {
  InvokeAnswer,
  type InvokeBody,
  messageBody,
  pressArrival,
  type Submission,
  textCard,
} from './invoke-answer.js';
import { submitSetup } from './setup.js';
import { type Turn, type TurnDeps, turnOf } from './turn.js';
import { type TeamsWords, teamsWords } from './words/index.js';

/**
 * The invoke `adaptiveCard/action` (docs/teams.md §3.2): a card's `Action.Execute` at the core's
 * door, claimed once by the activity id. A button is a press; a secret form's inputs link an
 * account or top up, through the core's own `link` and `runCommand`, claimed once by the card's
 * nonce (a card submitted again after a timeout is the same submission). The invoke is answered in
 * its HTTP response within its budget: the card that replaces the pressed one, a short message, or
 * "working on it", the outcome then replacing the card by `PUT` (invoke-answer.ts, §3.4).
 */
export async function onInvoke(ctx: TurnContext, deps: TurnDeps): Promise<void> {
  const activity = ctx.activity as Activity;
  const pressedId = activity.replyToId;
  const targeted = pressedId ? deps.targeting.wasTargeted(pressedId) : false;
  let answer: InvokeAnswer | undefined;
  const turn = await turnOf(ctx, deps, {
    ...(pressedId ? { pressed: { id: pressedId, targeted } } : {}),
    answer: async (card, edited) => (answer ? answer.card(card, edited) : false),
  });
  const alone = turn.n.chat.kind === 'private' || targeted;
  answer = new InvokeAnswer({ place: turn.place, id: pressedId, targeted, alone });
  const pressed = readPressed(activity.value);
  const cardLanguage =
    pressed.kind === 'incomplete' || pressed.kind === 'cancel' ? pressed.language : undefined;
  const words = wordsIn(teamsWords, languageOf(cardLanguage ?? turn.n.locale));
  const log = { activity: activity.id, invoke: pressed.kind };
  const pressing: Pressing = { ctx, answer, words };
  const work = answered(pressed, turn, deps, pressing);
  const late = (await withinBudget(work, 'press', deps, log)) === 'late';
  const body = pressing.duplicate
    ? await pressing.duplicate
    : answer.respond(late ? words.working : undefined);
  await ctx.sendActivity({ type: 'invokeResponse', value: { status: 200, body } } as never);
}

/** A press being answered; a second submission of a card answers with the first's outcome instead. */
interface Pressing {
  readonly ctx: TurnContext;
  readonly answer: InvokeAnswer;
  readonly words: TeamsWords;
  duplicate?: Promise<InvokeBody>;
}

async function answered(pressed: Pressed, turn: Turn, deps: TurnDeps, pressing: Pressing): Promise<void> {
  const { answer, words } = pressing;
  try {
    if (pressed.kind === 'incomplete') answer.say(pressed.pair ? words.setupCardPair : words.formMissing);
    else if (pressed.kind === 'cancel') await answer.card(textCard(words.cancelled), false);
    else if (pressed.kind !== 'unknown') {
      const key = submissionKey(pressed, turn);
      // Busy: told so before the nonce is claimed, so the same card runs once there is room.
      const busy = key ? deps.door.busyWords(turn.n.locale) : undefined;
      if (busy !== undefined) {
        answer.say(busy);
        return;
      }
      const submission: Submission = {
        deliveryId: key ?? turn.deliveryId,
        // Claimed: this submission is the card's one, and its answer is the one a second gets.
        claimed: () => (key ? remember(deps.submissions, key, answer.final) : undefined),
      };
      const received =
        pressed.kind === 'setup'
          ? await submitSetup(pressing.ctx, deps, turn, pressed, { answer, ...submission })
          : await receive(pressed, turn, deps, answer, submission);
      if (received === 'duplicate' && key) {
        pressing.duplicate = firstAnswer(deps, key, words);
        return;
      }
      // A secret form that ran is replaced by a card that keeps nothing typed; busy or the store
      // down, the words are the answer and the card stays as it was, to be sent again.
      if (received === 'done' && pressed.kind !== 'button' && !answer.hasCard)
        await answer.card(textCard(words.formUsed), false);
    }
  } finally {
    // Even after a failure: a second submission waiting on this answer gets what there is.
    answer.done();
  }
}

function receive(
  pressed: Exclude<Pressed, { kind: 'incomplete' | 'cancel' | 'unknown' }>,
  turn: Turn,
  deps: TurnDeps,
  answer: InvokeAnswer,
  submission: Submission,
): Promise<Received> {
  return deps.door.receive({
    ...pressArrival(turn, answer, submission, { activity: turn.deliveryId, invoke: pressed.kind }),
    enrich: () => {
      submission.claimed();
      return requestOf(pressed, turn, deps, submission.deliveryId);
    },
    // A notice without a new card is the invoke's own answer, to the presser alone (late: a note).
    show: async (decision) => {
      if (decision.update || !decision.notice) return { rest: decision };
      return answer.say(decision.notice) ? { rest: decision, noticeShown: true } : { rest: decision };
    },
  });
}

/**
 * A secret form's submission, keyed by its card's nonce and the person (docs/teams.md §3.4): the
 * same card submitted again, a new invoke with a new activity id, is the same request. A card from
 * before nonces is keyed by its activity alone.
 */
function submissionKey(pressed: Pressed, turn: Turn): string | undefined {
  if ((pressed.kind !== 'pin' && pressed.kind !== 'link' && pressed.kind !== 'setup') || !pressed.nonce)
    return undefined;
  return `teams:${turn.n.tenantId}:card:${turn.n.actor.id}:${pressed.nonce}`;
}

/**
 * The first submission's answer when this process has it, else "already sent": the first answer
 * may have gone to a response nobody saw (another instance, forgotten here), so the words promise
 * nothing to follow and name the fix, the command again (docs/teams.md §3.4).
 */
async function firstAnswer(deps: TurnDeps, key: string, words: TeamsWords): Promise<InvokeBody> {
  const first = deps.submissions.get(key) as Promise<InvokeBody> | undefined;
  const waiting = messageBody(words.formAlreadySent);
  if (!first) return waiting;
  const lapsed = deps.budget('press').then(() => waiting);
  return Promise.race([first, lapsed]);
}

const KEPT_SUBMISSIONS = 500;

/** Keeps the latest submissions' answers, the oldest forgotten first. */
function remember(submissions: Map<string, Promise<unknown>>, key: string, final: Promise<InvokeBody>): void {
  submissions.set(key, final);
  for (const oldest of submissions.keys()) {
    if (submissions.size <= KEPT_SUBMISSIONS) break;
    submissions.delete(oldest);
  }
}

/** What the press asks of the core: a button's action, or a secret form's own call. */
async function requestOf(
  pressed: Pressed,
  turn: Turn,
  deps: TurnDeps,
  deliveryId: string,
): Promise<Enriched | undefined> {
  const { n, can, conversation } = turn;
  const who = { identity: n.identity, chat: n.chat, ...(n.locale ? { locale: n.locale } : {}) };
  switch (pressed.kind) {
    case 'button':
      return {
        action: {
          ...who,
          ...(n.chat.kind === 'shared' ? { chat: { ...n.chat, userIsAdmin: await turn.admin() } } : {}),
          // An approval asks Teams at the moment of the press (docs/money-guard.md §2.5).
          roleNow: async () => ({ userIsAdmin: await turn.admin() }),
          actionId: pressed.actionId,
          can,
          deliveryId,
          requestId: deliveryId,
          ...(conversation.pressedPrivately ? { pressedPrivately: true } : {}),
        },
      };
    // The secret reached the bot in the invoke only (a card input), never the chat.
    case 'link':
      return {
        call: () =>
          deps.core.link({
            ...who,
            username: pressed.username,
            password: pressed.password,
            kind: pressed.card ? 'card' : 'account',
            inputIsPrivate: true,
          }),
      };
    case 'pin':
      return {
        call: (): Promise<PlacedReply[]> =>
          deps.core.runCommand({
            ...who,
            command: commandRef('topup'),
            args: [pressed.pin],
            can,
            inputIsPrivate: true,
            deliveryId,
          }),
      };
    default:
      return undefined;
  }
}
