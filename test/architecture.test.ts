import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createConsoleChannel } from '../src/adapters/console/console-channel.js';
import { builtInCommands } from '../src/core/commands/index.js';
import {
  type ChannelCapabilities,
  type ChatRef,
  type ClientFactory,
  type CommandSpec,
  type Conversation,
  type Core,
  createCore,
  de,
  defineCommand,
  en,
  type Identity,
  type Messages,
  type Platform,
  PRIVATE_CHAT,
  type Reply,
} from '../src/core/index.js';
import { createMemoryKeyValueStore, createStores, keyringFromKeys } from '../src/store/index.js';
import { fakechatDriver } from './contract/fakechat-driver.js';
import { intakeContract } from './contract/intake.js';
import { promisesContract } from './contract/promises.js';
import { adapterContract } from './contract/scenarios.js';
import { surfacesContract } from './contract/surfaces.js';

/**
 * docs/architecture.md §6 ("Add a command") and §5 ("Add a channel"), followed step by step at
 * test time: a throw-away command `/greet <name>` gets its words in English and German, joins the
 * command table, has its bad-input case, and runs on the console channel and on a channel built
 * here from the documented steps. When a step of the page stops being true (a file moves, the
 * command table gains a required field, a channel needs one more primitive), this test fails.
 */

// Step 1 (§6.1): the command's words, in every catalogue. In the repository: `cmd.greet` in
// src/core/messages/en/commands.ts and de/commands.ts, its replies in the area file they belong to.
interface GreetWords {
  cmd: { greet: { summary: string; usage: string; example: string } };
  greetHello: (name: string) => string;
  vGreetName: string;
}
const words: Record<'en' | 'de', GreetWords> = {
  en: {
    cmd: { greet: { summary: 'Greet someone by name', usage: '/greet <name>', example: '/greet Ada' } },
    greetHello: (name) => `Hello, ${name}!`,
    vGreetName: 'give one name of letters, e.g. /greet Ada',
  },
  de: {
    cmd: { greet: { summary: 'Jemanden mit Namen grüßen', usage: '/greet <Name>', example: '/greet Ada' } },
    greetHello: (name) => `Hallo, ${name}!`,
    vGreetName: 'geben Sie einen Namen aus Buchstaben an, z. B. /greet Ada',
  },
};
for (const [catalogue, own] of [
  [en, words.en],
  [de, words.de],
] as const) {
  Object.assign(catalogue.cmd, own.cmd);
  Object.assign(catalogue, { greetHello: own.greetHello, vGreetName: own.vGreetName });
}
const said = (t: Messages) => t as unknown as GreetWords;

// Step 2 (§6.2): the definition, beside its kind in src/core/commands/. Every field is the table's:
// who may run it, what its replies hold (the delivery rule reads `output`), which credentials it needs.
const greet: CommandSpec = defineCommand({
  name: 'greet',
  args: ({ t }) =>
    z.array(z.string().regex(/^\p{L}{1,40}$/u, said(t).vGreetName)).length(1, said(t).vGreetName),
  summary: (t) => said(t).cmd.greet.summary,
  usage: (t) => said(t).cmd.greet.usage,
  example: (t) => said(t).cmd.greet.example,
  roles: ['holder'],
  output: 'echo',
  needs: 'none',
  // Its place in help is a field of its own definition, like every other list it appears in.
  helpGroup: 'account',
  async handler(ctx) {
    return { text: said(ctx.t).greetHello(ctx.args[0] as string) };
  },
});

// Every file the recipe (§6) has a person touch; this test stands in for each of them.
const RECIPE_FILES = [
  'src/core/messages/en/commands.ts',
  'src/core/messages/de/commands.ts',
  'src/core/commands/',
  'src/core/commands/index.ts',
  'test/core/bad-input.test.ts',
  'docs/',
];

// Step 3 (§6.3): the command table, src/core/commands/index.ts (`builtInCommands`).
function coreWithGreet(): Core {
  const clock = () => new Date('2026-11-24T10:00:00Z');
  const noProvider: ClientFactory = () => {
    throw new Error('/greet needs no provider');
  };
  // The table is one array (help reads it too), so the command joins that array.
  const commands = builtInCommands({ clock });
  commands.push(greet);
  return createCore({
    stores: createStores({ kv: createMemoryKeyValueStore(), keyring: keyringFromKeys(randomBytes(32)) }),
    clientFactory: noProvider,
    commands,
    clock,
    rateLimit: false,
  });
}

