import { randomBytes } from 'node:crypto';
import { usernameIssue } from '../../telephony/credentials.js';
import { hasCode } from '../../telephony/errors.js';
import { md5Hex } from '../../telephony/signature.js';
import type { IncomingText, LinkInput, SupportSetupInput } from '../core.js';
import { errorReply, UserFacingError } from '../delivery/error-replies.js';
import { chatKey, identityKey, maySetUpSupport } from '../identity.js';
import { capitalise } from '../messages/plural.js';
import type { Messages } from '../messages.js';
import type {
  AuditEntry,
  LinkConversation as Conversation,
  CredentialRecord,
  LinkedCredential,
} from '../ports/records.js';
import type { Stores } from '../ports/stores.js';
import type { Reply } from '../reply.js';
import { usernameFix } from '../values/args.js';
import type { ClientFactory } from './services.js';

interface Deps {
  stores: Stores;
  clientFactory: ClientFactory;
  clock: () => Date;
  t: Messages;
  /** Told about an unexpected failure (a bug), with the reference quoted to the user, for the log. */
  onUnexpected?: (err: unknown, ref: string) => void;
}

const CONVERSATION_TTL_MS = 5 * 60_000;

/** Starts the two-step linking conversation (docs/accounts.md §1.2: username, then password). */
export async function startLinkConversation(
  stores: Stores,
  clock: () => Date,
  idKey: string,
  kind: 'account' | 'card',
  username: string | undefined,
  label: string | undefined,
  t: Messages,
): Promise<Reply> {
  const expiresAt = new Date(clock().getTime() + CONVERSATION_TTL_MS).toISOString();
  const conv: Conversation = username
    ? { step: 'password', kind, username, label, expiresAt }
    : { step: 'username', kind, label, expiresAt };
  await stores.settings.updateUser(idKey, { conversation: conv });
  return username
    ? { text: t.linkAskPassword(username), asksSecret: kind === 'card' ? 'link-card' : 'link-account' }
    : { text: t.linkAskUsername(kind) };
}

/**
 * Routes plain text to a running linking conversation. Returns `undefined` when there is none, so
 * the text is treated as a command. `secret`: the text may be the password (the core's delivery
 * rule then deletes it where the channel can).
 */
export async function handleConversation(
  deps: Deps & { input: IncomingText },
): Promise<{ replies: Reply[]; secret: boolean } | undefined> {
  const { stores, clock, input, t } = deps;
  const idKey = identityKey(input.identity);
  const holder = await stores.settings.user(idKey);
  const conv = holder.conversation;
  if (!conv) return undefined;
  const clear = () => stores.settings.updateUser(idKey, { conversation: undefined });
  const text = input.text.trim();
  if (/^\/cancel\b/i.test(text)) {
    await clear();
    return { replies: [{ text: t.linkCancelled }], secret: false };
  }
  if (new Date(conv.expiresAt).getTime() <= clock().getTime()) {
    await clear();
    return { replies: [{ text: t.linkExpired }], secret: conv.step === 'password' };
  }
  if (input.chat.kind === 'shared') {
    // A password typed in a group is already exposed; refuse and store nothing.
    await clear();
    return { replies: [{ text: t.linkTypedInShared, tone: 'error' }], secret: true };
  }
  if (text.length > 200) {
    await clear();
    return { replies: [{ text: t.linkTooLong }], secret: true };
  }
  if (conv.step === 'username') {
    // Asked again rather than carried to the password step: the fix names what a username may hold.
    const issue = usernameIssue(text);
    if (issue)
      return { replies: [{ text: capitalise(`${usernameFix(t, issue)}.`), tone: 'error' }], secret: false };
    await stores.settings.updateUser(idKey, {
      conversation: { ...conv, step: 'password', username: text },
    });
    const asksSecret = conv.kind === 'card' ? 'link-card' : 'link-account';
    return { replies: [{ text: t.linkAskPassword(text), asksSecret }], secret: false };
  }
  await clear();
  // This line is the password: whatever happens next (a wrong password, a provider failure, a
  // timeout, a refused username, a bug), it is answered here, so the reply deletes it (docs/privacy.md §2.2).
  let reply: Reply;
  try {
    reply = await linkCredentials({
      ...deps,
      identity: input.identity,
      chat: input.chat,
      username: conv.username ?? '',
      password: input.text,
      kind: conv.kind,
      label: conv.label,
    });
  } catch (err) {
    const ref = randomBytes(4).toString('hex');
    const failed = errorReply(err, { t, ref });
    if (!failed.expected) deps.onUnexpected?.(err, ref);
    reply = failed.reply;
  }
  return { replies: [...deletedNote(t), reply], secret: true };
}

/** "I deleted the message": said only where the channel deletes (capabilities.ts leaves it empty elsewhere). */
function deletedNote(t: Messages): Reply[] {
  return t.linkPasswordDeleted ? [{ text: t.linkPasswordDeleted }] : [];
}

/**
 * Whether a line refused before it was read (a rate limit) may hold a secret, so the refusal still
 * deletes it (docs/privacy.md §2.2): a command with secret arguments (`/topup <PIN>`), or plain text while a
 * linking conversation waits for the password.
 */
