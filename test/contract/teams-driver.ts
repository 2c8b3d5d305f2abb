import {
  CHANNEL_ID,
  executeActivity,
  messageActivity,
  type Scope,
  type TeamsPerson,
  teamsPerson,
} from '../helpers/fake-teams-activities.js';
import { startTeamsBot } from '../helpers/fake-teams-bot.js';
import { actionsOf, CARD_TYPE, textOf } from '../helpers/fake-teams-cards.js';
import type { StoredMessage } from '../helpers/fake-teams-connector.js';
import { seedWithCalls } from '../helpers/seed-with-calls.js';
import { type ChannelDriver, type Person, SEEDED_CALLS, type Where } from './driver.js';

const people: Record<Person, TeamsPerson> = {
  alice: teamsPerson('alice', 'en-US'),
  bob: teamsPerson('bob'),
  carol: teamsPerson('carol'),
  dave: teamsPerson('dave', 'de-DE'),
};

/**
 * Teams through the Agents SDK's CloudAdapter against the fake Teams (test/helpers/fake-teams.ts):
 * every activity is signed, posted to `/api/messages`, and answered before the call resolves. The
 * shared chat is a team channel; Alice and Carol own the team. What each person reads is the
 * Connector API's record: the channel's messages (targeted ones for their recipient only), their
 * personal chat, and the cards an invoke's answer replaced for the presser alone.
 */
