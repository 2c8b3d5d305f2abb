import type { Activity } from '@microsoft/agents-activity';
import type { TurnContext } from '@microsoft/agents-hosting';
import { type Enriched, languageOf, type PlacedReply, wordsIn } from '../../core/index.js';
import { readPressed } from './forms.js';
import { CARD } from './render-card.js';
import { type TurnDeps, turnOf } from './turn.js';
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
  let card: object | undefined;
  let said: string | undefined;
  const turn = await turnOf(ctx, deps, {
    ...(pressedId ? { pressed: { id: pressedId, targeted: deps.targeting.wasTargeted(pressedId) } } : {}),
    answer: (c) => {
      card = c;
    },
  });
  const { n, can, conversation, deliveryId } = turn;
  const pressed = readPressed(activity.value);
  const who = { identity: n.identity, chat: n.chat, ...(n.locale ? { locale: n.locale } : {}) };
  const words = wordsIn(
    teamsWords,
    languageOf(pressed.kind === 'incomplete' ? (pressed.language ?? n.locale) : n.locale),
  );
  const request = (): Enriched | undefined => {
    if (pressed.kind === 'button')
      return {
        action: {
          ...who,
          actionId: pressed.actionId,
          can,
          deliveryId,
          requestId: deliveryId,
          ...(conversation.pressedPrivately ? { pressedPrivately: true } : {}),
        },
      };
    // The secret reached the bot in the invoke only (a card input), never the chat.
    if (pressed.kind === 'link')
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
    if (pressed.kind === 'pin')
      return {
        call: async (): Promise<PlacedReply[]> =>
          deps.core.runCommand({
            ...who,
            command: 'topup',
            args: [pressed.pin],
            can,
            inputIsPrivate: true,
            deliveryId,
          }),
      };
    return undefined;
  };
  if (pressed.kind === 'incomplete') said = words.formMissing;
  else if (pressed.kind !== 'unknown') {
    const secret = pressed.kind === 'link' || pressed.kind === 'pin';
    await deps.door.receive({
      deliveryId,
      locale: n.locale,
      conversation,
      press: true,
      busy: 'answer',
      log: { activity: activity.id, invoke: pressed.kind },
      notice: async (text) => {
        said = text;
      },
      enrich: async () => request(),
      // A notice without a new card is the invoke's own answer, to the presser alone.
      show: async (decision) => {
        if (decision.update || !decision.notice) return { rest: decision };
        said = decision.notice;
        return { rest: decision, noticeShown: true };
      },
    });
    // The form is replaced by one that keeps nothing typed.
    if (secret && !card)
      card = {
        type: 'AdaptiveCard',
        version: '1.5',
        body: [{ type: 'TextBlock', wrap: true, text: words.formUsed }],
      };
  }
  const body = card
    ? { statusCode: 200, type: CARD, value: card }
    : { statusCode: 200, type: 'application/vnd.microsoft.activity.message', value: said ?? '' };
  await ctx.sendActivity({ type: 'invokeResponse', value: { status: 200, body } } as never);
}
