import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorReply, NotLinkedError, UserFacingError } from '../../src/core/delivery/error-replies.js';
import type { ChatRef, Identity } from '../../src/core/identity.js';
import { catalogues, de, en, type Language } from '../../src/core/messages.js';
import type { Reply } from '../../src/core/reply.js';
import {
  AuthenticationError,
  ClockSkewError,
  ForbiddenError,
  InvalidInputError,
  InvalidPinError,
  MissingCredentialsError,
  NoCallingCardError,
  NotFoundError,
  OutcomeUnknownError,
  ProviderError,
  ResponseShapeError,
  TimeoutError,
  TransportError,
} from '../../src/telephony/errors.js';
import { foreignFragments, leaks, outcomeReplies, readable } from '../helpers/catalogue-leaks.js';
import { channelsWithWords, channelWordsIn } from '../helpers/channel-words.js';
import { alice, type CoreHarness, group, groupAsAdmin, privateChat, startCore } from './core-harness.js';

/**
 * docs/language.md §1.1: every command of the command table, and every error path of the core's
 * error replies, in German shows no English catalogue string and no missing key; the same for
 * English. Buttons are pressed too, so confirmations and their outcomes are covered.
 */

const NOW = new Date('2026-11-13T12:00:00Z');
let h: CoreHarness;

beforeAll(async () => {
  h = await startCore({ clock: () => NOW });
});

afterAll(async () => {
  await h.close();
});

/** Entries that read the same in both languages: product words, command syntax, data formats. */
const SHARED = [
  'cmd.start.usage',
  'cmd.start.example',
  'cmd.help.example',
  'cmd.link.example',
  'cmd.assistants.example',
  'cmd.cancel.usage',
  'cmd.cancel.example',
  'cmd.accounts.usage',
  'cmd.accounts.example',
  'cmd.balance.usage',
  'cmd.balance.example',
  'cmd.rate.example',
  'cmd.check.example',
  'cmd.cdr.example',
  'cmd.numbers.usage',
  'cmd.numbers.example',
  'cmd.target.usage',
  'cmd.target.example',
  'cmd.lines.usage',
  'cmd.lines.example',
  'cmd.call.usage',
  'cmd.call.example',
  'cmd.hangup.example',
  'cmd.topup.usage',
  'cmd.topup.example',
  'cmd.team.usage',
  'cmd.team.example',
  'cmd.card.example',
  'cmd.groupdata.usage',
  'cmd.groupdata.example',
  'cmd.audit.example',
  'cmd.language.usage',
  'cmd.timezone.example',
  'fieldPin',
  'slack.pin',
  'teams.pin',
  // The agent view's prompts send commands, which are the same in both languages; the audit names
  // the surface as a record's command does.
  'slack.agentView.prompts.0.message',
  'slack.agentView.prompts.1.message',
  'slack.agentView.prompts.2.message',
  'slack.agentView.audit',
  'slack.workObject.link',
  'colServer',
  'colTransport',
  'colCallthrough',
  'cmd.menu.usage',
  'cmd.menu.example',
  'pagePrevious',
  'pageNext',
  'cmd.alert.example',
  'cmd.spend.example',
  'cmd.digest.usage',
  'cmd.digest.example',
  // The money guard: the example names the English keywords; "Limits" is German too.
  'cmd.approvals.example',
  'limitButton',
  // `+49… → +49…`: numbers and an arrow.
  'callReportEnded',
];

/** Each leaf as [path, text]; a function is called with markers for its arguments. */
function leafValues(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (typeof value === 'function') {
    try {
      const r = (value as (...a: unknown[]) => unknown)('\u0001', '\u0001', '\u0001', '\u0001');
      return typeof r === 'string' ? [[path, r]] : [];
    } catch {
      return [];
    }
  }
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => leafValues(v, path ? `${path}.${k}` : k));
  return [];
}

function keysOf(value: unknown, path = ''): string[] {
  if (value && typeof value === 'object' && !Array.isArray(value))
    return Object.entries(value).flatMap(([k, v]) => keysOf(v, path ? `${path}.${k}` : k));
  return [`${path}:${typeof value}`];
}