const alice: Identity = { platform: 'console', tenant: '', user: 'alice', displayName: 'Alice' };
const privateChat: ChatRef = { id: 'dm', kind: 'private' };

let core: Core;
beforeAll(() => {
  core = coreWithGreet();
});

describe('Add a command (docs/architecture.md §6)', () => {
  it('is in help and in the menus, which are generated from the table', async () => {
    expect(core.commands.map((c) => c.name)).toContain('greet');
    expect(core.menu('private')).toContainEqual({ command: 'greet', description: 'Greet someone by name' });
    expect(core.menu('private', 'de')).toContainEqual({
      command: 'greet',
      description: 'Jemanden mit Namen grüßen',
    });
    const help = await core.handleText({ identity: alice, chat: privateChat, text: '/help greet' });
    expect(JSON.stringify(help)).toContain('/greet <name>');
    // Help's list, grouped by the command's own `helpGroup`: no list in help.ts names it.
    const list = await core.handleText({ identity: alice, chat: privateChat, text: '/help' });
    const group = list.flatMap((r) => r.sections ?? []).find((g) => g.title === en.helpGroupAccount);
    expect(group?.lines.join('\n')).toContain('/greet <name> – Greet someone by name');
    // An assistant's tools (docs/mcp.md §2) come from the same table.
    expect(core.commands.find((c) => c.name === 'greet')?.tools?.length).toBeGreaterThan(0);
  });

  // The files the recipe has a person touch: the test above stands in for each (its words, its
  // definition, the table, its bad-input row), and the page names every one of them, and no other list.
  it('the recipe names every file it touches, and no list kept apart from the definition', () => {
    const page = readFileSync(join(import.meta.dirname, '../docs/architecture.md'), 'utf8');
    const recipe = page.slice(page.indexOf('## 6. Add a command'), page.indexOf('## 7. House rules'));
    for (const file of RECIPE_FILES) expect(recipe).toContain(file);
    expect(recipe).not.toMatch(/HELP_GROUPS|help\.ts/);
  });

  // Step 4 (§6.4): its bad-input case, a row of test/core/bad-input.test.ts, asserted the same way.
  it.each([
    ['/greet', 'Give one name of letters, e.g. /greet Ada.'],
    ['/greet Ada Lovelace', 'Give one name of letters'],
    ['/greet R2D2', 'Give one name of letters'],
  ])('%s names the fix, with usage and an example', async (line, fix) => {
    const replies = await core.handleText({ identity: alice, chat: privateChat, text: line });
    expect(replies).toHaveLength(1);
    expect(replies[0]?.tone).toBe('error');
    expect(replies[0]?.text).toContain(fix);
    expect(replies[0]?.text).toContain('Usage: /greet <name>');
    expect(replies[0]?.text).toContain('Example: /greet Ada');
  });

  it('speaks the asker’s language', async () => {
    const replies = await core.handleText({
      identity: alice,
      chat: privateChat,
      text: '/greet Ada',
      locale: 'de-DE',
    });
    expect(replies.map((r) => r.text)).toEqual(['Hallo, Ada!']);
  });

  it('runs on the console channel (src/adapters/console)', async () => {
    const exportDir = await mkdtemp(join(tmpdir(), 'architecture-'));
    const input = new PassThrough();
    const output = new PassThrough();
    let printed = '';
    output.on('data', (chunk: Buffer) => {
      printed += chunk.toString('utf8');
    });
    const channel = createConsoleChannel({
      core,
      input,
      output,
      interactive: false,
      identity: alice,
      exportDir,
    });
    const running = channel.run();
    input.end('/greet Ada\n/greet\n');
    await running;
    channel.close();
    await rm(exportDir, { recursive: true, force: true });
    expect(printed).toContain('Hello, Ada!');
    expect(printed).toContain('Usage: /greet <name>');
  });
});

// "Add a channel" (§5): a platform of its own, its capabilities declared honestly, the primitives
// of a Conversation, and an entry point that normalises what arrives and hands it to the core.
// The core names no platform: any name registers, without a cast.
const FAKE: Platform = 'fakechat';

