import type { Activity } from '@microsoft/agents-activity';
import type { TurnContext } from '@microsoft/agents-hosting';
import { commandRef, type Enriched, languageOf, type PlacedReply, wordsIn } from '../../core/index.js';
import { type Pressed, readPressed, textCard } from './forms.js';
import { CARD } from './render-card.js';
import { submitSetup } from './setup.js';
import { type Turn, type TurnDeps, turnOf } from './turn.js';
import { teamsWords } from './words/index.js';

/**
 * The invoke `adaptiveCard/action` (docs/teams.md §3.2): a card's `Action.Execute` at the core's
 * door, claimed once by the activity id. A button is a press; a secret form's inputs link an
 * account or top up, through the core's own `link` and `runCommand`. The invoke is answered in its
 * HTTP response: the card that replaces the pressed one for the presser, or a short message.
 */
export async function onInvoke(ctx: TurnContext, deps: TurnDeps): Promise<void> {
  const activity = ctx.activity as Activity;
  const pressedId = activity.replyToId;
  const answer: { card?: object; said?: string } = {};
  const turn = await turnOf(ctx, deps, {
    ...(pressedId ? { pressed: { id: pressedId, targeted: deps.targeting.wasTargeted(pressedId) } } : {}),
    answer: (card) => {
      answer.card = card;
    },
  });
  const pressed = readPressed(activity.value);
  const cardLanguage =
    pressed.kind === 'incomplete' || pressed.kind === 'cancel' ? pressed.language : undefined;
  const words = wordsIn(teamsWords, languageOf(cardLanguage ?? turn.n.locale));
  if (pressed.kind === 'incomplete') answer.said = pressed.pair ? words.setupCardPair : words.formMissing;
  else if (pressed.kind === 'cancel') answer.card = textCard(words.cancelled);
  else if (pressed.kind === 'setup') await submitSetup(ctx, deps, turn, pressed, answer);
  else if (pressed.kind !== 'unknown') {
    await deps.door.receive({
      deliveryId: turn.deliveryId,
      locale: turn.n.locale,
      conversation: turn.conversation,
      press: true,
      busy: 'answer',
      log: { activity: activity.id, invoke: pressed.kind },
      notice: async (text) => {
        answer.said = text;
      },
      enrich: () => requestOf(pressed, turn, deps),
      // A notice without a new card is the invoke's own answer, to the presser alone.
      show: async (decision) => {
        if (decision.update || !decision.notice) return { rest: decision };
        answer.said = decision.notice;
        return { rest: decision, noticeShown: true };
      },
    });
    // A secret form is replaced by a card that keeps nothing typed.
    if (pressed.kind !== 'button' && !answer.card) answer.card = textCard(words.formUsed);
  }
  const body = answer.card
    ? { statusCode: 200, type: CARD, value: answer.card }
    : { statusCode: 200, type: 'application/vnd.microsoft.activity.message', value: answer.said ?? '' };
  await ctx.sendActivity({ type: 'invokeResponse', value: { status: 200, body } } as never);
}

/** What the press asks of the core: a button's action, or a secret form's own call. */
async function requestOf(pressed: Pressed, turn: Turn, deps: TurnDeps): Promise<Enriched | undefined> {
  const { n, can, deliveryId, conversation } = turn;
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