/** The core's catalogue and every channel's own words (adapters/<name>/words/), as one tree. */
const everyWord = (language: Language) => ({ ...catalogues[language], ...channelWordsIn(language) });

describe('the catalogues', () => {
  it('have the same keys, each of the same kind (a missing German key also fails the type check)', () => {
    expect(keysOf(de)).toEqual(keysOf(en));
    // The channels' own words too, each kept by its adapter (docs/language.md §1.2).
    expect(channelsWithWords).toEqual(expect.arrayContaining(['console', 'slack', 'telegram']));
    expect(keysOf(everyWord('de'))).toEqual(keysOf(everyWord('en')));
    // Record-typed entries (card states, verbs, outcomes) too: nothing falls back silently.
    expect(Object.keys(de.cardVerbs).sort()).toEqual(Object.keys(en.cardVerbs).sort());
  });

  it('differ: a German entry equal to the English one is a word both languages share, listed here', () => {
    const english = leafValues(everyWord('en'));
    const same = leafValues(everyWord('de')).filter(
      ([path, v]) => english.find(([p]) => p === path)?.[1] === v,
    );
    expect(same.map(([path]) => path).sort()).toEqual(SHARED.sort());
  });

  it('differ: German is not English copied over', () => {
    expect(foreignFragments('de').length).toBeGreaterThan(300);
    expect(foreignFragments('en').length).toBeGreaterThan(300);
  });

  it('the leak finder finds an English label in a German reply (it can fail)', () => {
    const reply: Reply = { title: de.balanceTitle, fields: [{ label: en.fieldCustomer, value: 'Demo' }] };
    expect(leaks('de', readable([reply]).parts)).toEqual(['"Customer"']);
    expect(leaks('en', readable([{ text: de.errUnavailable }]).parts)).not.toEqual([]);
    expect(leaks('de', ['Balance: undefined'])).not.toEqual([]);
  });
});

/** The lines a user in `lang` sends: every command's example, a bad form, and its help page. */
function linesFor(lang: Language, commands: readonly string[]): [string, ChatRef][] {
  const t = catalogues[lang];
  const lines: [string, ChatRef][] = [];
  for (const name of commands) {
    const chat = name === 'groupdata' || name === 'audit' ? groupAsAdmin : privateChat;
    // The /language example would switch the language under test: it sets this one again.
    const example =
      name === 'language'
        ? `/language ${lang}`
        : ((t.cmd as Record<string, { example: string }>)[name]?.example ?? `/${name}`);
    lines.push([example, chat], [`/${name} x y z`, chat], [`/help ${name}`, privateChat]);
    // Private-only and group-only refusals (a bare /unlink would unlink the account under test).
    if (name !== 'unlink') lines.push([`/${name}`, name === 'groupdata' ? privateChat : group]);
  }
  const extra = [
    '/rate 030 1234567',
    '/rate abc',
    '/rate +49123',
    '/rate +49 30 1234567 +43 1 234567 +1 212 5550100',
    '/call +49 30 1234567',
    '/call +49 30 1234567 +49 176 1234567',
    '/hangup',
    '/hangup nosuchcall',
    '/topup 1000000001',
    '/topup 9999999999',
    '/topup',
    `/cdrs ${lang === 'de' ? 'gestern heute' : 'yesterday today'}`,
    '/cdrs 01.11.2026 13.11.2026 csv',
    '/cdrs 01.01.2020 02.01.2020',
    '/cdrs today 7d',
    '/cdrs 0',
    '/cdrs 2026-13-01',
    '/cdrs 1d 2d 3d',
    '/callshop 01.11.2026 13.11.2026',
    '/card show +49 170 12345678',
    '/card show +49 170 00000000',
    '/card create +49 176 5550001 25 Max',
    '/card block +49 170 12345678',
    '/card unblock +49 170 12345678',
    '/card disable +49 170 12345678',
    '/card renumber +49 170 12345678 +49 170 12345679',
    '/card activate +49 170 12345678 1234',
    '/card show',
    '/card fly',
    '/card create +4917099999999 200000',
    '/check +49 30 1234567',
    '/check +999 1234567',
    '/numbers',
    '/target +49 170 1234567 +43 1 234567',
    '/accounts',
    '/use nosuch',
    '/unlink nosuch',
    '/timezone',
    '/timezone Berlin',
    '/timezone Europe/Berlin',
    '/language',
    '/help',
    '/help nosuch',
    '/start',
    '/start link',
    '/balanse',
    '/xyzzy',
    'hello',
  ];
  for (const line of extra) lines.push([line, privateChat]);
  lines.push(
    ['/balance', group],
    ['/groupdata on', groupAsAdmin],
    ['/balance', group],
    ['/groupdata off', groupAsAdmin],
  );
  lines.push(['/audit 5', groupAsAdmin], ['/groupdata on', group]);
  return lines;
}

