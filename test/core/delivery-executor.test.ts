import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PRIVATE_CHAT } from '../../src/core/delivery/capabilities.js';
import { DeliveryExecutor, spotOf } from '../../src/core/delivery/delivery-executor.js';
import type { ChannelWords } from '../../src/core/messages.js';
import type {
  ChannelCapabilities,
  Conversation,
  PrivateWords,
  SecretAsk,
} from '../../src/core/ports/channel.js';
import type { Audience, PlacedReply, Reply } from '../../src/core/reply.js';

/**
 * The one executor (docs/architecture.md §8.3.3) over a recording conversation: which primitive each
 * placed reply becomes, by audience × chat kind × capability. A new capability adds a row here.
 */
const NONE: ChannelCapabilities = {
  showToOne: false,
  deleteIncoming: false,
  deleteLater: false,
  secretForm: false,
  hiddenInput: false,
  edit: false,
  privateWords: PRIVATE_CHAT,
};
/** A channel's own words for its private conversation (ports/channel.ts `privateWords`), as an adapter keeps them. */
const DM: PrivateWords = {
  sentToYou: () => 'I sent that to you in a direct message.',
  sentTo: (name) => `${name}, I sent that to you in a direct message.`,
  fileSentTo: (file) => `I sent ${file} to you in a direct message.`,
  cantReach: (name) => `${name}, I can't send you a direct message yet.`,
};
const DIRECT_MESSAGE: ChannelWords<PrivateWords> = { en: DM, de: DM };
const SLACK_LIKE = {
  ...NONE,
  showToOne: true,
  secretForm: true,
  edit: true,
  privateWords: DIRECT_MESSAGE,
};
const TELEGRAM_LIKE = { ...NONE, deleteIncoming: true, deleteLater: true, edit: true };

function recording(
  kind: 'private' | 'shared',
  can: ChannelCapabilities,
  opts: { unreachable?: boolean } = {},
) {
  const calls: string[] = [];
  const said = (what: string) => (r: Reply) => {
    calls.push(`${what}:${r.text ?? r.file?.name ?? ''}`);
  };
  const conv: Conversation = {
    platform: 'console',
    can,
    kind,
    post: async (r) => {
      said('post')(r);
      return { platform: 'console', tenant: '', chatId: 'c', messageId: String(calls.length) };
    },
    showToActor: async (r) => {
      said('one')(r);
      return true;
    },
    postPrivately: async (r) => {
      said('private')(r);
      return opts.unreachable ? 'unreachable' : undefined;
    },
    editPressed: async (r) => {
      said('edit')(r);
      return can.edit;
    },
    deleteIncoming: async () => {
      calls.push('delete');
      return true;
    },
    upload: async (file, where) => {
      calls.push(`upload-${where}:${file.name}`);
    },
    askSecret: async (ask: SecretAsk) => {
      calls.push(`form:${ask.form}`);
      return true;
    },
  };
  return { conv, calls };
}

const placed = (text: string, audience: Audience, extra: Partial<PlacedReply> = {}): PlacedReply => ({
  text,
  audience,
  visibility: audience === 'chat' ? 'public' : 'personal',
  ...extra,
});
const executor = new DeliveryExecutor({ logger: { debug() {}, info() {}, warn() {}, error() {} } });

describe('spotOf: where one reply goes', () => {
  it.each([
    ['private', 'actor', NONE, 'chat'],
    ['private', 'private', SLACK_LIKE, 'chat'],
    ['shared', 'chat', NONE, 'chat'],
    ['shared', 'actor', SLACK_LIKE, 'one'],
    ['shared', 'actor', TELEGRAM_LIKE, 'private'],
    ['shared', 'private', SLACK_LIKE, 'private'],
    ['shared', 'private', TELEGRAM_LIKE, 'private'],
  ] as const)('%s chat, audience %s → %s', (kind, audience, can, spot) => {
    expect(spotOf({ kind, can }, audience)).toBe(spot as string);
  });
});

