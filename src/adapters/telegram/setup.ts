import { type Bot, GrammyError, HttpError } from 'grammy';
import { type Core, errorSummary } from '../../core/index.js';
import type { TelegramLogger } from './options.js';

/** Telegram refused a set-up call for good, or never answered it. */
export class TelegramSetupError extends Error {
  override name = 'TelegramSetupError';
  constructor(
    readonly method: string,
    /** Telegram's `error_code`, or undefined when no answer came. */
    readonly errorCode: number | undefined,
    /** Telegram's own description, or the network failure. */
    readonly description: string,
    options?: ErrorOptions,
  ) {
    super(`Telegram refused ${method}: ${description}`, options);
  }
}

/** Runs a set-up call; a refusal becomes a {@link TelegramSetupError} with Telegram's words. */
export async function setupCall<T>(method: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof GrammyError)
      throw new TelegramSetupError(error.method, error.error_code, error.description, { cause: error });
    if (error instanceof HttpError)
      throw new TelegramSetupError(method, undefined, `no answer from Telegram (${error.message})`, {
        cause: error,
      });
    throw error;
  }
}

/**
 * The command menus, generated from the core's command table, one per chat kind (docs/interface.md §1.1)
 * and per language (docs/language.md §1.3): English for everyone, German for users whose app is set to German.
 */
export async function registerMenus(bot: Bot, core: Core, logger: TelegramLogger): Promise<void> {
  const scopes = [
    ['private', { type: 'all_private_chats' }],
    ['shared', { type: 'all_group_chats' }],
  ] as const;
  const languages = [
    ['en', undefined],
    ['de', 'de'],
  ] as const;
  // A command whose answers are personal is declared ephemeral in groups (Bot API 10.2
  // `BotCommand.is_ephemeral`): Telegram's client then sends it, and shows it, as seen only by the
  // sender and the bot (docs/channels.md §1.1). From the command table's `output`, never a list here.
  const personal = new Set(core.commands.filter((c) => c.personal).map((c) => c.name));
  for (const [kind, scope] of scopes) {
    for (const [language, code] of languages) {
      const menu = core.menu(kind, language);
      const commands =
        kind === 'shared'
          ? menu.map((c) => (personal.has(c.command) ? { ...c, is_ephemeral: true } : c))
          : menu;
      try {
        await bot.api.setMyCommands(commands, {
          scope,
          ...(code ? { language_code: code } : {}),
        });
      } catch (error) {
        // A missing menu is cosmetic: commands still work when typed.
        logger.warn(
          { scope: scope.type, language, err: errorSummary(error) },
          'telegram: setMyCommands failed',
        );
      }
    }
  }
}