// Step 2 (§5.2): what it can do. This one can do nothing but post.
const FAKE_CAN: ChannelCapabilities = {
  showToOne: false,
  deleteIncoming: false,
  deleteLater: false,
  secretForm: false,
  hiddenInput: false,
  edit: false,
  privateWords: PRIVATE_CHAT,
};

interface Sent {
  where: 'chat' | 'private';
  text: string;
}

// Step 3 (§5.3): the primitives, each one platform call; none decides who sees what.
function fakeConversation(kind: 'private' | 'shared', sent: Sent[]): Conversation {
  const record = (where: Sent['where'], reply: Reply) => {
    sent.push({ where, text: [reply.title, reply.text].filter(Boolean).join('\n') });
    return Promise.resolve(undefined);
  };
  return {
    platform: FAKE,
    can: FAKE_CAN,
    kind,
    post: (reply) => record('chat', reply),
    showToActor: () => Promise.resolve(false),
    postPrivately: (reply) => record('private', reply),
    editPressed: () => Promise.resolve(false),
    deleteIncoming: () => Promise.resolve(false),
    upload: () => Promise.resolve(),
  };
}

// Step 4 (§5.4): the entry point: open the core's door once, then hand each request to it (the
// delivery id, the conversation, and an enrich() that normalises it); the door claims, decides and delivers.
let delivery = 0;
async function onFakeMessage(text: string, chat: ChatRef, user = 'u1'): Promise<Sent[]> {
  const sent: Sent[] = [];
  const identity: Identity = { platform: FAKE, tenant: '', user };
  const door = core.register({ name: FAKE, logger: { info() {}, warn() {}, error() {} } });
  await door.receive({
    deliveryId: `${FAKE}:${++delivery}`,
    conversation: fakeConversation(chat.kind, sent),
    enrich: async () => ({ text: { identity, chat, text, via: 'command', can: FAKE_CAN } }),
  });
  return sent;
}

describe('Add a channel (docs/architecture.md §5)', () => {
  it('runs the new command in a private chat', async () => {
    expect(await onFakeMessage('/greet Ada', { id: 'p1', kind: 'private' })).toEqual([
      { where: 'chat', text: 'Hello, Ada!' },
    ]);
  });

  it('in a shared chat, a command that only echoes what was typed there answers there', async () => {
    expect(await onFakeMessage('/greet Ada', { id: 'g1', kind: 'shared' })).toEqual([
      { where: 'chat', text: 'Hello, Ada!' },
    ]);
  });

  it('in a shared chat, personal data goes privately and the chat is told where it went', async () => {
    const sent = await onFakeMessage('/accounts', { id: 'g1', kind: 'shared' });
    expect(sent.some((s) => s.where === 'private')).toBe(true);
    expect(
      sent
        .filter((s) => s.where === 'chat')
        .map((s) => s.text)
        .join('\n'),
    ).not.toMatch(/demo/);
  });
});

// §5.6: its driver in test/contract/, so every contract scenario runs on it: the whole suite, on a
// channel the core has never heard of, with no change under src/core.
const fakechatOnly = { shared: false, deletes: false, mentions: false, shortcuts: false, forms: false };
adapterContract('fakechat', fakechatDriver, { shared: false, deletes: false, thread: false });
promisesContract('fakechat', fakechatDriver, fakechatOnly);
surfacesContract('fakechat', fakechatDriver, fakechatOnly);
intakeContract('fakechat', fakechatDriver);

// The core in layers (docs/architecture.md §1): the dispatcher imports no job; the jobs are clients
// of the core, as channels are, and the composition root wires what they record (a call card).
describe('The core in layers', () => {
  it('the dispatcher imports nothing of the proactive jobs', () => {
    const dir = join(import.meta.dirname, '../src/core/dispatch');
    const offenders = readdirSync(dir)
      .filter((f) => f.endsWith('.ts'))
      .filter((f) => /from '\.\.\/proactive\//.test(readFileSync(join(dir, f), 'utf8')));
    expect(offenders).toEqual([]);
  });
});

afterAll(() => {
  for (const catalogue of [en, de] as Record<string, unknown>[]) {
    delete (catalogue.cmd as Record<string, unknown>).greet;
    delete catalogue.greetHello;
    delete catalogue.vGreetName;
  }
});