describe('the executor', () => {
  it('deletes a secret’s message only where the channel can', async () => {
    for (const [can, deletes] of [
      [TELEGRAM_LIKE, true],
      [SLACK_LIKE, false],
    ] as const) {
      const { conv, calls } = recording('shared', can);
      await executor.replies(conv, [placed('ok', 'actor', { deleteIncoming: true })]);
      expect(calls.includes('delete')).toBe(deletes);
    }
  });

  it('an answer for the actor in a group without ephemeral goes privately, and the group is told once', async () => {
    const { conv, calls } = recording('shared', TELEGRAM_LIKE);
    await executor.replies(conv, [placed('a', 'actor'), placed('b', 'private')]);
    expect(calls.slice(0, 2)).toEqual(['private:a', 'private:b']);
    expect(calls).toHaveLength(3);
    expect(calls.at(-1)).toMatch(/^post:.*private chat/);
  });

  it('a blocked private chat: the rest is not tried, and the group gets a way to open it', async () => {
    const { conv, calls } = recording('shared', TELEGRAM_LIKE, { unreachable: true });
    await executor.replies(conv, [placed('a', 'actor'), placed('b', 'actor')]);
    expect(calls.filter((c) => c.startsWith('private'))).toHaveLength(1);
    expect(calls.at(-1)).toMatch(/^post:.*can't write to you privately/);
  });

  it('a file is never ephemeral: shown to one, it goes to the private conversation, and they are told', async () => {
    const { conv, calls } = recording('shared', SLACK_LIKE);
    const file = { name: 'calls.csv', mimeType: 'text/csv', content: 'a' };
    await executor.replies(conv, [placed('list', 'actor', { file })]);
    expect(calls).toEqual([
      'one:list',
      'upload-private:calls.csv',
      'one:I sent calls.csv to you in a direct message.',
    ]);
  });

  it('a secret is asked in the channel’s form where it has one, else by message', async () => {
    const slack = recording('private', SLACK_LIKE);
    await executor.replies(slack.conv, [placed('password?', 'chat', { asksSecret: 'link-account' })]);
    expect(slack.calls).toEqual(['form:link-account']);
    const tg = recording('private', TELEGRAM_LIKE);
    await executor.replies(tg.conv, [placed('password?', 'chat', { asksSecret: 'link-account' })]);
    expect(tg.calls).toEqual(['post:password?']);
  });

  it('a press: the update replaces the message, the notice is not said twice', async () => {
    const { conv, calls } = recording('shared', SLACK_LIKE);
    await executor.outcome(conv, { notice: 'Done.', update: placed('Done.', 'chat') });
    expect(calls).toEqual(['edit:Done.']);
    const other = recording('shared', SLACK_LIKE);
    await executor.outcome(other.conv, { notice: 'Saved.', update: placed('Card blocked.', 'chat') });
    expect(other.calls).toEqual(['edit:Card blocked.', 'one:Saved.']);
  });

  it('a press whose update is for the actor alone, without ephemeral: sent privately, the pressed message says where', async () => {
    const { conv, calls } = recording('shared', TELEGRAM_LIKE);
    await executor.outcome(conv, { update: placed('PIN 1234', 'private') });
    expect(calls[0]).toBe('private:PIN 1234');
    expect(calls[1]).toMatch(/^edit:.*private chat/);
  });

  it.each([
    [
      'the core’s private chat',
      PRIVATE_CHAT,
      /^post:.*I sent the answer to our private chat/,
      /^post:.*can't write to you privately/,
    ],
    [
      'its own direct message',
      DIRECT_MESSAGE,
      /^post:.*I sent that to you in a direct message/,
      /^post:.*can't send you a direct message/,
    ],
  ] as const)(
    'points people to the private conversation in the words the channel declares (%s)',
    async (_name, words, sent, blocked) => {
      const can = { ...TELEGRAM_LIKE, privateWords: words };
      const told = recording('shared', can);
      await executor.replies(told.conv, [placed('a', 'actor')]);
      expect(told.calls.at(-1)).toMatch(sent);
      const unreachable = recording('shared', can, { unreachable: true });
      await executor.replies(unreachable.conv, [placed('a', 'actor')]);
      expect(unreachable.calls.at(-1)).toMatch(blocked);
    },
  );

  it('knows no platform: its words come from the channel’s declaration', () => {
    const source = readFileSync(
      fileURLToPath(import.meta.resolve('../../src/core/delivery/delivery-executor.ts')),
      'utf8',
    );
    expect(source).not.toMatch(/\.platform ===|'slack'|'telegram'|\.slack\.|\.telegram\./);
  });
});
