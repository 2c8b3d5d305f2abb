import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PRIVATE_CHAT } from '../../src/core/delivery/capabilities.js';
import { DeliveryExecutor } from '../../src/core/delivery/delivery-executor.js';
import type { ChannelCapabilities, Conversation, ReplyForm } from '../../src/core/ports/channel.js';
import type { SendFailedEvent } from '../../src/core/ports/metrics.js';
import { SendFailedError, type SendFailure } from '../../src/core/ports/notify.js';
import type { PlacedReply, Reply } from '../../src/core/reply.js';

/**
 * The order of the forms and places on the road out, decided from what each send reports
 * (docs/reliability.md §2.4): refused → the plainer form, then (for one person) the private chat
 * with a note where it was asked; unknown → nothing more, one log line and a counter.
 */
const CAN: ChannelCapabilities = {
  showToOne: true,
  deleteIncoming: true,
  deleteLater: true,
  secretForm: false,
  hiddenInput: false,
  edit: true,
  privateWords: PRIVATE_CHAT,
};

type Script = Partial<Record<string, SendFailure>>;

/** A conversation whose sends fail as `script` says, per `primitive:form`; it records every attempt. */
function scripted(script: Script) {
  const calls: string[] = [];
  const attempt =
    (primitive: string) =>
    async (r: Reply, form: ReplyForm = 'rich') => {
      const key = `${primitive}:${form}`;
      calls.push(`${key}:${r.text ?? ''}`);
      const failure = script[key];
      if (failure) throw new SendFailedError(failure, failure === 'refused' ? '404' : '5xx');
    };
  const conv: Conversation = {
    platform: 'telegram',
    can: CAN,
    kind: 'shared',
    post: async (r, form) => {
      await attempt('post')(r, form);
      return undefined;
    },
    showToActor: async (r, form) => {
      await attempt('one')(r, form);
      return true;
    },
    postPrivately: async (r, form) => {
      await attempt('private')(r, form);
      return undefined;
    },
    editPressed: async (r, form) => {
      await attempt('edit')(r, form);
      return true;
    },
    showInPlace: async (r, form) => {
      await attempt('inplace')(r, form);
      return true;
    },
    deleteIncoming: async () => true,
    upload: async () => {},
  };
  return { conv, calls };
}

function executorWithCounter() {
  const counted: SendFailedEvent[] = [];
  const logged: string[] = [];
  const log = (_: object, msg?: string) => logged.push(msg ?? '');
  const executor = new DeliveryExecutor({
    logger: { debug() {}, info() {}, warn: log, error: log },
    metrics: { commandFinished() {}, claimUnsettled() {}, sendFailed: (e) => counted.push(e) },
  });
  return { executor, counted, logged };
}

const table: Pick<Reply, 'table'> = { table: { columns: ['a'], rows: [['1']] } };
const reply = (audience: 'chat' | 'actor', extra: Partial<Reply> = {}): PlacedReply => ({
  text: 'answer',
  audience,
  visibility: audience === 'chat' ? 'public' : 'personal',
  ...extra,
});

