/**
 * Activities as Teams' channel service posts them to a bot (docs/teams.md §5): a message in a
 * personal chat, a group chat or a channel (there only with an @mention of the bot), and the invoke
 * `adaptiveCard/action` of an `Action.Execute` button, carrying the card's inputs.
 */
export type Scope = 'personal' | 'groupChat' | 'channel';

export interface TeamsPerson {
  /** The Teams user id (`29:…`). */
  readonly id: string;
  readonly name: string;
  /** The Entra object id. */
  readonly aadObjectId: string;
  readonly locale?: string;
}

export const CHANNEL_ID = '19:support@thread.tacv2';
export const GROUP_ID = '19:group@thread.v2';
export const TEAM_ID = '19:team@thread.tacv2';

export function teamsPerson(name: string, locale?: string): TeamsPerson {
  return { id: `29:${name}`, name, aadObjectId: `aad-${name}`, ...(locale ? { locale } : {}) };
}

let seq = 0;

export interface ActivityContext {
  readonly serviceUrl: string;
  readonly tenantId: string;
  readonly appId: string;
}

/** The conversation of `scope` as Teams names it; a personal chat is the person's own `a:` id. */
export function conversationOf(ctx: ActivityContext, scope: Scope, who: TeamsPerson) {
  const id = scope === 'personal' ? `a:${who.id}` : scope === 'channel' ? CHANNEL_ID : GROUP_ID;
  return {
    id,
    conversationType: scope,
    tenantId: ctx.tenantId,
    ...(scope === 'personal' ? {} : { isGroup: true }),
  };
}

function base(ctx: ActivityContext, scope: Scope, who: TeamsPerson) {
  return {
    id: `act-${++seq}`,
    channelId: 'msteams',
    serviceUrl: ctx.serviceUrl,
    timestamp: new Date().toISOString(),
    from: { id: who.id, name: who.name, aadObjectId: who.aadObjectId },
    recipient: { id: `28:${ctx.appId}`, name: 'Telephony' },
    conversation: conversationOf(ctx, scope, who),
    ...(who.locale ? { locale: who.locale } : {}),
    channelData: {
      tenant: { id: ctx.tenantId },
      ...(scope === 'channel' ? { team: { id: TEAM_ID }, channel: { id: CHANNEL_ID } } : {}),
    },
  };
}

/** A message; in a group chat or channel Teams delivers it only with an @mention, so one is added. */
export function messageActivity(ctx: ActivityContext, scope: Scope, who: TeamsPerson, text: string) {
  const mention = '<at>Telephony</at>';
  const mentioned = scope !== 'personal';
  return {
    ...base(ctx, scope, who),
    type: 'message',
    text: mentioned ? `${mention} ${text}` : text,
    textFormat: 'plain',
    ...(mentioned
      ? {
          entities: [
            { type: 'mention', text: mention, mentioned: { id: `28:${ctx.appId}`, name: 'Telephony' } },
          ],
        }
      : {}),
  };
}

/** The invoke of an `Action.Execute` pressed on message `replyToId`; `data` holds the button's data and inputs. */
export function executeActivity(
  ctx: ActivityContext,
  scope: Scope,
  who: TeamsPerson,
  replyToId: string,
  data: Record<string, unknown>,
) {
  return {
    ...base(ctx, scope, who),
    type: 'invoke',
    name: 'adaptiveCard/action',
    replyToId,
    value: { action: { type: 'Action.Execute', verb: 'press', data }, trigger: 'manual' },
  };
}

/** The bot was added to a team or chat (`conversationUpdate` with `membersAdded`). */
export function installedActivity(ctx: ActivityContext, scope: Scope, who: TeamsPerson) {
  return { ...base(ctx, scope, who), type: 'conversationUpdate', membersAdded: [{ id: `28:${ctx.appId}` }] };
}

/**
 * The invoke `fileConsent/invoke` of a FileConsentCard (message `replyToId`): `accept` carries the
 * card's `acceptContext` and the `uploadInfo` of the file's place in the user's OneDrive; `decline`
 * the `declineContext` alone.
 */
export function fileConsentActivity(
  ctx: ActivityContext,
  who: TeamsPerson,
  replyToId: string,
  value: { action: 'accept' | 'decline'; context: unknown; uploadInfo?: object },
) {
  return {
    ...base(ctx, 'personal', who),
    type: 'invoke',
    name: 'fileConsent/invoke',
    replyToId,
    value: { type: 'fileUpload', ...value },
  };
}
