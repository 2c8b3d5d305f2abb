import type { App, webApi } from '@slack/bolt';
import {
  commandRef,
  type Identity,
  languageOf,
  type PlacedReply,
  type Reply,
  tableGrid,
  wordsIn,
} from '../../core/index.js';
import type { SlackHandlerDeps } from './deps.js';
import { SLACK_CAN } from './responder.js';
import { slackIdentity } from './turn.js';
import { slackWords } from './words/index.js';
import { openWorkObject, type WorkObjectRef, workObjectIdOf } from './work-object-id.js';

/**
 * Slack's entity type for a card or a call: of the documented ones (file, task, incident,
 * content_item, item; docs.slack.dev/messaging/work-objects-implementation), `item` is the
 * general-purpose entity, shown by its custom fields alone. A card or a call record is no file,
 * ticket, incident or article (docs/channels.md §2.3).
 */
export const WORK_OBJECT_ENTITY_TYPE = 'slack#/entities/item';

/** Where Work Objects live: the unfurl domain (`SLACK_UNFURL_DOMAIN`) and the key their ids are sealed with. */
export interface WorkObjectOptions {
  domain: string;
  key: Uint8Array;
}

interface LinkShared {
  channel: string;
  user: string;
  message_ts?: string;
  unfurl_id?: string;
  source?: string;
  links: { url: string; domain: string }[];
}

interface DetailsRequested {
  user: string;
  trigger_id: string;
  external_ref?: { id: string };
  user_locale?: string;
}

/**
 * Work Objects (docs/channels.md §2.3, docs/privacy.md §3.4): a link to a card or a call under the
 * unfurl domain, pasted in a channel, unfurls with non-sensitive fields only (what it is, a short
 * id) when the poster is linked to that account or the channel is its support channel; the
 * panel (`entity_details_requested`) shows the balance and calls only to a person linked to that
 * account, checked at the click (`user_auth_required` for anyone else). A forged id shows nothing.
 */
export function registerWorkObjects(app: App, deps: SlackHandlerDeps, wo: WorkObjectOptions): void {
  app.event('link_shared', async ({ event, body, client }) => {
    const e = event as unknown as LinkShared;
    await deps.track('link_shared', () => unfurl(deps, wo, client, body.team_id ?? '', e));
  });
  app.event('entity_details_requested', async ({ event, body, client }) => {
    const e = event as unknown as DetailsRequested;
    await deps.track('entity_details_requested', () => details(deps, wo, client, body.team_id ?? '', e));
  });
}

async function unfurl(
  deps: SlackHandlerDeps,
  wo: WorkObjectOptions,
  client: webApi.WebClient,
  team: string,
  e: LinkShared,
): Promise<void> {
  const core = deps.options.core;
  const own = (await core.linkedAccounts(slackIdentity(team, e.user))).map((a) => a.username);
  const support = await core.supportAccount('slack', team, { id: e.channel, kind: 'shared' });
  const words = wordsIn(slackWords, languageOf(deps.directory.known(team, e.user)?.locale)).workObject;
  const entities = e.links.flatMap((link) => {
    const id = workObjectIdOf(wo.domain, link.url);
    const target = id ? openWorkObject(wo.key, id) : undefined;
    if (!id || !target || !(own.includes(target.account) || support === target.account)) return [];
    return [entity(link.url, id, target, words)];
  });
  if (entities.length === 0) return;
  const where =
    e.unfurl_id && e.source
      ? { unfurl_id: e.unfurl_id, source: e.source }
      : { channel: e.channel, ts: e.message_ts };
  await client.apiCall('chat.unfurl', { ...where, metadata: JSON.stringify({ entities }) });
}

/** The unfurl's entity: the kind and a short id only, seen by everyone in the channel. */
function entity(url: string, id: string, target: WorkObjectRef, words: { card: string; call: string }) {
  return {
    app_unfurl_url: url,
    url,
    external_ref: { id, type: target.kind },
    entity_type: WORK_OBJECT_ENTITY_TYPE,
    entity_payload: {
      attributes: {
        title: { text: target.kind === 'card' ? words.card : words.call },
        display_id: id.slice(0, 8),
      },
    },
  };
}