describe('the forms of one reply, from what each send reports', () => {
  it('refused rich → the plain form, in the same place', async () => {
    const { conv, calls } = scripted({ 'post:rich': 'refused' });
    const { executor, counted } = executorWithCounter();
    await executor.replies(conv, [reply('chat', table)]);
    expect(calls).toEqual(['post:rich:answer', 'post:plain:answer']);
    expect(counted).toEqual([{ platform: 'telegram', primitive: 'post', report: 'refused', reason: '404' }]);
  });

  it('a reply without a richer form is not sent twice in the same form', async () => {
    const { conv, calls } = scripted({ 'post:rich': 'refused' });
    const { executor } = executorWithCounter();
    await executor.replies(conv, [reply('chat')]);
    expect(calls).toEqual(['post:rich:answer']);
  });

  it('refused for one person in every form → the private chat, and a note where it was asked', async () => {
    const { conv, calls } = scripted({ 'one:rich': 'refused', 'one:plain': 'refused' });
    const { executor } = executorWithCounter();
    await executor.replies(conv, [reply('actor', table)]);
    expect(calls.slice(0, 3)).toEqual(['one:rich:answer', 'one:plain:answer', 'private:rich:answer']);
    // The note: shown to them alone is refused too, so it is posted in the chat.
    expect(calls.slice(3).map((c) => c.split(':').slice(0, 2).join(':'))).toEqual(['one:rich', 'post:rich']);
  });

  it.each([
    ['post', 'chat'],
    ['one', 'actor'],
  ] as const)(
    'unknown on %s → never sent again, anywhere; one log line, one count',
    async (primitive, audience) => {
      const { conv, calls } = scripted({ [`${primitive}:rich`]: 'unknown' });
      const { executor, counted, logged } = executorWithCounter();
      await executor.replies(conv, [reply(audience, table)]);
      expect(calls).toEqual([`${primitive}:rich:answer`]);
      expect(counted).toHaveLength(1);
      expect(counted[0]?.report).toBe('unknown');
      expect(logged).toEqual(['delivery: no answer to a send; not sent again (it may have been posted)']);
    },
  );

  it('first() (the Outbox) still learns of a send that failed in every form', async () => {
    const { conv } = scripted({ 'post:rich': 'refused', 'post:plain': 'refused' });
    const { executor } = executorWithCounter();
    await expect(executor.first(conv, reply('chat', table))).rejects.toMatchObject({ code: 'SEND_FAILED' });
  });

  // The pressed message's edit (a page turned, an ephemeral one too) and the outcome in place of it
  // take the same order of forms: the adapter no longer decides a fallback of its own.
  it('a page turn whose rich edit is refused is edited again in the plain form, and counted', async () => {
    const { conv, calls } = scripted({ 'edit:rich': 'refused' });
    const { executor, counted } = executorWithCounter();
    await executor.outcome(conv, { update: reply('chat', table) });
    expect(calls).toEqual(['edit:rich:answer', 'edit:plain:answer']);
    expect(counted).toEqual([
      { platform: 'telegram', primitive: 'editPressed', report: 'refused', reason: '404' },
    ]);
  });

  it('a page turn refused in every form is posted anew; one without an answer is not', async () => {
    const refused = scripted({ 'edit:rich': 'refused', 'edit:plain': 'refused' });
    await executorWithCounter().executor.outcome(refused.conv, { update: reply('chat', table) });
    expect(refused.calls).toEqual(['edit:rich:answer', 'edit:plain:answer', 'post:rich:answer']);
    const unknown = scripted({ 'edit:rich': 'unknown' });
    const { executor, counted } = executorWithCounter();
    await executor.outcome(unknown.conv, { update: reply('chat', table) });
    expect(unknown.calls).toEqual(['edit:rich:answer']);
    expect(counted.map((c) => [c.primitive, c.report])).toEqual([['editPressed', 'unknown']]);
  });

  it('an outcome in place for the presser alone: refused → plain form, then shown to them; unknown → nothing', async () => {
    const refused = scripted({ 'inplace:rich': 'refused', 'inplace:plain': 'refused' });
    await executorWithCounter().executor.outcome(refused.conv, { update: reply('actor', table) });
    expect(refused.calls).toEqual(['inplace:rich:answer', 'inplace:plain:answer', 'one:rich:answer']);
    const unknown = scripted({ 'inplace:rich': 'unknown' });
    await executorWithCounter().executor.outcome(unknown.conv, { update: reply('actor', table) });
    expect(unknown.calls).toEqual(['inplace:rich:answer']);
  });

  it('every send, edit and showing in place the core makes takes the form from the order of forms', () => {
    // One rule, one place: a primitive called anywhere in the core without the `form` inForms hands
    // it (a new sibling's own fallback, or none) fails here. The Outbox's own `edit` is not a primitive.
    const primitive = /\.(post|showToActor|postPrivately|editPressed|showInPlace|edit)\(([^()]*)\)/g;
    const offenders: string[] = [];
    for (const file of sourcesUnder('src/core')) {
      for (const [i, line] of readFileSync(file, 'utf8').split('\n').entries()) {
        for (const m of line.matchAll(primitive))
          if (!/outbox/.test(line) && !/(^|, )form$/.test(m[2] ?? '')) offenders.push(`${file}:${i + 1}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? sourcesUnder(join(dir, d.name)) : d.name.endsWith('.ts') ? [join(dir, d.name)] : [],
  );
}