async function runAll(
  lang: Language,
  as: Identity,
  locale: string,
): Promise<{ seen: number; found: string[] }> {
  const found: string[] = [];
  let seen = 0;
  const check = (line: string, replies: Reply[]) => {
    const { parts } = readable(replies);
    seen += parts.length;
    for (const leak of leaks(lang, parts)) found.push(`${line}: ${leak}`);
  };
  for (const [line, chat] of linesFor(
    lang,
    h.stack.core.commands.map((c) => c.name),
  )) {
    const replies = await h.stack.core.handleText({ identity: as, chat, text: line, locale });
    check(line, replies);
    // Press every button: confirmations, their outcomes, and hang-up.
    for (const action of replies.flatMap((r) => r.actions ?? [])) {
      const outcome = await h.stack.core.handleAction({
        identity: as,
        chat,
        actionId: action.actionId,
        locale,
      });
      check(`${line} [${action.label}]`, outcomeReplies(outcome));
    }
    // Pressing a used button again.
    const first = replies.flatMap((r) => r.actions ?? [])[0];
    if (first) {
      const again = await h.stack.core.handleAction({ identity: as, chat, actionId: first.actionId, locale });
      check(`${line} [again]`, outcomeReplies(again));
    }
  }
  // The linking conversation, end to end, and its refusals.
  const { displayName: _named, ...unnamed } = as;
  const newcomer: Identity = { ...unnamed, user: `${as.user}-new` };
  for (const [text, chat] of [
    ['/balance', privateChat],
    ['/card show +49 170 12345678', privateChat],
    ['/link', privateChat],
    ['/cancel', privateChat],
    ['/cancel', privateChat],
    ['/link', privateChat],
    ['demo', privateChat],
    ['wrong-password', privateChat],
    ['/link card', privateChat],
    ['cards', privateChat],
    ['cards', privateChat],
    ['/link demo', privateChat],
    ['demo', group],
    ['/link', privateChat],
    ['x'.repeat(300), privateChat],
  ] as const) {
    check(text, await h.stack.core.handleText({ identity: newcomer, chat, text, locale }));
  }
  check('core.link', [
    await h.stack.core.link({
      identity: newcomer,
      chat: group,
      username: 'demo',
      password: 'demo',
      kind: 'account',
      locale,
    }),
  ]);
  check('core.link bad', [
    await h.stack.core.link({
      identity: newcomer,
      chat: privateChat,
      username: 'a b',
      password: 'x',
      kind: 'account',
      locale,
    }),
  ]);
  check('setup', [
    await h.stack.core.setupSupportChannel({
      identity: newcomer,
      chat: privateChat,
      account: { username: 'demo', password: 'demo' },
      agents: [],
      locale,
    }),
  ]);
  return { seen, found };
}

