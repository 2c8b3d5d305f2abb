import { createHash } from 'node:crypto';
import { isAgent, type SupportAgents } from './accounts/roles.js';
import { type ChatRef, chatKey, type Identity, identityKey } from './identity.js';
import type { PendingAction } from './ports/records.js';

/**
 * The button protocol: every id the core puts on a reply, and how a press reads it back
 * (docs/interface.md §2). An id is short (Telegram's `callback_data` holds 64 bytes) and is the only
 * thing a press brings back, so each says what to do and names the server-side state it needs.
 *
 * | id                            | a press…                                                      |
 * |-------------------------------|---------------------------------------------------------------|
 * | `c:<ticket>`                  | runs a command that asked for confirmation (pending `confirm`) |
 * | `x:<ticket>`                  | cancels it                                                    |
 * | `h:<ticket>`                  | runs a held command at once (pending `hangup`: Hang up)       |
 * | `m:<screen>`                  | opens a screen of the home menu (no state)                    |
 * | `p:<pending id>:<page>`       | turns a long list to a page (pending `page`)                  |
 * | `k:<pending id>`              | asks for a number, for a shared contact (pending `prompt`)    |
 * | `run:<command>`               | starts a command as whoever presses (its `runButton` field)   |
 * | `ap:<request>` `ar:<request>` | approves or refuses a held request (docs/money-guard.md §2.2) |
 *
 * A ticket is `<pending id>:<owner tag>:<expiry>`: it names its owner and its expiry, so the press
 * rule is checked before any store read and a press on a used button can be told from a press on an
 * expired one.
 */
export type Button =
  | { kind: 'confirm' | 'cancel' | 'held'; ticket: Ticket }
  | { kind: 'menu'; screen: string }
  | { kind: 'page'; id: string; page: number }
  | { kind: 'prompt'; id: string }
  | { kind: 'run'; command: string }
  | { kind: 'approve' | 'refuse'; id: string };

/** The button of one kind, e.g. `ButtonOf<'page'>`. */
export type ButtonOf<K extends Button['kind']> = Extract<Button, { kind: K }>;

/** What a ticketed id carries: the pending action, its owner's tag, its expiry (epoch ms, whole seconds). */
export interface Ticket {
  id: string;
  tag: string;
  expires: number;
}

const VERB = {
  confirm: 'c',
  cancel: 'x',
  held: 'h',
  menu: 'm',
  page: 'p',
  prompt: 'k',
  run: 'run',
  approve: 'ap',
  refuse: 'ar',
} as const satisfies Record<Button['kind'], string>;

type Kind = Button['kind'];
const KIND_OF = new Map<string, Kind>(Object.entries(VERB).map(([kind, verb]) => [verb, kind as Kind]));

/** A pending id, a command or a screen name: what fits between the colons. */
const PART = /^[\w-]{1,32}$/;

export function encodeButton(button: Button): string {
  const verb = VERB[button.kind];
  switch (button.kind) {
    case 'confirm':
    case 'cancel':
    case 'held':
      return `${verb}:${ticketText(button.ticket)}`;
    case 'menu':
      return `${verb}:${button.screen}`;
    case 'page':
      return `${verb}:${button.id}:${button.page}`;
    case 'run':
      return `${verb}:${button.command}`;
    default:
      return `${verb}:${button.id}`;
  }
}

/** The button an id names, or undefined for anything else (a forged, truncated or old-format id). */
export function parseButton(actionId: string): Button | undefined {
  const [verb = '', ...parts] = actionId.split(':');
  const kind = KIND_OF.get(verb);
  if (!kind) return undefined;
  if (kind === 'confirm' || kind === 'cancel' || kind === 'held') {
    const ticket = parseTicket(parts);
    return ticket && { kind, ticket };
  }
  if (kind === 'page') {
    const [id = '', page = '', ...rest] = parts;
    const ok = PART.test(id) && /^\d{1,4}$/.test(page) && rest.length === 0;
    return ok ? { kind, id, page: Number(page) } : undefined;
  }
  const [name = '', ...rest] = parts;
  if (!PART.test(name) || rest.length > 0) return undefined;
  if (kind === 'menu') return { kind, screen: name };
  if (kind === 'run') return { kind, command: name };
  return { kind, id: name };
}

function ticketText(ticket: Ticket): string {
  return `${ticket.id}:${ticket.tag}:${Math.floor(ticket.expires / 1000).toString(36)}`;
}

/** `<id>:<tag>:<expiry>`; anything else is no ticket (and a press on it changes nothing). */
function parseTicket(parts: readonly string[]): Ticket | undefined {
  const [id, tag, expiry, ...rest] = parts;
  const expires = Number.parseInt(expiry ?? '', 36) * 1000;
  if (!id || !tag || !Number.isFinite(expires) || rest.length > 0) return undefined;
  return { id, tag, expires };
}

/** The home menu's own screen and its button: Back, and the start of every menu. */
export const HOME_SCREEN: ButtonOf<'menu'> = { kind: 'menu', screen: 'home' };
export const HOME_BUTTON = encodeButton(HOME_SCREEN);

/** The pending kinds whose buttons carry a ticket (confirmations and held commands); the rest carry the bare id. */
export function isTicketed(kind: PendingAction['kind']): kind is 'confirm' | 'hangup' {
  return kind === 'confirm' || kind === 'hangup';
}

/** The ticket of a pending action, owned by `ownerKey` (an identity key, or a support channel's chat key). */
export function ticketFor(action: Pick<PendingAction, 'id' | 'expiresAt'>, ownerKey: string): Ticket {
  return { id: action.id, tag: ownerTag(ownerKey), expires: Date.parse(action.expiresAt) };
}

/**
 * Names the owner of a button inside its id, so the press rule needs no store read and comes first:
 * a stranger's press on a used or expired confirmation changes nothing (docs/interface.md §2.2).
 * Not a credential: the pending action itself is checked again before anything runs.
 */
export function ownerTag(ownerKey: string): string {
  return createHash('sha256').update(ownerKey).digest('base64url').slice(0, 10);
}

/** Who pressed, where, and that chat's support set-up (undefined outside a support channel). */
export interface Presser {
  identity: Identity;
  chat: ChatRef;
  support: SupportAgents | undefined;
}

/** A button's owner, as a ticket's tag names it or as its pending action records it. */
export type ButtonOwner = { tag: string } | Pick<PendingAction, 'owner' | 'agentChannel'>;

/**
 * The press rule, the one place it is written (docs/interface.md §2.2): the owner may press, or an
 * agent of the support channel the button belongs to. Anyone else's press changes nothing, whatever state the button is in.
 */
export function mayPress(presser: Presser, owner: ButtonOwner): boolean {
  const { identity, chat } = presser;
  const person = identityKey(identity);
  const channel = chatKey(identity.platform, identity.tenant, chat);
  if ('tag' in owner) {
    if (owner.tag === ownerTag(person)) return true;
    return owner.tag === ownerTag(channel) && isAgent(presser.support, identity);
  }
  if (owner.owner === person) return true;
  return owner.agentChannel === channel && isAgent(presser.support, identity);
}
