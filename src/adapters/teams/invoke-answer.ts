import type { Arrival } from '../../core/index.js';
import type { TeamsPlace } from './place.js';
import { CARD } from './render-card.js';
import type { Turn } from './turn.js';

/**
 * The answer to a press (`adaptiveCard/action`), which Teams takes only in the invoke's own HTTP
 * response (docs/teams.md §3.2, §3.4): a card that replaces the pressed one, or a short message.
 * Until the response is sent the outcome is kept for it. Once the budget lapsed, the response says
 * "working on it" in words and leaves the card as it was (an outcome that is only a message then
 * loses nothing); the outcome's card replaces the pressed one by `PUT` when it comes, and a late
 * notice, or a card for the presser alone on a card others see too, goes the core's other ways
 * (a note, a targeted message): never lost, never run twice.
 */
export interface InvokeBody {
  readonly statusCode: 200;
  readonly type: string;
  readonly value: object | string;
}

/**
 * A form's submission at the core's door (docs/teams.md §3.4): claimed by its card's nonce where it
 * has one (else the invoke's id), and `claimed()` once it runs, so a second submission gets its answer.
 */
export interface Submission {
  readonly deliveryId: string;
  claimed(): void;
}

/** A press's arrival at the core's door, claimed as `submission`: its notices are the invoke's answer. */
export function pressArrival(
  turn: Turn,
  answer: InvokeAnswer,
  submission: Submission,
  log: Record<string, unknown>,
): Pick<Arrival, 'deliveryId' | 'locale' | 'conversation' | 'press' | 'busy' | 'log' | 'notice'> {
  return {
    deliveryId: submission.deliveryId,
    locale: turn.n.locale,
    conversation: turn.conversation,
    press: true,
    busy: 'answer',
    log,
    notice: async (text) => {
      answer.say(text);
    },
  };
}

export interface PressedCard {
  readonly place: TeamsPlace;
  /** The pressed message's id (the invoke's `replyToId`). */
  readonly id?: string | undefined;
  /** The card was targeted at the presser (edited with the flag). */
  readonly targeted: boolean;
  /** Only the presser sees it (the personal chat, or a targeted card). */
  readonly alone: boolean;
}

const MESSAGE = 'application/vnd.microsoft.activity.message';

export const cardBody = (card: object): InvokeBody => ({ statusCode: 200, type: CARD, value: card });
export const messageBody = (text: string): InvokeBody => ({ statusCode: 200, type: MESSAGE, value: text });

export const textCard = (text: string) => ({
  type: 'AdaptiveCard',
  version: '1.5',
  body: [{ type: 'TextBlock', wrap: true, text }],
});

export class InvokeAnswer {
  #card?: object;
  #said?: string;
  #sent = false;
  #finish!: (body: InvokeBody) => void;
  /** The answer the press would have had in time (a second submission of the same card gets it). */
  readonly final = new Promise<InvokeBody>((resolve) => {
    this.#finish = resolve;
  });

  constructor(readonly pressed: PressedCard) {}

  /** The outcome's card; `edited`: it replaced the pressed card for everyone already. `false`: not shown. */
  async card(card: object, edited: boolean): Promise<boolean> {
    if (!this.#sent) {
      this.#card = card;
      return true;
    }
    if (edited) return true;
    return this.#late(card);
  }

  /** A short notice to the presser. `false`: not shown (late: the core delivers it as a note). */
  say(text: string): boolean {
    if (this.#sent) return false;
    this.#said = text;
    return true;
  }

  /** Whether a card is the outcome so far. */
  get hasCard(): boolean {
    return this.#card !== undefined;
  }

  /** The work is over: what the response carries (or carried, had it come in time). */
  done(): void {
    this.#finish(this.#body() ?? messageBody(''));
  }

  /** The HTTP response's body now: the outcome, or "working on it" while it is still coming. */
  respond(working?: string): InvokeBody {
    this.#sent = true;
    return this.#body() ?? messageBody(working ?? '');
  }

  #body(): InvokeBody | undefined {
    if (this.#card) return cardBody(this.#card);
    if (this.#said !== undefined) return messageBody(this.#said);
    return undefined;
  }

  /** After the response: the outcome's card replaces the pressed one, where only the presser sees it. */
  async #late(card: object): Promise<boolean> {
    const { place, id, targeted, alone } = this.pressed;
    if (!alone || !id) return false;
    await place.edit(id, { type: 'message', attachments: [{ contentType: CARD, content: card }] }, targeted);
    return true;
  }
}
