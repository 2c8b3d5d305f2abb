import { describe, expect, it } from 'vitest';
import {
  type Button,
  encodeButton,
  HOME_BUTTON,
  mayPress,
  ownerTag,
  type Presser,
  parseButton,
} from '../../src/core/buttons.js';
import { homeReply, withBack } from '../../src/core/menu/home.js';
import { pageOf } from '../../src/core/menu/paging.js';
import { en } from '../../src/core/messages.js';

/** The button protocol (src/core/buttons.ts): every id the core builds reads back as what built it. */

const ticket = { id: 'AbC-12_x', tag: ownerTag('telegram::42'), expires: 1_900_000_000_000 };

const ROUND_TRIPS: [string, Button, string][] = [
  ['confirm', { kind: 'confirm', ticket }, `c:AbC-12_x:${ticket.tag}:vf7lds`],
  ['cancel', { kind: 'cancel', ticket }, `x:AbC-12_x:${ticket.tag}:vf7lds`],
  ['held command (Hang up)', { kind: 'held', ticket }, `h:AbC-12_x:${ticket.tag}:vf7lds`],
  ['menu screen', { kind: 'menu', screen: 'linkcard' }, 'm:linkcard'],
  ['home menu', { kind: 'menu', screen: 'home' }, 'm:home'],
  ['page', { kind: 'page', id: 'pg1', page: 12 }, 'p:pg1:12'],
  ['contact question', { kind: 'prompt', id: 'q-1' }, 'k:q-1'],
  ['run a command', { kind: 'run', command: 'topup' }, 'run:topup'],
  ['approve', { kind: 'approve', id: 'r1' }, 'ap:r1'],
  ['refuse', { kind: 'refuse', id: 'r1' }, 'ar:r1'],
];

describe('button ids', () => {
  it.each(ROUND_TRIPS)('%s: encodes to its id and parses back', (_name, button, id) => {
    expect(encodeButton(button)).toBe(id);
    expect(parseButton(id)).toEqual(button);
    // Within Telegram's 64-byte callback_data.
    expect(Buffer.byteLength(id)).toBeLessThanOrEqual(64);
  });

  it('the home button is the home menu screen', () => {
    expect(HOME_BUTTON).toBe('m:home');
  });

  it('an expiry keeps whole seconds', () => {
    const parsed = parseButton(encodeButton({ kind: 'confirm', ticket: { ...ticket, expires: 1_000_999 } }));
    expect(parsed).toEqual({ kind: 'confirm', ticket: { ...ticket, expires: 1_000_000 } });
  });

  it.each([
    ['no verb', 'zz:abc'],
    ['empty', ''],
    ['a ticket without its owner tag', 'c:abc'],
    ['a ticket with an extra part', `c:abc:${ticket.tag}:vf7lds:more`],
    ['a ticket whose expiry is no number', `x:abc:${ticket.tag}:!`],
    ['a page without a number', 'p:abc:next'],
    ['a page number too long', 'p:abc:12345'],
    ['a run button with arguments', 'run:topup:5'],
    ['a menu screen with a space', 'm:my screen'],
    ['an approval without an id', 'ap:'],
    ['an id too long', `k:${'a'.repeat(33)}`],
  ])('%s is no button', (_name, id) => {
    expect(parseButton(id)).toBeUndefined();
  });
});

describe('the press rule: the owner, or an agent of that support channel', () => {
  const owner = { platform: 'slack' as const, tenant: 'T1', user: 'U1' };
  const agent = { platform: 'slack' as const, tenant: 'T1', user: 'U2' };
  const stranger = { platform: 'slack' as const, tenant: 'T1', user: 'U3' };
  const grouped = { platform: 'slack' as const, tenant: 'T1', user: 'U4', groups: ['S9'] };
  const support = { agents: ['U2'], agentGroup: 'S9' };
  const channel = { id: 'C1', kind: 'shared' as const };
  const other = { id: 'C2', kind: 'shared' as const };
  const at = (identity: Presser['identity'], chat = channel, s: Presser['support'] = support): Presser => ({
    identity,
    chat,
    support: s,
  });
  const personal = { owner: 'slack:T1:U1' };
  const team = { owner: 'slack:T1:U1', agentChannel: 'slack:T1:C1' };

  it.each([
    ['the owner, own button', at(owner), personal, true],
    ['an agent, on a personal button', at(agent), personal, false],
    ['a stranger, on a personal button', at(stranger), personal, false],
    ['the owner, team button', at(owner), team, true],
    ['a named agent, team button', at(agent), team, true],
    ['an agent by user group, team button', at(grouped), team, true],
    ['a stranger, team button', at(stranger), team, false],
    ['an agent, team button of another channel', at(agent, other), team, false],
    ['a named person, where there is no support set-up', { ...at(agent), support: undefined }, team, false],
  ])('%s (pending action): %s', (_name, presser, action, allowed) => {
    expect(mayPress(presser, action)).toBe(allowed);
  });

  it.each([
    ['the owner, own ticket', at(owner), ownerTag('slack:T1:U1'), true],
    ['a stranger, personal ticket', at(stranger), ownerTag('slack:T1:U1'), false],
    ['an agent, personal ticket', at(agent), ownerTag('slack:T1:U1'), false],
    ['a named agent, team ticket', at(agent), ownerTag('slack:T1:C1'), true],
    ['an agent by user group, team ticket', at(grouped), ownerTag('slack:T1:C1'), true],
    ['a stranger, team ticket', at(stranger), ownerTag('slack:T1:C1'), false],
    ['an agent, team ticket of another channel', at(agent, other), ownerTag('slack:T1:C1'), false],
  ])('%s (ticket): %s', (_name, presser, tag, allowed) => {
    expect(mayPress(presser, { tag })).toBe(allowed);
  });
});

describe('the core builds its buttons through the protocol', () => {
  const kinds = (ids: readonly string[]) => ids.map((id) => parseButton(id)?.kind);

  it('the home menu and Back are menu buttons', () => {
    const ids = (withBack(homeReply(en, undefined), en).actions ?? []).map((a) => a.actionId);
    expect(kinds(ids).every((k) => k === 'menu')).toBe(true);
    expect(ids).toContain(HOME_BUTTON);
  });

  it('a page turn names its pending list and the page', () => {
    const rows = Array.from({ length: 45 }, (_, i) => [String(i)]);
    const page = pageOf({ text: 'calls', table: { columns: ['n'], rows } }, 1, {
      pageRows: 20,
      pendingId: 'list1',
      t: en,
      back: false,
      first: false,
    });
    const ids = (page.actions ?? []).map((a) => a.actionId);
    expect(ids.map(parseButton)).toEqual([
      { kind: 'page', id: 'list1', page: 0 },
      { kind: 'page', id: 'list1', page: 2 },
    ]);
  });
});