export async function lineMayHoldSecret(
  stores: Stores | undefined,
  idKey: string,
  text: string,
  secretCommand: (name: string, args: string[]) => boolean,
): Promise<boolean> {
  const line = text.trim();
  if (line.startsWith('/')) {
    const [name = '', ...args] = line.slice(1).split(/\s+/);
    return secretCommand(name.toLowerCase(), args);
  }
  // No store to ask (it is down): a plain line may be the password a conversation waits for.
  if (!stores) return true;
  return (await stores.settings.user(idKey)).conversation?.step === 'password';
}

/** Checks credentials with a harmless real call, so we never store ones the provider refuses. */
async function validate(deps: Deps, kind: 'account' | 'card', username: string, md5: string): Promise<void> {
  const client =
    kind === 'account'
      ? deps.clientFactory({ account: { username, md5 } })
      : deps.clientFactory({ card: { username, md5 } });
  try {
    if (kind === 'account') {
      await client.account();
    } else {
      // A card read of a number that has no card: 1001 or 403 proves the signature was accepted.
      await client.show({ cli: '+4915100000000' }).catch((err) => {
        if (hasCode(err, 'TEL_NOT_FOUND') || hasCode(err, 'TEL_FORBIDDEN')) return;
        throw err;
      });
    }
  } catch (err) {
    if (hasCode(err, 'TEL_AUTH')) throw new UserFacingError(deps.t.linkFailedAuth);
    throw err;
  }
}

function upsert(record: CredentialRecord | undefined, cred: LinkedCredential): CredentialRecord {
  const others = (record?.credentials ?? []).filter(
    (c) => !(c.label === cred.label && c.kind === cred.kind) && !(cred.kind === 'card' && c.kind === 'card'),
  );
  const credentials = [...others, cred];
  return { credentials, active: cred.kind === 'account' ? cred.label : record?.active };
}

export async function linkCredentials(deps: Deps & Omit<LinkInput, 'locale'>): Promise<Reply> {
  const { stores, t } = deps;
  const username = deps.username.trim();
  // The username goes into an HTTP header (spec 5): refused here, before anything is sent (docs/reliability.md §4.1).
  const issue = usernameIssue(username);
  if (issue) throw new UserFacingError(capitalise(`${usernameFix(t, issue)}.`));
  if (!deps.password || deps.password.length > 200) throw new UserFacingError(capitalise(`${t.vPassword}.`));
  // Only md5_hex(password) is kept: it is all the signature needs (provider-notes 1.1).
  const md5 = md5Hex(deps.password);
  await validate(deps, deps.kind, username, md5);
  const owner = identityKey(deps.identity);
  const label = (deps.label ?? (deps.kind === 'card' ? `card-${username}` : username)).slice(0, 40);
  const record = await stores.credentials.get(owner);
  await stores.credentials.set(
    owner,
    upsert(record, { label, kind: deps.kind, username, md5, linkedAt: deps.clock().toISOString() }),
  );
  await stores.audit.append({
    at: deps.clock().toISOString(),
    actor: owner,
    actorName: deps.identity.displayName,
    chat: chatKey(deps.identity.platform, deps.identity.tenant, deps.chat),
    account: username,
    command: deps.kind === 'card' ? 'link card' : 'link',
    outcome: 'ok',
  });
  return { text: t.linkDone(label, deps.kind), tone: 'success' };
}

/** Sets a support channel up; the reply, and the audit entry written (for the channel's audit thread). */
export async function setupSupport(
  deps: Deps & { input: SupportSetupInput },
): Promise<{ reply: Reply; audited: AuditEntry }> {
  const { stores, t, input } = deps;
  if (input.chat.kind !== 'shared') throw new UserFacingError(t.supportNeedsShared);
  if (!maySetUpSupport(input.chat)) throw new UserFacingError(t.supportAdminOnly);
  const owner = chatKey(input.identity.platform, input.identity.tenant, input.chat);
  const now = deps.clock().toISOString();
  const accountMd5 = md5Hex(input.account.password);
  await validate(deps, 'account', input.account.username, accountMd5);
  let record = upsert(undefined, {
    label: 'team',
    kind: 'account',
    username: input.account.username,
    md5: accountMd5,
    linkedAt: now,
  });
  if (input.card) {
    const cardMd5 = md5Hex(input.card.password);
    await validate(deps, 'card', input.card.username, cardMd5);
    record = upsert(record, {
      label: 'team-card',
      kind: 'card',
      username: input.card.username,
      md5: cardMd5,
      linkedAt: now,
    });
  }
  await stores.credentials.set(owner, record);
  const agents = [...new Set(input.agents.map((a) => a.trim()).filter(Boolean))];
  await stores.settings.updateChat(owner, {
    support: {
      agents,
      agentGroup: input.agentGroup || undefined,
      setupBy: identityKey(input.identity),
      setupAt: now,
    },
  });
  const audited: AuditEntry = {
    at: now,
    actor: identityKey(input.identity),
    actorName: input.identity.displayName,
    chat: owner,
    account: input.account.username,
    command: 'team setup',
    outcome: 'ok',
    role: 'admin',
  };
  await stores.audit.append(audited);
  return { reply: { text: t.supportSetupDone(agents.length), tone: 'success' }, audited };
}
