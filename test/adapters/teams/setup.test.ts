import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryKeyValueStore } from '../../../src/store/index.js';
import { md5Hex } from '../../../src/telephony/signature.js';
import {
  CHANNEL_ID,
  type Scope,
  TEAM_ID,
  type TeamsPerson,
  teamsPerson,
} from '../../helpers/fake-teams-activities.js';
import { startTeamsBot, type TeamsBot } from '../../helpers/fake-teams-bot.js';
import { actionsOf, CARD_TYPE, textOf } from '../../helpers/fake-teams-cards.js';
import type { StoredMessage } from '../../helpers/fake-teams-connector.js';

/**
 * A support channel set up from Teams (docs/teams.md §2.1): a team owner's `team setup` gets a card
 * for them alone with the credentials' inputs and the team's members; its submission is checked
 * with the provider, stored encrypted, announced in the channel and recorded in its audit thread.
 */
const alice = teamsPerson('alice');
const bob = teamsPerson('bob');
const dave = teamsPerson('dave', 'de-DE');

describe('teams: setting up a support channel', () => {
  let bot: TeamsBot;
  let kv: ReturnType<typeof createMemoryKeyValueStore>;
  afterEach(async () => {
    await bot.close();
  });
  const start = async (targeted?: 'auto' | 'off') => {
    kv = createMemoryKeyValueStore();
    bot = await startTeamsBot({ stack: { kv }, ...(targeted ? { teams: { targeted } } : {}) });
    const c = bot.teams.connector;
    for (const p of [alice, bob, dave]) c.installedFor.add(p.id);
    c.members.set(alice.id, 'owner');
    c.members.set(bob.id, 'user');
    c.members.set(dave.id, 'user');
  };
  const key = () => `teams:${bot.teams.tenantId}:${CHANNEL_ID}`;
  const channel = (who = '29:nobody') => bot.teams.connector.visibleTo(CHANNEL_ID, who);
  const isSetupCard = (m: StoredMessage) =>
    actionsOf(m.activity).some((a) => a.data.form === 'support-setup');
  const cards = () => [...bot.teams.connector.messages.values()].filter(isSetupCard);
  const submit = async (
    who: TeamsPerson,
    scope: Scope,
    card: StoredMessage,
    fields: Record<string, string>,
  ) => {
    const action = actionsOf(card.activity).find((a) => a.data.form === 'support-setup')!;
    return bot.press(who, scope, card.id, { ...action.data, ...fields });
  };
  /** The card a refusal answered with, in place of `card` (what Teams shows the owner next). */
  const shownAfter = (card: StoredMessage, r: { body: unknown }): StoredMessage => ({
    ...card,
    activity: { attachments: [{ contentType: CARD_TYPE, content: (r.body as { value: unknown }).value }] },
  });
  const rosterReads = () =>
    bot.teams.connector.calls.filter((c) => c.method === 'GET' && c.conversation === TEAM_ID && !c.activityId)
      .length;
  const answered = (r: { body: unknown }) => {
    const body = r.body as { type?: string; value?: unknown };
    return body.type === CARD_TYPE ? JSON.stringify(body.value) : String(body.value);
  };

  it('a team owner gets the card alone: a password input and the team’s members, read page by page', async () => {
    await start();
    for (let i = 0; i < 130; i += 1) bot.teams.connector.members.set(`29:member-${i}`, 'user');
    await bot.say(alice, 'channel', 'team setup');
    const [card] = cards();
    expect(card, 'a set-up card').toBeDefined();
    expect(card!.recipient).toBe(alice.id);
    expect(channel().filter(isSetupCard)).toEqual([]);
    const json = JSON.stringify(card!.activity);
    expect(json).toContain('"style":"password"');
    expect(json).toContain('"type":"Input.ChoiceSet"');
    for (const id of [alice.id, bob.id, '29:member-0', '29:member-129'])
      expect(json).toContain(`"value":"${id}"`);
    const roster = bot.teams.connector.calls.filter((c) => c.method === 'GET' && c.conversation === TEAM_ID);
    expect(roster.length).toBeGreaterThanOrEqual(2);
  });

  it('a team too big for one card: as many as fit are listed, and the card says so; its size is measured', async () => {
    await start();
    for (let i = 0; i < 450; i += 1)
      bot.teams.connector.members.set(`29:${'x'.repeat(80)}-${String(i).padStart(3, '0')}`, 'user');
    await bot.say(alice, 'channel', 'team setup');
    const card = cards()[0]!;
    const json = JSON.stringify(card.activity);
    const listed = json.match(/"value":"29:/g)?.length ?? 0;
    expect(listed).toBeGreaterThan(100);
    expect(listed).toBeLessThan(200);
    expect(textOf(card.activity)).toMatch(new RegExp(`Only the first ${listed} members`));
    // Teams takes a message of about 28 KB; two pages of 100 were read, not all five.
    expect(Buffer.byteLength(json)).toBeLessThan(28_000);
    expect(rosterReads()).toBe(2);
  });

  it('the bot removed from the team: the roster is refused (403), no card, the owner told', async () => {
    await start();
    bot.teams.connector.notInRoster.add(TEAM_ID);
    await bot.say(alice, 'channel', 'team setup');
    expect(cards()).toEqual([]);
    const calls = bot.teams.connector.calls.filter((c) => c.conversation === TEAM_ID && !c.activityId);
    expect(calls.map((c) => c.status)).toEqual([403]);
    expect(
      bot.teams.connector
        .visibleTo(CHANNEL_ID, alice.id)
        .map((m) => textOf(m.activity))
        .join('\n'),
    ).toMatch(/went wrong/i);
  });

  it('a member who owns no team is refused in their language, and gets no card', async () => {
    await start();
    await bot.say(dave, 'channel', 'team setup');
    expect(cards()).toEqual([]);
    const told = channel(dave.id)
      .map((m) => textOf(m.activity))
      .join('\n');
    expect(told).toMatch(/Support-Kanal/);
    // The core's refusal, placed by its rule (the command's answers are the channel's); no roster read.
    expect(rosterReads()).toBe(0);
  });

  it('never a card in a personal chat, and never a password asked as chat text', async () => {
    await start();
    await bot.say(alice, 'personal', 'team setup');
    await bot.say(alice, 'channel', 'team setup demo demo');
    expect(cards()).toEqual([]);
    expect(rosterReads()).toBe(0);
    const said = [...bot.teams.connector.messages.values()].map((m) => textOf(m.activity)).join('\n');
    expect(said).toMatch(/channel/);
    expect(said).not.toMatch(/password/i);
  });

  it('without targeted messages, the card goes to the owner’s personal chat, with a note in the channel', async () => {
    await start('off');
    await bot.say(alice, 'channel', 'team setup');
    expect(cards().map((m) => m.conversation)).toEqual([`a:${alice.id}`]);
    expect(
      channel()
        .map((m) => textOf(m.activity))
        .join('\n'),
    ).toMatch(/<at>alice<\/at>.*personal chat/);
  });

  it('submitted: checked, stored encrypted, the agents set, a public confirmation and an audit record', async () => {
    await start();
    await bot.say(alice, 'channel', 'team setup');
    const answer = await submit(alice, 'channel', cards()[0]!, {
      username: 'demo',
      password: 'demo',
      cardUsername: 'cards',
      cardPassword: 'cards',
      agents: `${bob.id},${dave.id}`,
    });
    expect(answered(answer)).not.toMatch(/demo|cards/);
    const settings = await bot.stack.stores.settings.chat(key());
    expect(settings?.support?.agents).toEqual([bob.id, dave.id]);
    const stored = await bot.stack.stores.credentials.get(key());
    expect(stored?.credentials.map((c) => [c.kind, c.username])).toEqual([
      ['account', 'demo'],
      ['card', 'cards'],
    ]);
    const raw = JSON.stringify(await kv.get(`cred:${key()}`));
    expect(raw).toMatch(/A256GCM/);
    expect(raw).not.toContain(md5Hex('demo'));
    const everyone = channel();
    const said = everyone
      .filter((m) => !m.replyTo)
      .map((m) => textOf(m.activity))
      .join('\n');
    expect(said).toMatch(/support channel/i);
    expect(said).not.toMatch(/password|demo/i);
    const thread = everyone.filter((m) => m.replyTo).map((m) => textOf(m.activity));
    expect(thread.join('\n')).toMatch(/<at>alice<\/at> ran team setup: ok/);
    // The support channel runs: an agent uses the team's account.
    await bot.say(bob, 'channel', 'balance');
    expect(
      channel(bob.id)
        .map((m) => textOf(m.activity))
        .join('\n'),
    ).toMatch(/18[.,]40/);
  });

  it('bad credentials: the card again with the error and nothing typed in a password, nothing stored', async () => {
    await start();
    await bot.say(alice, 'channel', 'team setup');
    const answer = await submit(alice, 'channel', cards()[0]!, {
      username: 'demo',
      password: 'wrong-password',
      agents: bob.id,
    });
    const card = answered(answer);
    expect(card).toContain('"style":"password"');
    expect(card).not.toContain('wrong-password');
    expect(card).toMatch(/attention/);
    expect(await bot.stack.stores.credentials.get(key())).toBeUndefined();
    expect((await bot.stack.stores.settings.chat(key()))?.support).toBeUndefined();
    expect(
      channel()
        .filter((m) => !m.recipient)
        .map((m) => textOf(m.activity))
        .join('\n'),
    ).not.toMatch(/support channel/i);
  });

  it('from the personal chat: the channel asked from is set up, and told so; an owner no longer is refused', async () => {
    await start('off');
    await bot.say(alice, 'channel', 'team setup');
    bot.teams.connector.members.set(alice.id, 'user');
    const refused = await submit(alice, 'personal', cards()[0]!, {
      username: 'demo',
      password: 'demo',
      agents: bob.id,
    });
    expect(answered(refused)).toMatch(/admin|owner/i);
    expect(await bot.stack.stores.credentials.get(key())).toBeUndefined();
    bot.teams.connector.members.set(alice.id, 'owner');
    const again = shownAfter(cards()[0]!, refused);
    await submit(alice, 'personal', again, { username: 'demo', password: 'demo', agents: bob.id });
    expect((await bot.stack.stores.settings.chat(key()))?.support?.agents).toEqual([bob.id]);
    expect(
      channel()
        .map((m) => textOf(m.activity))
        .join('\n'),
    ).toMatch(/support channel/i);
  });

  it('a card names only the channel its owner asked from: another channel in its data sets nothing up', async () => {
    await start();
    await bot.say(alice, 'channel', 'team setup');
    const card = cards()[0]!;
    const action = actionsOf(card.activity).find((a) => a.data.form === 'support-setup')!;
    const other = '19:elsewhere@thread.tacv2';
    await bot.press(alice, 'channel', card.id, {
      ...action.data,
      chat: other,
      username: 'demo',
      password: 'demo',
    });
    expect(await bot.stack.stores.credentials.get(`teams:${bot.teams.tenantId}:${other}`)).toBeUndefined();
  });

  /** The channel's public confirmations of a set-up. */
  const confirmations = () => channel().filter((m) => /support channel/i.test(textOf(m.activity)));

  it('a card submitted twice at once (Teams gave up waiting) sets up once; both hear one answer', async () => {
    await start();
    await bot.say(alice, 'channel', 'team setup');
    const fields = { username: 'demo', password: 'demo', agents: bob.id };
    const [a, b] = await Promise.all([
      submit(alice, 'channel', cards()[0]!, fields),
      submit(alice, 'channel', cards()[0]!, fields),
    ]);
    expect(confirmations()).toHaveLength(1);
    for (const r of [a, b]) expect(answered(r)).not.toMatch(/out of date|went wrong/i);
    const again = await submit(alice, 'channel', cards()[0]!, fields);
    expect(answered(again)).toBe(answered(a));
    expect(confirmations()).toHaveLength(1);
  });

  it("a refusal's card is a new card: submitted with the right credentials, it sets up", async () => {
    await start();
    await bot.say(alice, 'channel', 'team setup');
    const refused = await submit(alice, 'channel', cards()[0]!, {
      username: 'demo',
      password: 'wrong-password',
      agents: bob.id,
    });
    const again = shownAfter(cards()[0]!, refused);
    const nonce = (m: StoredMessage) =>
      actionsOf(m.activity).find((x) => x.data.form === 'support-setup')!.data.nonce;
    expect(nonce(again)).not.toBe(nonce(cards()[0]!));
    await submit(alice, 'channel', again, { username: 'demo', password: 'demo', agents: bob.id });
    expect((await bot.stack.stores.settings.chat(key()))?.support?.agents).toEqual([bob.id]);
  });
  it('two set-up cards for one channel, both submitted: one set-up, the older card out of date', async () => {
    await start();
    await bot.say(alice, 'channel', 'team setup');
    await bot.say(alice, 'channel', 'team setup');
    const [older, newer] = cards();
    expect(newer, 'two set-up cards').toBeDefined();
    const fields = { username: 'demo', password: 'demo', agents: bob.id };
    const [a, b] = await Promise.all([
      submit(alice, 'channel', older!, fields),
      submit(alice, 'channel', newer!, fields),
    ]);
    expect(confirmations()).toHaveLength(1);
    expect(answered(a)).toMatch(/out of date/i);
    expect(answered(b)).not.toMatch(/out of date/i);
  });
});
