import { createSlackChannel } from '../../src/adapters/slack/index.js';
import type { Identity } from '../../src/core/identity.js';
import {
  buttonPressPayload,
  eventCallbackBody,
  messageShortcutPayload,
  type SlackCall,
  slashCommandBody,
  startFakeSlack,
  viewSubmissionPayload,
} from '../helpers/fake-slack.js';
import { seedWithCalls } from '../helpers/seed-with-calls.js';
import { createTestStack } from '../helpers/stack.js';
import { type ChannelDriver, type Person, SEEDED_CALLS, type Where } from './driver.js';
import { slackAgentView } from './slack-agent-view.js';
import { CONTRACT_WORK_OBJECTS, slackWorkObjects } from './slack-work-objects.js';
import { plainMrkdwn } from './views.js';

const ids: Record<Person, string> = { alice: 'U1', bob: 'U2', carol: 'U3', dave: 'U4' };
const CHANNEL = 'C1';
const COMMAND = '/tel';
const dmOf = (who: Person) => `D${ids[who]}`;

/** A message as a member of the workspace sees it (api.slack.com "Messaging": ephemeral ones only to `to`). */
interface Seen {
  channel: string;
  /** `undefined`: everyone in `channel`; otherwise only this user. */
  to?: string;
  text: string;
  buttons: { label: string; actionId: string }[];
  thread?: boolean;
}

/**
 * Slack through bolt against the fake Web API. Requests enter through `app.processEvent`, the
 * path bolt's receivers take after verifying, so a call resolves once the listener (and the work
 * it does after its ack) is done. The driver keeps the conversation as Slack's documentation
 * describes it: `response_url` posts are ephemeral unless `in_channel`, `replace_original`
 * replaces the message the URL belongs to and keeps who sees it; a thread reply is public.
 */
