import {
  type Arrival,
  type Channel,
  type ChannelCapabilities,
  type Conversation,
  type Door,
  type Identity,
  PRIVATE_CHAT,
  type Reply,
  type SentMessage,
} from '../../src/core/index.js';
import { seedWithCalls } from '../helpers/seed-with-calls.js';
import { createTestStack } from '../helpers/stack.js';
import { type ChannelDriver, type Person, SEEDED_CALLS } from './driver.js';

/**
 * A throw-away channel built by docs/architecture.md §5 ("Add a channel") and nothing else:
 * `fakechat`, where every person has a private chat with the bot and there is no shared chat. It
 * takes all it needs of the core from the door (`src/core/index.ts`), registers without a cast,
 * hands every request to `door.receive`, and runs the whole contract suite (test/architecture.test.ts).
 */

// §5.2: what it can do, declared honestly: it posts and edits, nothing else.
const FAKECHAT_CAN: ChannelCapabilities = {
  showToOne: false,
  deleteIncoming: false,
  deleteLater: false,
  secretForm: false,
  hiddenInput: false,
  edit: true,
  privateWords: PRIVATE_CHAT,
};

interface Message {
  id: number;
  text: string;
  buttons: { label: string; actionId: string }[];
}

const people: Person[] = ['alice', 'bob', 'carol', 'dave'];
/** Dave's client tells the platform he reads German. */
const localeOf = (who: Person) => (who === 'dave' ? { locale: 'de' } : {});

/** The platform's side: each person's private chat, as they read it. */
class FakeChat {
  readonly chats = new Map<Person, Message[]>(people.map((p) => [p, []]));
  #seq = 0;

  post(who: Person, reply: Reply): SentMessage {
    const message = { id: ++this.#seq, ...shown(reply) };
    this.chats.get(who)?.push(message);
    return { platform: 'fakechat', tenant: '', chatId: who, messageId: String(message.id) };
  }

  /** §5.3: where the core speaks first, a person's private chat; an edit replaces an earlier message. */
  channel(): Channel {
    return {
      platform: 'fakechat',
      can: FAKECHAT_CAN,
      open: (to) => conversationOf(this, (to.kind === 'user' ? to.user : to.chatId) as Person),
      edit: async (message, reply) => {
        this.edit(message.chatId as Person, Number(message.messageId), reply);
      },
    };
  }

  edit(who: Person, id: number, reply: Reply): boolean {
    const message = this.chats.get(who)?.find((m) => m.id === id);
    if (message) Object.assign(message, shown(reply));
    return message !== undefined;
  }
}

const shown = (reply: Reply) => ({
  text: [
    reply.title,
    reply.text,
    ...(reply.fields ?? []).map((f) => `${f.label}: ${f.value}`),
    tableOf(reply),
  ]
    .filter(Boolean)
    .join('\n'),
  buttons: (reply.actions ?? []).map((a) => ({ label: a.label, actionId: a.actionId })),
});

const tableOf = (reply: Reply) =>
  reply.table
    ? [
        ...[reply.table.columns, ...reply.table.rows].map((r) => r.join(' | ')),
        reply.table.caption ?? '',
      ].join('\n')
    : '';

// §5.3: the primitives, each one platform call; none decides who sees what.
function conversationOf(chat: FakeChat, who: Person, pressed?: number): Conversation {
  const post = async (reply: Reply) => chat.post(who, reply);
  return {
    platform: 'fakechat',
    can: FAKECHAT_CAN,
    kind: 'private',
    post,
    postPrivately: post,
    showToActor: async () => false,
    editPressed: async (reply) => pressed !== undefined && chat.edit(who, pressed, reply),
    deleteIncoming: async () => false,
    upload: async (file) => {
      chat.post(who, { text: `${file.name}\n${file.content}` });
    },
  };
}

export async function fakechatDriver(): Promise<ChannelDriver> {
  const stack = await createTestStack({ sandbox: { data: seedWithCalls(SEEDED_CALLS) } });
  const chat = new FakeChat();
  // §5.4: the channel opens its door once; every request enters through it.
  const door: Door = stack.core.register({ name: 'fakechat', logger: { info() {}, warn() {}, error() {} } });
  // §5.5: what the core sends first (alerts, call reports, digests) reaches it too.
  stack.proactive.attach(chat.channel());
  const identity = (who: Person): Identity => ({ platform: 'fakechat', tenant: '', user: who });
  const asker = (who: Person) => ({
    identity: identity(who),
    chat: { id: who, kind: 'private' as const },
    can: FAKECHAT_CAN,
    ...localeOf(who),
  });
  let delivery = 0;
  const last = new Map<Person, Arrival>();
  let lastPress: { message: number; actionId: string } | undefined;
  const hand = async (who: Person, arrival: Omit<Arrival, 'deliveryId'>) => {
    const sent = { ...arrival, deliveryId: `fakechat:${++delivery}` };
    last.set(who, sent);
    await door.receive(sent);
  };
  const say = (who: Person, text: string) =>
    hand(who, {
      conversation: conversationOf(chat, who),
      ...localeOf(who),
      enrich: async () => ({ text: { ...asker(who), text, via: 'command' as const } }),
    });
  const pressOn = (who: Person, message: number, actionId: string) =>
    hand(who, {
      conversation: conversationOf(chat, who, message),
      ...localeOf(who),
      press: true,
      enrich: async () => ({ action: { ...asker(who), actionId } }),
    });
  const find = (owner: Person, label: string) => {
    const message = [...(chat.chats.get(owner) ?? [])]
      .reverse()
      .find((m) => m.buttons.some((b) => b.label === label));
    const button = message?.buttons.find((b) => b.label === label);
    if (!message || !button) throw new Error(`no ${label} button for ${owner}`);
    return { message: message.id, actionId: button.actionId };
  };
  const view = (who: Person) => (chat.chats.get(who) ?? []).map((m) => m.text);
  const noShared = () => {
    throw new Error('fakechat has no shared chat');
  };
  return {
    name: 'fakechat',
    hasSharedChat: false,
    onePerson: false,
    editsInPlace: true,
    linksByConversation: true,
    canDeleteInput: false,
    hasAuditThread: false,
    busy: 'later',
    stack,
    command: (name) => `/${name}`,
    say: (who, _where, text) => say(who, text),
    dm: (who, text) => say(who, `/${text}`),
    async press(who, _where, label, owner = who) {
      lastPress = find(owner, label);
      await pressOn(who, lastPress.message, lastPress.actionId);
    },
    async pressAgain(who) {
      if (!lastPress) throw new Error('nothing was pressed yet');
      await pressOn(who, lastPress.message, lastPress.actionId);
    },
    async pressAtOnce(who, _where, label, owner) {
      const target = find(owner, label);
      await Promise.all(who.map((p) => pressOn(p, target.message, target.actionId)));
    },
    async redeliver(who) {
      const arrival = last.get(who);
      if (!arrival) throw new Error(`${who} sent nothing yet`);
      await door.receive(arrival);
    },
    sharedView: () => '',
    privateView: (who) => view(who).join('\n'),
    ephemeralView: () => '',
    messages: view,
    lastInputDeleted: () => false,
    auditThread: () => [],
    makeSupportChannel: async () => noShared(),
    linkDemo: (who) => stack.linkDemo(identity(who)),
    close: () => stack.close(),
  };
}
