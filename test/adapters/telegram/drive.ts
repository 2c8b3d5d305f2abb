import {
  type FakeCall,
  type FakeChat,
  type FakeMessage,
  type FakeTelegram,
  type FakeUser,
  SENDS,
  sentText,
} from '../../helpers/fake-telegram.js';
import { messageButtons } from '../../helpers/fake-telegram-native.js';

/** Drives the fake Bot API like a user: send, press, read keyboards. Asserts order, never time. */
export type Markup = { inline_keyboard: { text: string; callback_data?: string; url?: string }[][] };

/** The buttons a reader sees: inside a rich message (its buttons blocks) and in the keyboard. */
export function buttons(message: FakeMessage | undefined): { text: string; callback_data?: string }[] {
  return messageButtons(message);
}

export function labels(message: FakeMessage | undefined): string[] {
  return buttons(message).map((b) => b.text);
}

/** Keyboard rows as text, e.g. `[💰 Balance] [📞 Calls]`. */
export function keyboardText(message: FakeMessage | undefined): string {
  return ((message?.reply_markup as Markup | undefined)?.inline_keyboard ?? [])
    .map((row) => row.map((b) => `[${b.text}]`).join(' '))
    .join('\n');
}

/**
 * Sends a text and resolves with the bot's first message (a text or a rich table) to `replyChat`
 * after it; `text` is what the reader sees of it.
 */
export async function say(telegram: FakeTelegram, from: FakeUser, text: string, chat?: FakeChat) {
  const replyChat = chat?.id ?? from.id;
  const mark = telegram.mark();
  telegram.message(from, text, chat);
  const call = await telegram.waitForCall(SENDS, (c) => Number(c.payload.chat_id) === replyChat, {
    after: mark,
  });
  return { call, text: sentText(call), mark };
}

/** Presses `label` on the bot's newest message in `chatId` that has it; resolves after the answer. */
export async function press(telegram: FakeTelegram, from: FakeUser, label: string, chatId = from.id) {
  const message = [...telegram.botMessages(chatId)]
    .reverse()
    .find((m) => buttons(m).some((b) => b.text === label));
  if (!message) throw new Error(`no message with a ${label} button in ${chatId}`);
  const data = buttons(message).find((b) => b.text === label)!.callback_data!;
  const mark = telegram.mark();
  telegram.press(from, message, data);
  const answer = await telegram.waitForCall('answerCallbackQuery', () => true, { after: mark });
  return { answer, message, mark };
}

/** Waits for the edit of `message` that follows `mark`. */
export function editOf(telegram: FakeTelegram, message: FakeMessage, mark: number): Promise<FakeCall> {
  return telegram.waitForCall('editMessageText', (c) => Number(c.payload.message_id) === message.message_id, {
    after: mark,
  });
}