export async function teamsDriver(): Promise<ChannelDriver> {
  const bot = await startTeamsBot({ stack: { sandbox: { data: seedWithCalls(SEEDED_CALLS) } } });
  const { teams, stack, ctx } = bot;
  const connector = teams.connector;
  for (const who of Object.values(people)) connector.installedFor.add(who.id);
  for (const who of ['alice', 'carol'] as const) connector.members.set(people[who].id, 'owner');
  for (const who of ['bob', 'dave'] as const) connector.members.set(people[who].id, 'user');
  /** Cards an invoke's answer replaced for the presser alone: `<message>|<user>` → the card. */
  const replaced = new Map<string, object>();
  const sent = new Map<Person, object>();
  let last: { who: Person; scope: Scope; id: string; data: Record<string, unknown> } | undefined;

  const post = async (who: Person, activity: object) => {
    sent.set(who, activity);
    return teams.post(bot.url, activity);
  };
  const personal = (who: Person) => `a:${people[who].id}`;
  const seen = (m: StoredMessage, who: Person) => {
    const card = replaced.get(`${m.id}|${people[who].id}`);
    const activity = card ? { attachments: [{ contentType: CARD_TYPE, content: card }] } : m.activity;
    return textOf(activity).replace(/<at>([^<]*)<\/at>/g, '$1');
  };
  const everyone = () => connector.visibleTo(CHANNEL_ID, '').filter((m) => !m.recipient);
  const onlyFor = (who: Person) => connector.visibleTo(CHANNEL_ID, people[who].id).filter((m) => m.recipient);
  const mine = (who: Person) => connector.visibleTo(personal(who), people[who].id);
  // A view is the conversation's messages; a secret card is Teams' form (`forms`), not one of them.
  const view = (who: Person | undefined, messages: StoredMessage[]) =>
    messages
      .filter((m) => !isSecretCard(m))
      .map((m) => seen(m, who ?? 'bob'))
      .join('\n');

  /** The newest message `owner` got in `where` with a button labelled `label`. */
  const find = (where: Where, label: string, owner: Person) => {
    const places: [Scope, StoredMessage[]][] =
      where === 'shared'
        ? [
            ['channel', [...everyone(), ...onlyFor(owner)].sort(byId)],
            ['personal', mine(owner)],
          ]
        : [['personal', mine(owner)]];
    for (const [scope, messages] of places) {
      for (const m of [...messages].reverse()) {
        const action = actionsOf(m.activity).find((a) => a.title === label);
        if (action) return { scope, id: m.id, data: action.data };
      }
    }
    throw new Error(`no ${label} button for ${owner}`);
  };
  const press = async (who: Person, target: { scope: Scope; id: string; data: Record<string, unknown> }) => {
    const answered = await post(who, executeActivity(ctx, target.scope, people[who], target.id, target.data));
    const body = answered.body as { type?: string; value?: object } | undefined;
    if (body?.type === CARD_TYPE && body.value) replaced.set(`${target.id}|${people[who].id}`, body.value);
  };
  /** The newest secret card `who` got (personal chat or targeted), filled in and sent. */
  const fillSecret = async (who: Person, fields: Record<string, string>) => {
    const messages = [...mine(who), ...onlyFor(who)].sort(byId).reverse();
    const form = messages.find(isSecretCard);
    if (!form) throw new Error(`no secret card for ${who}`);
    const action = actionsOf(form.activity)[0]!;
    const scope: Scope = form.conversation === CHANNEL_ID ? 'channel' : 'personal';
    await press(who, { scope, id: form.id, data: { ...action.data, ...fields } });
  };
  const say = (who: Person, scope: Scope, text: string) =>
    post(who, messageActivity(ctx, scope, people[who], text));

  return {
    name: 'teams',
    hasSharedChat: true,
    onePerson: false,
    editsInPlace: true,
    linksByConversation: false,
    canDeleteInput: false,
    hasAuditThread: true,
    busy: 'words',
    stack,
    command: (name) => `/${name}`,
    async say(who, where, text) {
      await say(who, where === 'shared' ? 'channel' : 'personal', text);
      // `link` sends a card with a password input; the contract fills it in with the demo credentials.
      if (/^\/?link$/i.test(text.trim())) await fillSecret(who, { username: 'demo', password: 'demo' });
    },
    dm: async (who, text) => {
      await say(who, 'personal', text);
    },
    mention: async (who, text) => {
      await say(who, 'channel', text);
    },
    /** Every secret card sent so far, one line each (a card is Teams' form). */
    forms: () =>
      [...connector.messages.values()]
        .filter(isSecretCard)
        .sort(byId)
        .map((m) => textOf(m.activity).replace(/\n/g, ' '))
        .join('\n'),
    pinFormsAsked: () =>
      [...connector.messages.values()].filter((m) => isSecretCard(m) && hasInput(m, 'pin')).length,
    async linkForm(who, where, password) {
      await say(who, where === 'shared' ? 'channel' : 'personal', '/link');
      await fillSecret(who, { username: 'demo', password });
    },
    async press(who, where, label, owner = who) {
      const target = find(where, label, owner);
      last = { who, ...target };
      await press(who, target);
    },
    async pressAgain(who) {
      if (!last) throw new Error('nothing was pressed yet');
      await press(who, last);
    },
    async pressAtOnce(who, where, label, owner) {
      const target = find(where, label, owner);
      await Promise.all(who.map((p) => press(p, target)));
    },
    async redeliver(who) {
      const activity = sent.get(who);
      if (!activity) throw new Error(`${who} sent nothing yet`);
      await teams.post(bot.url, activity);
    },
    sharedView: () => view(undefined, everyone()),
    privateView: (who) => [view(who, mine(who)), view(who, onlyFor(who))].join('\n'),
    ephemeralView: (who) => view(who, onlyFor(who)),
    messages: (who) => [...everyone(), ...mine(who), ...onlyFor(who)].sort(byId).map((m) => seen(m, who)),
    lastInputDeleted: () => false,
    // The replies in the channel's threads, their mentions as sent (`<at>bob</at>`).
    auditThread: () =>
      everyone()
        .filter((m) => m.replyTo)
        .sort(byId)
        .map((m) => textOf(m.activity)),
    shownAs: (who) => `<at>${people[who].name}</at>`,
    async makeSupportChannel(agents) {
      // The real set-up: Alice (a team owner) asks in the channel and fills in the card only she sees.
      await say('alice', 'channel', 'team setup');
      const card = [...onlyFor('alice'), ...mine('alice')]
        .sort(byId)
        .reverse()
        .find((m) => actionsOf(m.activity).some((a) => a.data.form === 'support-setup'));
      if (!card) throw new Error('no set-up card for alice');
      const action = actionsOf(card.activity).find((a) => a.data.form === 'support-setup')!;
      const scope: Scope = card.conversation === CHANNEL_ID ? 'channel' : 'personal';
      await press('alice', {
        scope,
        id: card.id,
        data: {
          ...action.data,
          username: 'demo',
          password: 'demo',
          cardUsername: 'cards',
          cardPassword: 'cards',
          agents: agents.map((p) => people[p].id).join(','),
        },
      });
      const key = `teams:${teams.tenantId}:${CHANNEL_ID}`;
      if (!(await stack.stores.settings.chat(key)).support) throw new Error('the set-up card set nothing up');
    },
    demote: (who) => {
      connector.members.set(people[who].id, 'user');
    },
    linkDemo: (who) => stack.linkDemo(bot.identity(people[who])),
    close: () => bot.close(),
  };
}

const isSecretCard = (m: StoredMessage) => JSON.stringify(m.activity).includes('"style":"password"');
const hasInput = (m: StoredMessage, id: string) =>
  JSON.stringify(m.activity).includes(`"type":"Input.Text","id":"${id}"`);
const byId = (a: StoredMessage, b: StoredMessage) => Number(a.id.slice(2)) - Number(b.id.slice(2));