async function details(
  deps: SlackHandlerDeps,
  wo: WorkObjectOptions,
  client: webApi.WebClient,
  team: string,
  e: DetailsRequested,
): Promise<void> {
  const id = e.external_ref?.id ?? '';
  const target = openWorkObject(wo.key, id);
  const words = wordsIn(slackWords, languageOf(e.user_locale)).workObject;
  if (!target) {
    await client.apiCall('entity.presentDetails', {
      trigger_id: e.trigger_id,
      error: { status: 'not_found' },
    });
    return;
  }
  const identity = slackIdentity(team, e.user);
  // Checked at the click: only the clicking person's own link to that very account opens it.
  const linked = await deps.options.core.linkedAccounts(identity);
  const mine = linked.find((a) => a.username === target.account);
  if (!mine?.active) {
    await client.apiCall('entity.presentDetails', {
      trigger_id: e.trigger_id,
      user_auth_required: true,
      error: { status: 'custom', custom_message: mine ? words.notYours : words.linkFirst },
    });
    return;
  }
  // Never a secret (a card's PIN): a panel is not deleted after a while as a secret reply is.
  const replies = (await recordOf(deps, identity, target, e.user_locale)).filter(
    (r) => r.visibility !== 'secret',
  );
  await client.apiCall('entity.presentDetails', {
    trigger_id: e.trigger_id,
    metadata: JSON.stringify({
      entity_type: WORK_OBJECT_ENTITY_TYPE,
      url: `https://${wo.domain}/wo/${id}`,
      external_ref: { id, type: target.kind },
      entity_payload: {
        attributes: { title: { text: target.kind === 'card' ? words.card : words.call } },
        custom_fields: panelFields(replies, target.kind === 'card' ? words.card : words.call),
      },
    }),
  });
}

/**
 * That card's or that call's own record, read through the core as its command (`card show`, `cdr`) in
 * the person's private place, after the link check above: the core's roles and rules apply.
 */
async function recordOf(
  deps: SlackHandlerDeps,
  identity: Identity,
  target: WorkObjectRef,
  locale: string | undefined,
): Promise<readonly PlacedReply[]> {
  const who = { identity, chat: { id: `panel:${identity.user}`, kind: 'private' as const }, can: SLACK_CAN };
  const where = { ...who, ...(locale ? { locale } : {}) };
  if (target.kind === 'card')
    return deps.options.core.runCommand({
      ...where,
      command: commandRef('card'),
      args: ['show', target.ref],
    });
  // A call: that one record, read by its id (start and number, core/commands/cdr-call.ts).
  return deps.options.core.runCommand({ ...where, command: commandRef('cdr'), args: [target.ref] });
}

/** The record's fields and table rows (their home screen's fields and table rows) as the panel's fields. */
function panelFields(replies: readonly Reply[], label: string) {
  const fields = replies
    .flatMap((r) => r.fields ?? [])
    .filter((f) => !f.spoiler)
    .map((f) => ({ label: f.label, value: f.value }));
  // Through the one reading of a table, so a person column shows the person, not a stored key.
  const rows = replies.flatMap((r) => (r.table ? tableGrid(r.table).rows.map((row) => row.join(' · ')) : []));
  // A record not found (or not readable) says so in words: the panel shows them, not an empty card.
  const said =
    fields.length || rows.length
      ? []
      : replies.flatMap((r) => (r.text ? [{ label: r.title ?? label, value: r.text }] : []));
  const listed = rows.slice(0, 10).map((value, i) => ({ label: `#${i + 1}`, value }));
  return [...fields, ...listed, ...said].map((f, i) => ({
    key: `f${i}`,
    label: f.label,
    value: f.value,
    type: 'string',
  }));
}
