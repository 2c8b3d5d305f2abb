import type { Api } from 'grammy';
import { errorSummary } from '../../core/index.js';
import type { TelegramLogger } from './options.js';

/** TELEGRAM_EPHEMERAL: learn at start whether the Bot API server has ephemeral messages, or say so. */
export type EphemeralMode = 'auto' | 'on' | 'off';

/**
 * Whether this channel may show a message to one member inside a group (ephemeral messages, Bot API
 * 10.2), failing closed (docs/privacy.md §1.7): in `auto` it is off until a probe at start says the
 * server has them, and it goes off for good the first time an answer comes back without
 * `ephemeral_message_id` (an older server ignores the parameter and posts to the whole group).
 */
export class EphemeralCapability {
  #on: boolean;

  constructor(readonly mode: EphemeralMode) {
    this.#on = mode === 'on';
  }

  get on(): boolean {
    return this.#on;
  }

  /**
   * Asks the server with an ephemeral edit of dummy ids: a 10.2 server refuses the ids (400), an
   * older one does not know the method (404). No answer, or any other, keeps them off.
   */
  async learn(api: Api, botId: number, logger: TelegramLogger): Promise<void> {
    if (this.mode !== 'auto') return;
    try {
      await api.editEphemeralMessageText(botId, botId, 1, '.');
      this.#on = true;
    } catch (error) {
      const { code, description } = errorSummary(error);
      this.#on = code === 400;
      if (code === 404)
        logger.info(
          { code },
          'telegram: the Bot API server has no ephemeral messages; personal answers go privately',
        );
      else if (code !== 400)
        logger.warn(
          { code, description },
          'telegram: could not learn whether ephemeral messages work; kept off',
        );
    }
  }

  /** An ephemeral send came back for everyone: never again in this run. */
  lost(): void {
    this.#on = false;
  }
}