export async function slackDriver(): Promise<ChannelDriver> {
  const stack = await createTestStack({ sandbox: { data: seedWithCalls(SEEDED_CALLS) } });
  const slack = await startFakeSlack({
    users: [
      { id: ids.alice, name: 'alice', isAdmin: true },
      { id: ids.bob, name: 'bob' },
      { id: ids.carol, name: 'carol', isAdmin: true },
      { id: ids.dave, name: 'dave', locale: 'de-DE' },
    ],
  });
  const channel = createSlackChannel({
    core: stack.core,
    botToken: 'xoxb-test',
    signingSecret: 'contract-secret',
    apiUrl: slack.apiUrl,
    dedupe: stack.stores.dedupe,
    command: COMMAND,
    webApiRetry: { retries: 0 },
    workObjects: CONTRACT_WORK_OBJECTS,
  });
  await channel.start();
  // The core speaks to a person other than the presser (an approved request's result to its requester).
  stack.proactive.attach(channel.notifier);
  const seen: Seen[] = [];
  /** response_url id → the message it replaces and where it posts. */
  const urls = new Map<string, { channel: string; user: string; original?: Seen }>();
  let read = 0;
  let urlSeq = 0;
  let views: SlackCall[] = [];
  const forms: string[] = [];
  /** The last slash command each person sent, as Slack would deliver it again. */
  const lastCommand = new Map<Person, Record<string, string>>();

  const newUrl = (where: { channel: string; user: string; original?: Seen }) => {
    const id = `k${++urlSeq}`;
    urls.set(id, where);
    return slack.responseUrl(id);
  };

  /** Folds the fake's new calls into the conversation. */
  function sync(): void {
    for (const call of slack.calls.slice(read)) {
      if (!call.rateLimited && !call.urlRefused) fold(call);
    }
    read = slack.calls.length;
  }

  function fold(call: SlackCall): void {
    const b = call.body;
    const message = (to?: string, ch = String(b.channel)): Seen => ({
      channel: ch,
      ...(to ? { to } : {}),
      text: plainMrkdwn(`${String(b.text ?? '')}\n${JSON.stringify(b.blocks ?? [])}`),
      buttons: buttonsOf(b.blocks),
      ...(b.thread_ts ? { thread: true } : {}),
    });
    if (call.method === 'response_url') {
      const where = urls.get(call.id ?? '');
      if (!where) return;
      if (b.replace_original === true && where.original) {
        Object.assign(where.original, { ...message(where.original.to, where.original.channel) });
        return;
      }
      // Slack: a response_url message is ephemeral unless it says `in_channel`.
      const to = b.response_type === 'in_channel' ? undefined : where.user;
      seen.push(message(to, where.channel));
    } else if (call.method === 'chat.postMessage') seen.push(message());
    else if (call.method === 'chat.postEphemeral') seen.push(message(String(b.user)));
    else if (call.method === 'files.completeUploadExternal') {
      const upload = slack.callsOf('upload').at(-1);
      seen.push({ channel: String(b.channel_id), text: upload?.raw ?? '', buttons: [] });
    } else if (isForm(call)) views = [...views, call];
    if (call.method === 'views.open' || call.method === 'views.update')
      forms.push(plainMrkdwn(JSON.stringify(b.view)));
  }

  // A form as last drawn: opened, or redrawn over a "one moment" in the user's language.
  const isForm = (call: SlackCall) => {
    if (call.method !== 'views.open' && call.method !== 'views.update') return false;
    const view = typeof call.body.view === 'string' ? JSON.parse(call.body.view) : call.body.view;
    return typeof (view as { callback_id?: unknown } | undefined)?.callback_id === 'string';
  };
  const channelOf = (who: Person, where: Where) => (where === 'shared' ? CHANNEL : dmOf(who));
  const visibleTo = (who: Person) => (m: Seen) =>
    (m.channel === CHANNEL && (m.to === undefined || m.to === ids[who])) || m.channel === dmOf(who);

  async function command(who: Person, where: Where, text: string): Promise<void> {
    const ch = channelOf(who, where);
    const url = newUrl({ channel: ch, user: ids[who] });
    const body = Object.fromEntries(
      new URLSearchParams(
        slashCommandBody({ text, user: ids[who], channel: ch, responseUrl: url, command: COMMAND }),
      ),
    );
    lastCommand.set(who, body);
    await channel.app.processEvent({ body, ack: async () => {} });
    sync();
  }

  async function submitView(who: Person, callbackId: string, values: Record<string, string | string[]>) {
    const open = views.at(-1);
    if (!open) throw new Error('no modal was opened');
    const view = typeof open.body.view === 'string' ? JSON.parse(open.body.view) : open.body.view;
    const meta = (view as { private_metadata: string }).private_metadata;
    const body = viewSubmissionPayload({ callbackId, privateMetadata: meta, user: ids[who], values });
    // What the acknowledgement carries (inline errors, a form's next state) is shown in the form.
    const ack = async (response?: unknown) => {
      if (response) forms.push(plainMrkdwn(JSON.stringify(response)));
    };
    await channel.app.processEvent({ body: body as Record<string, unknown>, ack });
    sync();
  }

  let last: { actionId: string; channel: string; original: Seen } | undefined;
  async function pressOn(who: Person, target: { actionId: string; channel: string; original: Seen }) {
    // Another member only ever sees public messages: an ephemeral button is out of their reach.
    if (target.original.to !== undefined && target.original.to !== ids[who]) return;
    const url = newUrl({ channel: target.channel, user: ids[who], original: target.original });
    const body = buttonPressPayload({
      actionId: target.actionId,
      user: ids[who],
      channel: target.channel,
      responseUrl: url,
    });
    await channel.app.processEvent({ body: body as Record<string, unknown>, ack: async () => {} });
    sync();
  }

  /** An Events API delivery (a DM to the app, an @mention), as bolt's receivers pass it on. */
  async function event(fields: Record<string, unknown>): Promise<void> {
    const body = JSON.parse(eventCallbackBody(fields)) as Record<string, unknown>;
    await channel.app.processEvent({ body, ack: async () => {} });
    sync();
  }

  const identity = (who: Person): Identity => ({ platform: 'slack', tenant: 'T1', user: ids[who] });
  /** The newest message `owner` can see in `where` with a `label` button. */
  const find = (where: Where, label: string, owner: Person) => {
    const ch = channelOf(owner, where);
    const message = [...seen]
      .reverse()
      .find((m) => m.channel === ch && visibleTo(owner)(m) && m.buttons.some((x) => x.label === label));
    if (!message) throw new Error(`no ${label} button for ${owner} in ${ch}`);
    return {
      actionId: message.buttons.find((x) => x.label === label)!.actionId,
      channel: ch,
      original: message,
    };
  };

  return {
    name: 'slack',
    hasSharedChat: true,
    onePerson: false,
    editsInPlace: true,
    linksByConversation: false,
    canDeleteInput: false,
    hasAuditThread: true,
    busy: 'words',
    stack,
    command: (name) => `${COMMAND} ${name}`,
    async redeliver(who) {
      const body = lastCommand.get(who);
      if (!body) throw new Error(`${who} sent no command yet`);
      // A retry (X-Slack-Retry-Num) carries the same trigger_id and response_url.
      await channel.app.processEvent({ body: { ...body }, ack: async () => {}, retryNum: 1 });
      sync();
    },
    async say(who, where, text) {
      if (!text.startsWith(`${COMMAND} `) && text !== COMMAND)
        throw new Error(`Slack takes only ${COMMAND} commands here, not ${text}`);
      const rest = text.slice(COMMAND.length).trim();
      await command(who, where, rest);
      // `/tel link` opens the modal; the contract fills it in with the demo credentials.
      if (/^link$/i.test(rest)) await submitView(who, 'tel_link', { username: 'demo', password: 'demo' });
    },
    dm: (who, text) =>
      event({ type: 'message', channel_type: 'im', channel: dmOf(who), user: ids[who], text }),
    mention: (who, text) =>
      event({ type: 'app_mention', channel: CHANNEL, user: ids[who], text: `<@UBOT> ${text}` }),
    async shortcut(who, which, text, fields = {}) {
      const body = messageShortcutPayload({
        callbackId: which === 'callThis' ? 'call_this_number' : 'rate_this_number',
        text,
        channel: CHANNEL,
        user: ids[who],
        responseUrl: newUrl({ channel: CHANNEL, user: ids[who] }),
      });
      await channel.app.processEvent({ body: body as Record<string, unknown>, ack: async () => {} });
      sync();
      if (which === 'callThis') await submitView(who, 'tel_call', fields);
    },
    async linkForm(who, where, password) {
      await command(who, where, 'link');
      await submitView(who, 'tel_link', { username: 'demo', password });
    },
    forms: () => sync() ?? forms.join('\n'),
    pinFormsAsked: () => (forms.join('\n').match(/"block_id":"pin"/g) ?? []).length,
    shownAs: (who) => `<@${ids[who]}>`,
    async press(who, where, label, owner = who) {
      last = find(where, label, owner);
      await pressOn(who, last);
    },
    async pressAtOnce(who, where, label, owner) {
      const target = find(where, label, owner);
      await Promise.all(who.map((p) => pressOn(p, target)));
    },
    async pressAgain(who) {
      if (!last) throw new Error('nothing was pressed yet');
      await pressOn(who, last);
    },
    // What the bot sent first (alerts, call reports) arrives outside a request: fold it in first.
    sharedView: () =>
      sync() ??
      seen
        .filter((m) => m.channel === CHANNEL && m.to === undefined)
        .map((m) => m.text)
        .join('\n'),
    privateView: (who) =>
      sync() ??
      seen
        .filter(visibleTo(who))
        .filter((m) => m.channel !== CHANNEL || m.to)
        .map((m) => m.text)
        .join('\n'),
    ephemeralView: (who) =>
      sync() ??
      seen
        .filter((m) => m.channel === CHANNEL && m.to === ids[who])
        .map((m) => m.text)
        .join('\n'),
    messages: (who) => sync() ?? seen.filter(visibleTo(who)).map((m) => m.text),
    lastInputDeleted: () => false,
    auditThread: () => seen.filter((m) => m.channel === CHANNEL && m.thread).map((m) => m.text),
    async makeSupportChannel(agents) {
      await command('alice', 'shared', 'team setup');
      await submitView('alice', 'tel_team_setup', {
        account_username: 'demo',
        account_password: 'demo',
        card_username: 'cards',
        card_password: 'cards',
        agents: agents.map((p) => ids[p]),
      });
    },
    demote: (who) => slack.setUser({ id: ids[who], name: who, isAdmin: false }),
    workObjects: slackWorkObjects(slack, event, (who) => ids[who], channelOf),
    agentView: slackAgentView({
      slack,
      stack,
      event,
      async deliver(body) {
        await channel.app.processEvent({ body, ack: async () => {} });
        sync();
      },
      userOf: (who) => ids[who],
      dmOf,
      channel: CHANNEL,
    }),
    linkDemo: (who) => stack.linkDemo(identity(who)),
    async close() {
      await channel.stop();
      await slack.close();
      await stack.close();
    },
  };
}

function buttonsOf(blocks: unknown): { label: string; actionId: string }[] {
  const list = typeof blocks === 'string' ? (JSON.parse(blocks) as unknown) : blocks;
  if (!Array.isArray(list)) return [];
  return list.flatMap(
    (b: { type?: string; elements?: { text?: { text?: string }; action_id?: string }[] }) =>
      b.type === 'actions'
        ? (b.elements ?? []).map((e) => ({ label: e.text?.text ?? '', actionId: e.action_id ?? '' }))
        : [],
  );
}
