import type { Update } from 'grammy/types';
import { createTelegramChannel } from '../../src/adapters/telegram/index.js';
import type { Identity } from '../../src/core/identity.js';
import { md5Hex } from '../../src/telephony/signature.js';
import {
  type FakeChat,
  type FakeMessage,
  FakeTelegram,
  type FakeUser,
  shownText,
} from '../helpers/fake-telegram.js';
import { messageButtons } from '../helpers/fake-telegram-native.js';
import { httpCall } from '../helpers/http-call.js';
import { seedWithCalls } from '../helpers/seed-with-calls.js';
import { serveMount } from '../helpers/serve-mount.js';
import { createTestStack } from '../helpers/stack.js';
import { type ChannelDriver, type Person, SEEDED_CALLS, type Where } from './driver.js';
import { plainHtml } from './views.js';

const people: Record<Person, FakeUser> = {
  alice: { id: 1001, first_name: 'Alice', username: 'alice', language_code: 'en' },
  bob: { id: 1002, first_name: 'Bob', username: 'bob' },
  carol: { id: 1003, first_name: 'Carol', username: 'carol' },
  dave: { id: 1004, first_name: 'Dave', username: 'dave', language_code: 'de' },
};
const group: FakeChat = { id: -2001, type: 'supergroup', title: 'Team' };
const WEBHOOK_SECRET = 'contract-webhook-secret';
const silent = { debug() {}, info() {}, warn() {}, error() {} };

/**
 * Telegram through grammY against the fake Bot API. Updates go through `bot.handleUpdate`, the
 * path the runner and the webhook take, so a call resolves once every Bot API call it caused is done.
 */