describe.each([
  ['de', 'de-DE'],
  ['en', 'en-US'],
] as const)('every command in %s', (lang, locale) => {
  it(`shows no string of the other catalogue and no missing key`, { timeout: 120_000 }, async () => {
    const as: Identity = { ...alice, user: `alice-${lang}` };
    await h.stack.linkDemo(as);
    const { seen, found } = await runAll(lang, as, locale);
    expect(found).toEqual([]);
    expect(seen).toBeGreaterThan(400);
  });

  it('the platform menus and the help for every command', () => {
    const t = catalogues[lang];
    for (const scope of ['private', 'shared'] as const) {
      const menu = h.stack.core.menu(scope, lang);
      expect(menu.length).toBeGreaterThan(10);
      expect(
        leaks(
          lang,
          menu.map((m) => m.description),
        ),
      ).toEqual([]);
    }
    expect(h.stack.core.menu('private', lang).find((m) => m.command === 'balance')?.description).toBe(
      t.cmd.balance.summary,
    );
  });

  it('every error path of the core error replies', () => {
    const t = catalogues[lang];
    const errors: unknown[] = [
      new NotLinkedError('account'),
      new NotLinkedError('card'),
      new UserFacingError(t.linkFailedAuth),
      new InvalidInputError('rates', 'number', 'the number is empty'),
      new OutcomeUnknownError('topup', { cause: new Error('socket hang up') }),
      new InvalidPinError('topup', 1200, 'invalid pin', 200),
      new NoCallingCardError('topup', 1201, 'no calling card', 200),
      new ClockSkewError('account', 1011, 'time', 200),
      new AuthenticationError('account', 1001, 'auth', 200),
      new NotFoundError('show', 1001, 'not found', 200),
      new ForbiddenError('blockcard', 403, 'card is blocked', 200),
      new MissingCredentialsError('show', 'card'),
      new MissingCredentialsError('account', 'account'),
      new ProviderError('account', 504, 'gateway', 200),
      new ProviderError('account', 1500, 'Wartung', 200),
      new TimeoutError('account', 5000),
      new TransportError('account', 'too many', { httpStatus: 429 }),
      new TransportError('account', 'refused', {}),
      new ResponseShapeError('account', ['balance: expected string']),
      new Error('boom'),
    ];
    const found: string[] = [];
    for (const err of errors) {
      for (const card of [false, true]) {
        const { reply } = errorReply(err, { t, card, cli: card ? '4917012345678' : undefined, ref: 'ab12' });
        for (const leak of leaks(lang, readable([reply]).parts))
          found.push(`${(err as Error).name}: ${leak}`);
      }
    }
    expect(found).toEqual([]);
  });
});

describe('/language', () => {
  it('is stored per user and wins over the platform hint; the answer speaks the new language', async () => {
    const as: Identity = { ...alice, user: 'alice-switch' };
    await h.stack.linkDemo(as);
    const set = await h.send('/language de', { as, locale: 'en-US' });
    expect(set.text).toBe(de.languageSet('Deutsch'));
    const balance = await h.send('/balance', { as, locale: 'en-US' });
    expect(balance.text).toMatch(/Guthaben: \d+,\d\d\s€/);
    expect(balance.text).toContain(`${de.fieldCustomer}: `);
    const back = await h.send('/language en', { as, locale: 'de' });
    expect(back.text).toBe(en.languageSet('English'));
    expect((await h.send('/balance', { as, locale: 'de' })).text).toMatch(/Balance: €\d+\.\d\d\n/);
    expect((await h.send('/language', { as, locale: 'de' })).text).toContain('(you chose it)');
  });

  it('without a choice, the platform hint decides: Telegram language_code, Slack locale, LANG', async () => {
    const as: Identity = { ...alice, user: 'alice-hint' };
    await h.stack.linkDemo(as);
    expect((await h.send('/balance', { as, locale: 'de-AT' })).text).toMatch(/Guthaben: €\s\d+,\d\d\n/);
    expect((await h.send('/balance', { as, locale: 'de_DE.UTF-8' })).text).toMatch(/Guthaben: \d+,\d\d\s€\n/);
    expect((await h.send('/balance', { as, locale: 'fr-FR' })).text).toMatch(/Balance: €\d+\.\d\d\n/);
    expect((await h.send('/balance', { as, locale: 'C' })).text).toMatch(/Balance: €\d+\.\d\d\n/);
    expect((await h.send('/language', { as, locale: 'de' })).text).toContain('(aus Ihren App-Einstellungen)');
  });
});
