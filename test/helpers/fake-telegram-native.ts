/**
 * The fake Bot API's Bot API 10.x surfaces that are not a method of their own, written from the doc
 * comments of @grammyjs/types 5.0 (docs/channels.md §1.1):
 *
 * - a message's buttons are its inline keyboard's and those in its rich message's `buttons` blocks
 *   (`RichBlockButtons`, "a list of buttons that are shown in one row");
 * - a `disabled` button "is disabled and does nothing" (`DisabledButton`): pressing it sends no
 *   callback query, so `pressable` answers undefined and the press never reaches the bot;
 * - `BotCommand.is_ephemeral`: "the command sends an ephemeral message, which can be seen only by
 *   the sender of the message and the bot"; a server older than 10.2 ignores the field, and the
 *   command is then an ordinary message the whole group reads.
 */

export interface FakeButton {
  text: string;
  callback_data?: string;
  url?: string;
  disabled?: Record<string, never>;
}

interface WithButtons {
  reply_markup?: unknown;
  rich_message?: { blocks: unknown[] };
}

/** Every button a reader sees on `message`, in order: the rich message's rows first, then the keyboard. */
export function messageButtons(message: WithButtons | undefined): FakeButton[] {
  const inRich = (message?.rich_message?.blocks ?? []).flatMap((b) => {
    const block = b as { type?: string; buttons?: FakeButton[] };
    return block.type === 'buttons' ? (block.buttons ?? []) : [];
  });
  const keyboard = (message?.reply_markup as { inline_keyboard?: FakeButton[][] } | undefined)
    ?.inline_keyboard;
  return [...inRich, ...(keyboard ?? []).flat()];
}

/**
 * The callback data a press of `label` sends: undefined when the button is disabled (Telegram sends
 * nothing), an error when the message has no such button.
 */
export function pressable(message: WithButtons, label: string): string | undefined {
  const button = messageButtons(message).find((b) => b.text === label);
  if (!button) throw new Error(`no ${label} button on the message`);
  if (button.disabled !== undefined) return undefined;
  if (button.callback_data === undefined) throw new Error(`${label} is not a callback button`);
  return button.callback_data;
}

/** The commands a bot declared with `setMyCommands`, per scope type and language ('' for all). */
export class DeclaredCommands {
  readonly #menus = new Map<string, { command: string; description: string; is_ephemeral?: boolean }[]>();

  /** Records a `setMyCommands`; an older server keeps no `is_ephemeral` (it does not know the field). */
  declare(p: Record<string, unknown>, older: boolean): void {
    const scope = String((p.scope as { type?: string } | undefined)?.type ?? 'default');
    const commands = (
      (p.commands ?? []) as { command: string; description: string; is_ephemeral?: boolean }[]
    ).map(({ is_ephemeral, ...c }) => (older || is_ephemeral === undefined ? c : { ...c, is_ephemeral }));
    this.#menus.set(`${scope}:${String(p.language_code ?? '')}`, commands);
  }

  /** Whether Telegram's client sends `/name` typed in a group as an ephemeral message (the English menu). */
  ephemeralInGroups(name: string): boolean {
    const menu = this.#menus.get('all_group_chats:') ?? this.#menus.get('default:') ?? [];
    return menu.some((c) => c.command === name && c.is_ephemeral === true);
  }
}

/** `is_ephemeral` is a Boolean when present (`BotCommand`). */
export function ephemeralFlagProblem(commands: readonly object[]): boolean {
  return commands.some((c) => {
    const flag = (c as { is_ephemeral?: unknown }).is_ephemeral;
    return flag !== undefined && typeof flag !== 'boolean';
  });
}

/**
 * What a server older than 10.x reads of a keyboard: it ignores the `disabled` field it does not
 * know, so such a button is left with no kind (and the send is refused as Telegram refuses one).
 */
export function keyboardAsOlderServerReads(markup: unknown): unknown {
  const rows = (markup as { inline_keyboard?: Record<string, unknown>[][] } | undefined)?.inline_keyboard;
  if (!rows) return markup;
  return {
    ...(markup as object),
    inline_keyboard: rows.map((row) => row.map(({ disabled: _d, ...b }) => b)),
  };
}