export async function telegramDriver(): Promise<ChannelDriver> {
  const stack = await createTestStack({ sandbox: { data: seedWithCalls(SEEDED_CALLS) } });
  const telegram = await FakeTelegram.start();
  const admins = new Set([people.alice.id, people.carol.id]);
  telegram.setAdmins(group.id, [...admins]);
  // Webhook mode, as in production: its door answers a busy provider with a silent 503.
  const channel = createTelegramChannel({
    core: stack.core,
    token: telegram.token,
    mode: 'webhook',
    webhook: { url: 'https://bot.example/telegram/webhook', secret: WEBHOOK_SECRET },
    apiRoot: telegram.apiRoot,
    dedupe: stack.stores.dedupe,
    logger: silent,
    // The fake is a 10.2 server: no probe needed.
    ephemeral: 'on',
  });
  if (!channel.webhook) throw new Error('telegram: no webhook in webhook mode');
  const server = await serveMount(channel.webhook, channel.receiving);
  await channel.start();
  // The core speaks to a person other than the presser (an approved request's result to its requester).
  stack.proactive.attach(channel.notifier);
  const sent = new Map<number, object>();
  const remember = (update: object) => {
    const from = (update as { message?: { from?: { id: number } } }).message?.from?.id;
    if (from !== undefined) sent.set(from, update);
  };
  // What the webhook does with an update it accepted, awaited here so a step ends with its answer.
  const run = (update: object) => {
    remember(update);
    return channel.bot.handleUpdate(update as Update);
  };
  const chatOf = (_who: Person, where: Where) => (where === 'shared' ? group : undefined);
  const chatId = (who: Person, where: Where) => (where === 'shared' ? group.id : people[who].id);
  /** Messages' texts (rich ones flattened), then the documents sent there. */
  const texts = (id: number, messages: FakeMessage[]) =>
    [
      ...messages
        .filter((m) => m.from?.id === telegram.bot.id)
        .map((m) => plainHtml(shownText(m) || (m.document?.file_name ?? ''))),
      ...telegram
        .callsOf('sendDocument')
        .filter(
          (c) => Number(c.payload.chat_id) === id && c.payload.ephemeral_message_parameters === undefined,
        )
        .map((c) => c.file?.content ?? ''),
    ].join('\n');
  // What every member of the group reads: the bot's messages there that are not ephemeral.
  const everyone = () =>
    telegram.messages(group.id).filter((m) => !m.deleted && m.receiver_user === undefined);
  // Ephemeral messages (Bot API 10.2): in the group, seen by their receiver alone.
  const onlyFor = (who: Person) =>
    telegram.messages(group.id).filter((m) => !m.deleted && m.receiver_user?.id === people[who].id);
  const privateChat = (who: Person) => telegram.messages(people[who].id).filter((m) => !m.deleted);
  let last: { message: FakeMessage; data: string } | undefined;
  const identity = (who: Person): Identity => ({
    platform: 'telegram',
    tenant: '',
    user: String(people[who].id),
  });

  /** The newest message with `label` that `owner` got; a confirmation for its owner alone sits in their private chat. */
  const find = (where: Where, label: string, owner: Person) => {
    const chats = where === 'shared' ? [group.id, people[owner].id] : [people[owner].id];
    for (const id of chats) {
      const message = [...telegram.botMessages(id)].reverse().find((m) => buttonData(m, label));
      if (message) return { message: structuredClone(message), data: buttonData(message, label)! };
    }
    throw new Error(`no ${label} button for ${owner}`);
  };

  return {
    name: 'telegram',
    hasSharedChat: true,
    onePerson: false,
    editsInPlace: true,
    linksByConversation: true,
    canDeleteInput: true,
    hasAuditThread: false,
    busy: 'redelivered',
    stack,
    command: (name) => `/${name}`,
    async redeliver(who) {
      const update = sent.get(people[who].id);
      if (!update) throw new Error(`${who} sent nothing yet`);
      await channel.bot.handleUpdate(structuredClone(update) as Update);
    },
    async deliver(who, where, text) {
      const update = telegram.message(people[who], text, chatOf(who, where));
      remember(update);
      const headers = { 'x-telegram-bot-api-secret-token': WEBHOOK_SECRET };
      return (await httpCall(server.port, channel.webhook!.path, update, headers)).status;
    },
    async say(who, where, text) {
      await run(telegram.message(people[who], text, chatOf(who, where)));
    },
    async dm(who, text) {
      await run(telegram.message(people[who], `/${text}`));
    },
    async mention(who, text) {
      // In a group a command names the bot it is for: `/balance@bot` (Bot API "Commands").
      const [name = '', ...rest] = text.split(' ');
      const addressed = [`/${name}@${telegram.bot.username}`, ...rest].join(' ');
      await run(telegram.message(people[who], addressed, group));
    },
    async press(who, where, label, owner = who) {
      last = find(where, label, owner);
      await run(telegram.press(people[who], last.message, last.data));
    },
    async pressAtOnce(who, where, label, owner) {
      const target = find(where, label, owner);
      await Promise.all(who.map((p) => run(telegram.press(people[p], target.message, target.data))));
    },
    async pressDisabled(who, where, label, owner = who) {
      const chats = where === 'shared' ? [group.id, people[owner].id] : [people[owner].id];
      const message = chats
        .flatMap((id) => [...telegram.botMessages(id)].reverse())
        .find((m) => messageButtons(m).some((b) => b.text === label));
      if (!message) throw new Error(`no ${label} button for ${owner}`);
      const update = telegram.pressLabel(people[who], structuredClone(message), label);
      if (update) await run(update);
      return update !== undefined;
    },
    async pressAgain(who) {
      if (!last) throw new Error('nothing was pressed yet');
      await run(telegram.press(people[who], last.message, last.data));
    },
    sharedView: () => texts(group.id, everyone()),
    privateView: (who) => [texts(people[who].id, privateChat(who)), texts(-1, onlyFor(who))].join('\n'),
    ephemeralView: (who) => texts(-1, onlyFor(who)),
    messages: (who) =>
      [...everyone(), ...privateChat(who), ...onlyFor(who)]
        .filter((m) => m.from?.id === telegram.bot.id)
        .map((m) => plainHtml(shownText(m) || (m.document?.file_name ?? ''))),
    lastInputDeleted(who, where) {
      const mine = telegram.messages(chatId(who, where)).filter((m) => m.from?.id === people[who].id);
      return mine.at(-1)?.deleted === true;
    },
    auditThread: () => [],
    async makeSupportChannel(agents) {
      // Telegram has no set-up form; the settings are what the Slack modal would have stored.
      await stack.stores.credentials.set(`telegram::${group.id}`, {
        credentials: [
          { label: 'team', kind: 'account', username: 'demo', md5: md5Hex('demo'), linkedAt: '' },
        ],
        active: 'team',
      });
      await stack.stores.settings.updateChat(`telegram::${group.id}`, {
        support: {
          agents: agents.map((p) => String(people[p].id)),
          setupBy: `telegram::${people.alice.id}`,
          setupAt: new Date().toISOString(),
        },
      });
    },
    demote: (who) => {
      admins.delete(people[who].id);
      telegram.setAdmins(group.id, [...admins]);
    },
    linkDemo: (who) => stack.linkDemo(identity(who)),
    async close() {
      await channel.stop();
      await server.close();
      await telegram.close();
      await stack.close();
    },
  };
}

function buttonData(message: FakeMessage, label: string): string | undefined {
  return messageButtons(message).find((b) => b.text === label)?.callback_data;
}
